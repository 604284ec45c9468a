package csb

import (
	"flag"
	"testing"

	"impulse/bot"

	"impulse/bot/arena"
)

var (
	strengthPairs      = flag.Int("strength.pairs", 4, "paired games (seeds) of TestStrength and TestGAVersusBeam; the report uses 200")
	strengthIterations = flag.Int("strength.iterations", 200, "search iterations per turn in the strength tests")
)

func seeds(n int) []int64 {
	s := make([]int64, n)
	for i := range s {
		s[i] = int64(1000 + 7919*i)
	}
	return s
}

// TestStrength plays the genetic algorithm against the baseline over
// paired games (each map seed twice, seats swapped) with a fixed iteration
// count: the GA must win at least 95% of them. The default is a few pairs;
// the figure of the report is
//
//	go test ./bot/csb -run TestStrength -strength.pairs 200 -v
func TestStrength(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	ga := Config{Config: bot.Config{Strategy: StrategyGA, Seed: 1, Iterations: *strengthIterations}}
	base := Config{Config: bot.Config{Strategy: StrategyBaseline}}
	m := playPairs(t, seeds(*strengthPairs), ga, base)
	rate := m.WinRate()
	rlo, rhi := arena.Wilson(rate, m.Games)
	mean, lo, hi := m.EloInterval()
	t.Logf("GA (%d iterations) vs baseline: %d games (%d pairs): %d won, %d lost, %d drawn: win rate %.1f%% [%.1f%%, %.1f%%], Elo %+.0f [%+.0f, %+.0f] (95%%); %.0f simulated turns per GA move",
		*strengthIterations, m.Games, len(m.Pairs), m.AWins, m.BWins, m.Draws, 100*rate, 100*rlo, 100*rhi, mean, lo, hi, float64(m.Sims[0])/float64(m.Turns))
	if rate < 0.95 {
		t.Errorf("win rate %.1f%%, want at least 95%%", 100*rate)
	}
}

// TestGAVersusBeam plays the genetic algorithm against the beam search,
// same iteration count, over paired games, and reports the Elo difference
// with its 95% interval. It asserts only that both play whole games.
//
//	go test ./bot/csb -run TestGAVersusBeam -strength.pairs 200 -v
func TestGAVersusBeam(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	ga := Config{Config: bot.Config{Strategy: StrategyGA, Seed: 1, Iterations: *strengthIterations}}
	beam := Config{Config: bot.Config{Strategy: StrategyBeam, Seed: 2, Iterations: *strengthIterations}}
	m := playPairs(t, seeds(*strengthPairs), ga, beam)
	mean, lo, hi := m.EloInterval()
	t.Logf("GA vs beam (%d iterations): %d games (%d pairs): GA %d won, %d lost, %d drawn; GA Elo %+.0f [%+.0f, %+.0f] (95%%, over pairs); simulated turns per move: GA %.0f, beam %.0f",
		*strengthIterations, m.Games, len(m.Pairs), m.AWins, m.BWins, m.Draws, mean, lo, hi,
		float64(m.Sims[0])/float64(m.Turns), float64(m.Sims[1])/float64(m.Turns))
}
