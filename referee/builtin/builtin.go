// Package builtin is the registry of the bots compiled into the referee:
// each game's bot with a strategy, by name ("csb/ga", "fb/baseline").
//
// [Lookup] and [Names] list them; [RegisterFlags] gives a bot's setting
// and its flags, and [Setting.Play] plays a game with it on the
// CodinGame protocol. A match or a tuning run names a built-in bot as a
// player ([Player]), which runs as a process of its own: the program
// re-executed as "PROGRAM bot NAME [flags]" ([Launcher]). A program that
// uses this package answers that command line by playing the bot, as
// "referee bot" does; so must a test binary that plays built-in bots,
// from its TestMain.
package builtin

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"

	"impulse/bot"
	"impulse/bot/csb"
	"impulse/bot/fb"
	"impulse/referee/match"
	"impulse/sim"
)

// Bot is a bot compiled into the referee: a game's bot with a strategy.
type Bot struct {
	Name     string // game/strategy, as "csb/ga"
	Doc      string // one line on what it plays
	strategy string
	setting  func() Setting // a new setting of the game's bot
}

// Game returns the game the bot plays: its name before the slash.
func (b Bot) Game() string {
	g, _, _ := strings.Cut(b.Name, "/")
	return g
}

// Setting is a built-in bot's setting: bot.Config, the game's own flags
// (search settings, evaluation weights) and a game played with it.
type Setting interface {
	Base() *bot.Config
	RegisterFlags(fs *flag.FlagSet)
	// Play plays one game on the CodinGame protocol: the turns' input on
	// in, the commands on out, a line per turn on log.
	Play(in io.Reader, out, log io.Writer) error
	// Value returns the game's Config, a csb.Config or an fb.Config, to
	// play the bot in process.
	Value() any
}

type csbSetting struct{ csb.Config }

func (c *csbSetting) Base() *bot.Config { return &c.Config.Config }
func (c *csbSetting) Play(in io.Reader, out, log io.Writer) error {
	return csb.Run(in, out, log, c.Config)
}

func (c *csbSetting) Value() any { return c.Config }

type fbSetting struct{ fb.Config }

func (c *fbSetting) Value() any { return c.Config }

func (c *fbSetting) Base() *bot.Config { return &c.Config.Config }
func (c *fbSetting) Play(in io.Reader, out, log io.Writer) error {
	return fb.Run(in, out, log, c.Config)
}

func csbBot(name, strategy, doc string) Bot {
	return Bot{name, doc, strategy, func() Setting { return new(csbSetting) }}
}

func fbBot(name, strategy, doc string) Bot {
	return Bot{name, doc, strategy, func() Setting { return new(fbSetting) }}
}

// bots are the built-in bots by name.
var bots = byName([]Bot{
	csbBot("csb/ga", bot.StrategyGA, "Coders Strike Back: genetic search over both pods' plans (the project's best)"),
	csbBot("csb/beam", bot.StrategyBeam, "Coders Strike Back: beam search"),
	csbBot("csb/baseline", bot.StrategyBaseline, "Coders Strike Back: the baseline heuristic, no search"),
	fbBot("fb/ga", bot.StrategyGA, "Fantastic Bits: genetic search over both wizards' plans (the project's best)"),
	fbBot("fb/beam", bot.StrategyBeam, "Fantastic Bits: beam search"),
	fbBot("fb/baseline", bot.StrategyBaseline, "Fantastic Bits: the baseline heuristic, no search"),
	fbBot("fb/search", bot.StrategyGA, "Fantastic Bits: fb/ga under its former name"),
})

// byName indexes bots by name.
func byName(bots []Bot) map[string]Bot {
	m := make(map[string]Bot, len(bots))
	for _, b := range bots {
		m[b.Name] = b
	}
	return m
}

// Lookup returns the built-in bot named name; ok is false for none.
func Lookup(name string) (b Bot, ok bool) {
	b, ok = bots[name]
	return b, ok
}

