package fb

import (
	"flag"
	"testing"

	"impulse/bot"
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
	search := Config{Config: bot.Config{Strategy: StrategyGA, Seed: 1, Iterations: *strengthIterations}}
	base := Config{Config: bot.Config{Strategy: StrategyBaseline}}
	m := playPairs(t, seeds(*strengthPairs), entrant{Config: search}, entrant{Config: base})
	rate := m.WinRate()
	mean, lo, hi := m.EloInterval()
	t.Logf("search (%d iterations) vs baseline: %d games (%d pairs): %d won, %d lost, %d drawn: win rate %.1f%%, Elo %+.0f [%+.0f, %+.0f]; %.0f simulated turns per search move",
		*strengthIterations, m.Games, len(m.Pairs), m.AWins, m.BWins, m.Draws, 100*rate, mean, lo, hi, float64(m.Sims[0])/float64(m.Turns))
	if rate < 0.90 {
		t.Errorf("win rate %.1f%%, want at least 90%%", 100*rate)
	}
}

// TestSearchVersusBeam plays the genetic algorithm against the beam
// search, same iteration count, over paired games, and reports the Elo
// difference with its 95% interval. It asserts only that both play whole
// games.
//
//	go test ./bot/fb -run TestSearchVersusBeam -strength.pairs 200 -v
func TestSearchVersusBeam(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	ga := Config{Config: bot.Config{Strategy: StrategyGA, Seed: 1, Iterations: *strengthIterations}}
	beam := Config{Config: bot.Config{Strategy: StrategyBeam, Seed: 2, Iterations: *strengthIterations}}
	m := playPairs(t, seeds(*strengthPairs), entrant{Config: ga}, entrant{Config: beam})
	mean, lo, hi := m.EloInterval()
	t.Logf("GA vs beam (%d iterations): %d games (%d pairs): GA %d won, %d lost, %d drawn; GA Elo %+.0f [%+.0f, %+.0f] (95%%, over pairs); simulated turns per move: GA %.0f, beam %.0f",
		*strengthIterations, m.Games, len(m.Pairs), m.AWins, m.BWins, m.Draws, mean, lo, hi,
		float64(m.Sims[0])/float64(m.Turns), float64(m.Sims[1])/float64(m.Turns))
}
