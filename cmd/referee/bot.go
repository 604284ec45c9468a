package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"impulse/bot"
	"impulse/bot/csb"
	"impulse/bot/fb"
)

// builtin is a bot compiled into the referee: a game's bot with a
// strategy.
type builtin struct {
	doc      string
	strategy string
	config   func() gameConfig // a new setting of the game's bot
}

// gameConfig is a game's bot setting: bot.Config, the game's own flags
// (search settings, evaluation weights) and a game played with it.
type gameConfig interface {
	base() *bot.Config
	RegisterFlags(fs *flag.FlagSet)
	run(in io.Reader, out, log io.Writer) error
}

type csbConfig struct{ csb.Config }

func (c *csbConfig) base() *bot.Config { return &c.Config.Config }
func (c *csbConfig) run(in io.Reader, out, log io.Writer) error {
	return csb.Run(in, out, log, c.Config)
}

type fbConfig struct{ fb.Config }

func (c *fbConfig) base() *bot.Config { return &c.Config.Config }
func (c *fbConfig) run(in io.Reader, out, log io.Writer) error {
	return fb.Run(in, out, log, c.Config)
}

func csbBuiltin(strategy, doc string) builtin {
	return builtin{doc, strategy, func() gameConfig { return new(csbConfig) }}
}

func fbBuiltin(strategy, doc string) builtin {
	return builtin{doc, strategy, func() gameConfig { return new(fbConfig) }}
}

// builtins are the bots "referee bot NAME" runs, by game/strategy.
var builtins = map[string]builtin{
	"csb/ga":       csbBuiltin(bot.StrategyGA, "Coders Strike Back: genetic search over both pods' plans (the project's best)"),
	"csb/beam":     csbBuiltin(bot.StrategyBeam, "Coders Strike Back: beam search"),
	"csb/baseline": csbBuiltin(bot.StrategyBaseline, "Coders Strike Back: the baseline heuristic, no search"),
	"fb/ga":        fbBuiltin(bot.StrategyGA, "Fantastic Bits: genetic search over both wizards' plans (the project's best)"),
	"fb/beam":      fbBuiltin(bot.StrategyBeam, "Fantastic Bits: beam search"),
	"fb/baseline":  fbBuiltin(bot.StrategyBaseline, "Fantastic Bits: the baseline heuristic, no search"),
	"fb/search":    fbBuiltin(bot.StrategyGA, "Fantastic Bits: fb/ga under its former name"),
}

// builtinNames returns the built-in bots' names, sorted.
func builtinNames() []string {
	var out []string
	for k := range builtins {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

const botUsage = `usage: referee bot NAME [-seed N] [-iterations K] [-first D] [-turn D] [-rules R] [-strategy S] [game flags]

Runs the built-in bot NAME on the CodinGame protocol: stdin, stdout, a log
line per turn on stderr. The match runner starts built-ins this way, so
"-p1 csb/ga" needs no build step. With -iterations K > 0 the bot runs K
search iterations a turn whatever the time (deterministic with -seed).
Every search constant and evaluation weight is a flag (the game flags
below, defaults shown), which "referee tune" tunes.

Bots:
`

// runBot is "referee bot NAME [flags]".
func runBot(args []string, in io.Reader, out, log io.Writer) (int, error) {
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	var c gameConfig
	if b, ok := builtins[first(args)]; ok {
		c = b.config()
		c.base().Strategy = b.strategy
	}
	if c != nil {
		c.base().Seed = 1
		c.RegisterFlags(fs)
	} else {
		cc := bot.Config{Seed: 1}
		cc.RegisterFlags(fs)
	}
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), botUsage)
		for _, n := range builtinNames() {
			fmt.Fprintf(fs.Output(), "  %-14s %s\n", n, builtins[n].doc)
		}
		fmt.Fprintln(fs.Output(), "\nFlags:")
		fs.PrintDefaults()
		if c == nil {
			printGameFlags(fs)
		}
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if code, ok, err := parseFlags(fs, args, out); !ok {
			return code, err
		}
		return 2, usageError{"bot: no bot named; one of " + strings.Join(builtinNames(), ", ")}
	}
	_, ok := builtins[args[0]]
	if !ok {
		return 2, usageError{fmt.Sprintf("bot: unknown bot %q; one of %s", args[0], strings.Join(builtinNames(), ", "))}
	}
	if code, ok, err := parseFlags(fs, args[1:], out); !ok {
		return code, err
	}
	if fs.NArg() > 0 {
		return 2, usageError{fmt.Sprintf("bot %s: bad arguments %q", args[0], args[1:])}
	}
	if err := c.run(in, out, log); err != nil {
		return 1, fmt.Errorf("bot %s: %w", args[0], err)
	}
	return 0, nil
}

// printGameFlags prints, after the flags of every bot (fs's), each game's
// own flags with their defaults.
func printGameFlags(fs *flag.FlagSet) {
	for _, g := range []struct {
		name string
		c    gameConfig
	}{{"csb", new(csbConfig)}, {"fb", new(fbConfig)}} {
		gs := flag.NewFlagSet("bot "+g.name, flag.ContinueOnError)
		g.c.RegisterFlags(gs)
		fmt.Fprintf(fs.Output(), "\nFlags of the %s/ bots (defaults of %s/ga):\n", g.name, g.name)
		own := flag.NewFlagSet("", flag.ContinueOnError)
		own.SetOutput(fs.Output())
		gs.VisitAll(func(f *flag.Flag) {
			if fs.Lookup(f.Name) == nil {
				own.Var(f.Value, f.Name, f.Usage)
			}
		})
		own.PrintDefaults()
	}
}

// first returns the first of args, "" for none.
func first(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[0]
}

// builtinCommand returns the command that runs a built-in bot given as
// "NAME [flags]", by re-executing this program; ok is false when the first
// word names no built-in.
func builtinCommand(words []string) (argv []string, ok bool, err error) {
	if len(words) == 0 {
		return nil, false, nil
	}
	if _, ok := builtins[words[0]]; !ok {
		return nil, false, nil
	}
	self, err := os.Executable()
	if err != nil {
		return nil, true, fmt.Errorf("built-in bot %s: %w", words[0], err)
	}
	return append([]string{self, "bot"}, words...), true, nil
}
