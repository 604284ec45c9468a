package csb

import (
	"bytes"
	"flag"
	"io"
	"strings"
	"testing"

	"impulse/bot"
	"impulse/bot/bottest"
)

// pinnedOutput hashes what Run answers, at a fixed iteration count and
// seed, to the input of a baseline game (gameInput: seeds 1 and 2, both
// seats, 30 turns), for every strategy.
func pinnedOutput(t *testing.T, cfg func(strategy string, seed int64) Config) map[string]string {
	return bottest.PinnedOutput(t, func(strategy string, seed int64, seat int, out *bytes.Buffer) error {
		return Run(strings.NewReader(gameInput(seed, seat, 30)), out, io.Discard, cfg(strategy, seed))
	})
}

// TestPlayPinned: at a fixed iteration count and seed the bot answers as it
// did when the GA's population became 80 (hashes recorded at that commit),
// with the zero Config and with every flag given its default; given the
// population of 40, as it did before its constants became settings (hashes
// recorded at commit 4d2b81d; the input's 30 turns never come near the
// checkpoint timeout, where the urgent weights act: TestUrgentBlocker);
// and, given the weights tuned by SPSA (tuning/live-1000it, set aside) and
// the population of 40, as it did while they were the defaults (34b35f6).
func TestPlayPinned(t *testing.T) {
	want := map[string]string{StrategyGA: "52be53f20a77b54f", StrategyBeam: "0409661942a2bd2a", StrategyBaseline: "c339e9eec03731c5"}
	plain := func(strategy string, seed int64) Config {
		return Config{Config: bot.Config{Strategy: strategy, Seed: seed, Iterations: 100}}
	}
	// Every flag given its default value as text, as a tuner does.
	flags := func(strategy string, seed int64) Config {
		var c Config
		fs := flag.NewFlagSet("bot", flag.ContinueOnError)
		c.RegisterFlags(fs)
		bottest.DefaultArgs(t, fs, strategy, seed, 100)
		return c
	}
	for name, cfg := range map[string]func(string, int64) Config{"zero Config": plain, "flags": flags} {
		bottest.CheckPinned(t, name, pinnedOutput(t, cfg), want)
	}
	pop40 := func(strategy string, seed int64) Config {
		c := plain(strategy, seed)
		c.Settings = Settings
		c.Settings.Population = 40
		return c
	}
	hand := map[string]string{StrategyGA: "28e9e12c8dd8f427", StrategyBeam: "24eaf8be97aa43b2", StrategyBaseline: "c339e9eec03731c5"}
	bottest.CheckPinned(t, "population 40", pinnedOutput(t, pop40), hand)
	tuned := func(strategy string, seed int64) Config {
		c := pop40(strategy, seed)
		c.Weights = DefaultWeights
		c.Weights.Checkpoint, c.Weights.BlockerCheckpoint, c.Weights.BlockerRunner = 29821, 0.556553, 0.246723
		c.Weights.BlockerFacing, c.Weights.RunnerFacing, c.Weights.UrgentTurns, c.Weights.Hysteresis = 953, 1506, 45, 1965
		c.Weights.UrgentOther, c.Weights.UrgentPace, c.Weights.UrgentSlack = 0, 0, 0
		c.Settings.OpponentShare = 0.232279
		return c
	}
	asTuned := map[string]string{StrategyGA: "2c31caaa7c0377b9", StrategyBeam: "896810842af87837", StrategyBaseline: "c339e9eec03731c5"}
	bottest.CheckPinned(t, "the tuned weights", pinnedOutput(t, tuned), asTuned)
}

// TestSettingsChecked: a shallower search plays a game (each strategy),
// and settings out of range are refused by NewBot.
func TestSettingsChecked(t *testing.T) {
	game.CheckSettings(t)
	if _, err := NewBot(Config{Genes: Genes{MutateRotation: 60, MutateThrust: 60}}); err == nil {
		t.Error("odds over 100%: no error")
	}
}
