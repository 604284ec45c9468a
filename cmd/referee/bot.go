package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"impulse/bot/csb"
	"impulse/bot/fb"
	"impulse/sim"
)

// builtinConfig is what every built-in bot takes from its flags.
type builtinConfig struct {
	seed        int64
	iterations  int
	first, turn time.Duration
	rules       sim.Rules
}

// builtin is a bot compiled into the referee.
type builtin struct {
	doc string
	run func(in io.Reader, out io.Writer, log io.Writer, c builtinConfig) error
}

func csbBuiltin(strategy, doc string) builtin {
	return builtin{doc: doc, run: func(in io.Reader, out io.Writer, log io.Writer, c builtinConfig) error {
		return csb.Run(in, out, log, csb.Config{
			Strategy: strategy, Seed: c.seed, Iterations: c.iterations, FirstTurn: c.first, Turn: c.turn,
			Published: c.rules == sim.Published,
		})
	}}
}

func fbBuiltin(strategy, doc string) builtin {
	return builtin{doc: doc, run: func(in io.Reader, out io.Writer, log io.Writer, c builtinConfig) error {
		return fb.Run(in, out, log, fb.Config{
			Strategy: strategy, Seed: c.seed, Iterations: c.iterations, FirstTurn: c.first, Turn: c.turn,
		})
	}}
}

// builtins are the bots "referee bot NAME" runs, by game/strategy.
var builtins = map[string]builtin{
	"csb/ga":       csbBuiltin(csb.StrategyGA, "Coders Strike Back: genetic search over both pods' plans (the project's best)"),
	"csb/beam":     csbBuiltin(csb.StrategyBeam, "Coders Strike Back: beam search"),
	"csb/baseline": csbBuiltin(csb.StrategyBaseline, "Coders Strike Back: the baseline heuristic, no search"),
	"fb/search":    fbBuiltin(fb.StrategySearch, "Fantastic Bits: search over both wizards' plans (the project's best)"),
	"fb/baseline":  fbBuiltin(fb.StrategyBaseline, "Fantastic Bits: the baseline heuristic, no search"),
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

const botUsage = `usage: referee bot NAME [-seed N] [-iterations K] [-first D] [-turn D] [-rules R]

Runs the built-in bot NAME on the CodinGame protocol: stdin, stdout, a log
line per turn on stderr. The match runner starts built-ins this way, so
"-p1 csb/ga" needs no build step. With -iterations K > 0 the bot runs K
search iterations a turn whatever the time (deterministic with -seed).

Bots:
`

// runBot is "referee bot NAME [flags]".
func runBot(args []string, in io.Reader, out, log io.Writer) (int, error) {
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	var c builtinConfig
	fs.Int64Var(&c.seed, "seed", 1, "seed of the search's random source")
	fs.IntVar(&c.iterations, "iterations", 0, "search iterations per turn, ignoring time (deterministic with -seed); 0: time budgets")
	fs.DurationVar(&c.first, "first", 0, "time budget of the first turn (0: the bot's default)")
	fs.DurationVar(&c.turn, "turn", 0, "time budget of the other turns (0: the bot's default)")
	fs.Var(&c.rules, "rules", "the rules the bot plays: live or published (referee match passes its -rules on)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), botUsage)
		for _, n := range builtinNames() {
			fmt.Fprintf(fs.Output(), "  %-14s %s\n", n, builtins[n].doc)
		}
		fmt.Fprintln(fs.Output(), "\nFlags:")
		fs.PrintDefaults()
	}
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if err := fs.Parse(args); err != nil {
			return 2, err
		}
		return 2, usageError{"bot: no bot named; one of " + strings.Join(builtinNames(), ", ")}
	}
	b, ok := builtins[args[0]]
	if !ok {
		return 2, usageError{fmt.Sprintf("bot: unknown bot %q; one of %s", args[0], strings.Join(builtinNames(), ", "))}
	}
	if err := fs.Parse(args[1:]); err != nil {
		return 2, err
	}
	if fs.NArg() > 0 || c.iterations < 0 || c.first < 0 || c.turn < 0 {
		return 2, usageError{fmt.Sprintf("bot %s: bad arguments %q", args[0], args[1:])}
	}
	if err := b.run(in, out, log, c); err != nil {
		return 1, fmt.Errorf("bot %s: %w", args[0], err)
	}
	return 0, nil
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
