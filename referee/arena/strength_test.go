package arena

import (
	"flag"
	"testing"

	"impulse/bot"
	"impulse/bot/csb"
	"impulse/bot/fb"
	"impulse/sim"
	simcsb "impulse/sim/csb"
)

var (
	strengthPairs      = flag.Int("strength.pairs", 0, "paired games (seeds) of the strength and tuning tests (0: each game's default, CSB 4, FB 3); the report uses 200")
	strengthIterations = flag.Int("strength.iterations", 0, "search iterations per turn in the strength and tuning tests (0: each game's default, CSB 200, FB 300)")
)

// strengthGames are the games of the strength tests, their defaults of
// -strength.pairs and -strength.iterations, and the win rate the GA must
// reach against the baseline.
var strengthGames = []struct {
	name              string
	pairs, iterations int
	minRate           float64
	// play plays one live-rules game between bots of the settings,
	// their evaluations' weights the defaults.
	play func(seed int64, cfgs [2]bot.Config) (Game, error)
}{
	{"csb", 4, 200, 0.95, func(seed int64, cfgs [2]bot.Config) (Game, error) {
		return PlayCSB(seed, sim.Live, [2]csb.Config{{Config: cfgs[0]}, {Config: cfgs[1]}})
	}},
	{"fb", 3, 300, 0.90, func(seed int64, cfgs [2]bot.Config) (Game, error) {
		return PlayFB(seed, [2]fb.Config{{Config: cfgs[0]}, {Config: cfgs[1]}})
	}},
}

// pairsFlag returns -strength.pairs, or def when it is not set.
func pairsFlag(def int) int {
	if *strengthPairs > 0 {
		return *strengthPairs
	}
	return def
}

// iterationsFlag returns -strength.iterations, or def when it is not set.
func iterationsFlag(def int) int {
	if *strengthIterations > 0 {
		return *strengthIterations
	}
	return def
}

// seeds returns the strength tests' n seeds.
func seeds(n int) []int64 {
	s := make([]int64, n)
	for i := range s {
		s[i] = int64(1000 + 7919*i)
	}
	return s
}

// TestStrength plays, in each game, the genetic algorithm against the
// baseline over paired games (each seed twice, seats swapped) with a
// fixed iteration count: the GA must win at least 19 in 20 of them in
// CSB, 9 in 10 in FB. The default is a few pairs; the figure of the report is
//
//	go test ./referee/arena -run TestStrength/csb -strength.pairs 200 -v
func TestStrength(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	for _, g := range strengthGames {
		t.Run(g.name, func(t *testing.T) {
			n := iterationsFlag(g.iterations)
			ga := bot.Config{Strategy: bot.StrategyGA, Seed: 1, Iterations: n}
			base := bot.Config{Strategy: bot.StrategyBaseline}
			m, err := PlayPairs(seeds(pairsFlag(g.pairs)), ga, base, g.play)
			if err != nil {
				t.Fatal(err)
			}
			rate := m.WinRate()
			t.Logf("GA (%d iterations) vs baseline: %d games (%d pairs): %d won, %d lost, %d drawn: win rate %.1f%%, Elo %v; %.0f simulated turns per GA move",
				n, m.Games, m.Penta.Pairs(), m.AWins, m.BWins, m.Draws, 100*rate, m.Penta.Elo(), m.SimsPerMove(0))
			if rate < g.minRate {
				t.Errorf("win rate %.1f%%, want at least %.0f%%", 100*rate, 100*g.minRate)
			}
		})
	}
}

// TestGAVersusBeam plays, in each game, the genetic algorithm against the
// beam search, same iteration count, over paired games, and reports the
// Elo difference with its 95% interval. It asserts only that both play
// whole games.
//
//	go test ./referee/arena -run TestGAVersusBeam/fb -strength.pairs 200 -v
func TestGAVersusBeam(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole games")
	}
	for _, g := range strengthGames {
		t.Run(g.name, func(t *testing.T) {
			n := iterationsFlag(g.iterations)
			ga := bot.Config{Strategy: bot.StrategyGA, Seed: 1, Iterations: n}
			beam := bot.Config{Strategy: bot.StrategyBeam, Seed: 2, Iterations: n}
			m, err := PlayPairs(seeds(pairsFlag(g.pairs)), ga, beam, g.play)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("GA vs beam (%d iterations): %d games (%d pairs): GA %d won, %d lost, %d drawn; GA Elo %v (over pairs); simulated turns per move: GA %.0f, beam %.0f",
				n, m.Games, m.Penta.Pairs(), m.AWins, m.BWins, m.Draws, m.Penta.Elo(), m.SimsPerMove(0), m.SimsPerMove(1))
		})
	}
}

// TestCSBPublishedRules: under the published rules, whose grammar has no
// BOOST, the CSB bots never write one: on maps raced in 5 or 2 laps (3 or
// 6 checkpoints, csb.md section 1), which they tell apart by themselves,
// and on 3-lap maps when Config.Rules says so.
func TestCSBPublishedRules(t *testing.T) {
	played := [2]int{}
	for seed := int64(1); (played[0] < 3 || played[1] < 3) && seed < 200; seed++ {
		three := simcsb.NewFromSeed(seed, sim.Published).Laps == 3
		k := 0
		if three {
			k = 1
		}
		if played[k] >= 3 {
			continue
		}
		played[k]++
		for _, strategy := range []string{bot.StrategyGA, bot.StrategyBeam, bot.StrategyBaseline} {
			cfg := csb.Config{Config: bot.Config{Strategy: strategy, Seed: 1, Iterations: 50}}
			if three {
				cfg.Rules = sim.Published
			}
			if _, err := PlayCSB(seed, sim.Published, [2]csb.Config{cfg, cfg}); err != nil {
				t.Errorf("seed %d (3 laps: %v): %s: %v", seed, three, strategy, err)
			}
		}
	}
	if played != [2]int{3, 3} {
		t.Fatalf("played %v maps (other laps, 3 laps), want 3 of each", played)
	}
}