// Names returns the built-in bots' names, sorted.
func Names() []string {
	var out []string
	for k := range bots {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// New returns a new setting of b: its strategy, seed 1 and the game's
// defaults.
func (b Bot) New() Setting {
	s := b.setting()
	s.Base().Strategy = b.strategy
	s.Base().Seed = 1
	return s
}

// RegisterFlags registers on fs the flags of the built-in bot named name
// and returns its setting (New), which they set. For a name that is no
// built-in bot, ok is false, and fs gets the flags every bot has
// (bot.Config's, seed 1), which set nothing.
func RegisterFlags(fs *flag.FlagSet, name string) (s Setting, ok bool) {
	b, ok := bots[name]
	if !ok {
		c := bot.Config{Seed: 1}
		c.RegisterFlags(fs)
		return nil, false
	}
	s = b.New()
	s.RegisterFlags(fs)
	return s, true
}

// Parse returns the setting of a built-in bot given as "NAME [flags]"
// ("fb/ga -iterations 1000 -w-magic 600"), its flags parsed as "referee
// bot" parses them. It is an error for the first word to name no built-in
// bot, or for a flag to be unknown or malformed.
func Parse(spec string) (Bot, Setting, error) {
	words, err := match.SplitCommand(spec)
	if err != nil {
		return Bot{}, nil, err
	}
	if len(words) == 0 {
		return Bot{}, nil, errors.New("no bot named")
	}
	b, ok := bots[words[0]]
	if !ok {
		return Bot{}, nil, fmt.Errorf("%q is no built-in bot; want one of %s", words[0], strings.Join(Names(), ", "))
	}
	fs := flag.NewFlagSet(b.Name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	s := b.New()
	s.RegisterFlags(fs)
	if err := fs.Parse(words[1:]); err != nil {
		return Bot{}, nil, fmt.Errorf("%s: %v", b.Name, err)
	}
	if fs.NArg() > 0 {
		return Bot{}, nil, fmt.Errorf("%s: bad arguments %q", b.Name, fs.Args())
	}
	return b, s, nil
}

// PrintGameFlags prints on w, after the flags every bot has (those of
// common), each game's own flags with their defaults.
func PrintGameFlags(w io.Writer, common *flag.FlagSet) {
	for _, g := range []struct {
		name string
		s    Setting
	}{{"csb", new(csbSetting)}, {"fb", new(fbSetting)}} {
		gs := flag.NewFlagSet("bot "+g.name, flag.ContinueOnError)
		g.s.RegisterFlags(gs)
		fmt.Fprintf(w, "\nFlags of the %s/ bots (defaults of %s/ga):\n", g.name, g.name)
		own := flag.NewFlagSet("", flag.ContinueOnError)
		own.SetOutput(w)
		gs.VisitAll(func(f *flag.Flag) {
			if common.Lookup(f.Name) == nil {
				own.Var(f.Value, f.Name, f.Usage)
			}
		})
		own.PrintDefaults()
	}
}

// Launcher returns the words that run a built-in bot here: this program
// and "bot", which NAME and its flags follow. A queue ships a built-in bot
// by name, and each worker runs it with its own launcher.
func Launcher() ([]string, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, err
	}
	return []string{self, "bot"}, nil
}

// Command returns the command that runs a built-in bot given as
// "NAME [flags]" (Launcher and words); ok is false when the first word
// names no built-in bot.
func Command(words []string) (argv []string, ok bool, err error) {
	if len(words) == 0 {
		return nil, false, nil
	}
	if _, ok := bots[words[0]]; !ok {
		return nil, false, nil
	}
	launcher, err := Launcher()
	if err != nil {
		return nil, true, fmt.Errorf("built-in bot %s: %w", words[0], err)
	}
	return append(launcher, words...), true, nil
}

// Player turns a player's spec (-p1, -p2, a tuned bot's command) into a
// player of a match of game under rules: a built-in bot of the game runs
// through its Command, told the rule set; anything else is a command line
// (match.SplitCommand). A built-in bot of another game is refused.
func Player(spec, game string, rules sim.Rules) (match.Player, error) {
	words, err := match.SplitCommand(spec)
	if err != nil {
		return match.Player{}, err
	}
	argv, ok, err := Command(words)
	if err != nil {
		return match.Player{}, err
	}
	if !ok {
		argv = words
	} else {
		if g := bots[words[0]].Game(); g != game {
			return match.Player{}, fmt.Errorf("%s is a built-in bot of %s, and this is a match of %s (-game %s)", words[0], g, game, g)
		}
		if rules != sim.Live {
			argv = append(argv, "-rules", rules.String())
		}
	}
	return match.Player{Name: spec, Argv: argv}, nil
}
