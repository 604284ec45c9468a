package bottest

import (
	"bytes"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"strings"
	"testing"

	"impulse/bot"
)

// Strategies are the strategies of both bots, in the order PinnedOutput
// hashes them.
var Strategies = []string{bot.StrategyGA, bot.StrategyBeam, bot.StrategyBaseline}

// PinnedOutput hashes, per strategy, what run writes when it plays
// strategy for seeds 1 and 2 in both seats (run reads the game's input
// for that seed and seat): a fingerprint of a bot's moves at a fixed
// iteration count, recorded to show that a change keeps them.
func PinnedOutput(t *testing.T, run func(strategy string, seed int64, seat int, out *bytes.Buffer) error) map[string]string {
	t.Helper()
	got := map[string]string{}
	for _, strategy := range Strategies {
		h := fnv.New64a()
		for seed := int64(1); seed <= 2; seed++ {
			for seat := 0; seat < 2; seat++ {
				var out bytes.Buffer
				if err := run(strategy, seed, seat, &out); err != nil {
					t.Fatalf("%s seed %d seat %d: %v", strategy, seed, seat, err)
				}
				h.Write(out.Bytes())
			}
		}
		got[strategy] = fmt.Sprintf("%016x", h.Sum64())
	}
	return got
}

// DefaultArgs parses, into the flags fs holds, a command line that gives
// every flag its default value as text ("-name=value", as a tuner writes
// them), but for strategy, seed and iterations, set as given, and rules.
func DefaultArgs(t *testing.T, fs *flag.FlagSet, strategy string, seed int64, iterations int) {
	t.Helper()
	args := []string{"-strategy", strategy, "-seed", fmt.Sprint(seed), "-iterations", fmt.Sprint(iterations)}
	fs.VisitAll(func(f *flag.Flag) {
		switch f.Name {
		case "strategy", "seed", "iterations", "rules":
		default:
			args = append(args, "-"+f.Name+"="+f.DefValue)
		}
	})
	if err := fs.Parse(args); err != nil {
		t.Fatal(err)
	}
}

// CheckPinned compares the hashes of PinnedOutput with want, naming the
// configuration.
func CheckPinned(t *testing.T, name string, got, want map[string]string) {
	t.Helper()
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s, %s: output hash %s, want %s", name, k, got[k], v)
		}
	}
}

// CheckSettings checks that a shallower search (Depth 2, 50 iterations)
// plays the games of PinnedOutput (on Input, 30 turns) with each
// strategy, and that NewBot refuses settings out of range.
func (g Game) CheckSettings(t *testing.T) {
	shallow := g.Settings
	shallow.Depth = 2
	PinnedOutput(t, func(strategy string, seed int64, seat int, out *bytes.Buffer) error {
		run := g.Run(bot.Config{Strategy: strategy, Seed: seed, Iterations: 50}, shallow)
		return run(strings.NewReader(g.Input(seed, seat, 30)), out, io.Discard)
	})
	for _, set := range []func(s *bot.Settings){
		func(s *bot.Settings) { s.Depth = g.MaxDepth + 1 },
		func(s *bot.Settings) { s.Population = 2 },
		func(s *bot.Settings) { s.BeamWidth = 64 },
		func(s *bot.Settings) { s.OpponentShare = 1 },
	} {
		s := g.Settings
		set(&s)
		if _, err := g.NewBot(bot.Config{}, s); err == nil {
			t.Errorf("settings %+v: no error", s)
		}
	}
}
