package fb

import (
	"bytes"
	"flag"
	"io"
	"strings"
	"testing"

	"impulse/bot"
	"impulse/bot/bottest"
	simfb "impulse/sim/fb"
)

// pinnedOutput hashes what Run answers, at a fixed iteration count and
// seed, to the input of a baseline game under the rules of the Config
// (gameInputRules: seeds 1 and 2, both seats, 30 turns), for every
// strategy.
func pinnedOutput(t *testing.T, cfg func(strategy string, seed int64) Config) map[string]string {
	return bottest.PinnedOutput(t, func(strategy string, seed int64, seat int, out *bytes.Buffer) error {
		c := cfg(strategy, seed)
		return Run(strings.NewReader(gameInputRules(seed, seat, 30, c.Rules)), out, io.Discard, c)
	})
}

// TestPlayPinned: at a fixed iteration count and seed the bot answers as it
// did, with the zero Config and with every flag given its default. Under
// the published rules, as it did when Weights.Magic became 300 (the hashes
// recorded at commit 4d2b81d); under the live ones, as it did when it
// learnt the multiplayer referee's rules (ACCIO 15, OBLIVIATE 4 turns, the
// bludgers' victims read from the input).
func TestPlayPinned(t *testing.T) {
	want := map[simfb.Rules]map[string]string{
		simfb.Published: {StrategyGA: "e6b35ff107324b83", StrategyBeam: "21d8be1db26c3812", StrategyBaseline: "34deb001b5f363ee"},
		simfb.Live:      {StrategyGA: "8bc1e00b7506bd1c", StrategyBeam: "a298969877ae9faa", StrategyBaseline: "34deb001b5f363ee"},
	}
	for rules, want := range want {
		plain := func(strategy string, seed int64) Config {
			return Config{Config: bot.Config{Strategy: strategy, Seed: seed, Iterations: 100, Rules: rules}}
		}
		// Every flag given its default value as text, as a tuner does.
		flags := func(strategy string, seed int64) Config {
			var c Config
			fs := flag.NewFlagSet("bot", flag.ContinueOnError)
			c.RegisterFlags(fs)
			bottest.DefaultArgs(t, fs, strategy, seed, 100)
			c.Rules = rules
			return c
		}
		for name, cfg := range map[string]func(string, int64) Config{"zero Config": plain, "flags": flags} {
			bottest.CheckPinned(t, rules.String()+", "+name, pinnedOutput(t, cfg), want)
		}
	}
}

// TestSettingsChecked: a shallower search plays a game (each strategy),
// and settings out of range are refused by NewBot.
func TestSettingsChecked(t *testing.T) {
	game.CheckSettings(t)
	if _, err := NewBot(Config{Genes: Genes{MutateAngle: 90, MutatePower: 20}}); err == nil {
		t.Error("odds over 100%: no error")
	}
}
