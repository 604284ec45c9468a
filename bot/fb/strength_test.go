package fb

import (
	"flag"
	"testing"
)

var (
	strengthPairs      = flag.Int("strength.pairs", 3, "paired games (seeds) of TestStrength; the report uses 200")
	strengthIterations = flag.Int("strength.iterations", 300, "search iterations per turn in the strength tests")
)

func seeds(n int) []int64 {
	s := make([]int64, n)
	for i := range s {
		s[i] = int64(1000 + 7919*i)
	}
	return s
}

// TestStrength plays the search against the baseline over paired games
// (each snaffle seed twice, seats swapped) with a fixed iteration count:
// the search must win at least 90% of them. The default is a few pairs;
// the figure of the report is
//
//	go test ./bot/fb -run TestStrength -strength.pairs 200 -v
func TestStrength(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	search := Config{Strategy: StrategySearch, Seed: 1, Iterations: *strengthIterations}
	base := Config{Strategy: StrategyBaseline}
	m := playPairs(t, seeds(*strengthPairs), search, base)
	rate := float64(m.aWins) / float64(m.games)
	mean, lo, hi := m.eloInterval()
	t.Logf("search (%d iterations) vs baseline: %d games (%d pairs): %d won, %d lost, %d drawn: win rate %.1f%%, Elo %+.0f [%+.0f, %+.0f]; %.0f simulated turns per search move",
		*strengthIterations, m.games, len(m.pairs), m.aWins, m.bWins, m.draws, 100*rate, mean, lo, hi, float64(m.sims[0])/float64(m.turns))
	if rate < 0.90 {
		t.Errorf("win rate %.1f%%, want at least 90%%", 100*rate)
	}
}
