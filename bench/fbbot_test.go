package bench

import (
	"testing"
	"time"

	"impulse/bot"
	botfb "impulse/bot/fb"
	simfb "impulse/sim/fb"
)

// fbRoots returns search roots: the states after 0, 10, ..., 90 turns of
// two baseline bots, for snaffle seeds 1 to 4, games still running.
func fbRoots() []simfb.State {
	var roots []simfb.State
	for seed := int64(1); seed <= 4; seed++ {
		st := simfb.NewFromSeed(seed, simfb.Live)
		for r := 0; r < 100; r++ {
			if r%10 == 0 {
				roots = append(roots, st)
			}
			var c [simfb.MaxWizards]simfb.Command
			for pl := 0; pl < 2; pl++ {
				cmds := botfb.DefaultBaseline.Commands(&st, pl)
				c[2*pl], c[2*pl+1] = cmds[0], cmds[1]
			}
			if res := st.Play(&c, nil); res.Over {
				break
			}
		}
	}
	return roots
}

// fbSearchIterations is the iteration count of one benchmarked search
// turn.
const fbSearchIterations = 1000

var fbSimsSink int

// BenchmarkFBBotSearch times the search: one op is one turn of
// fbSearchIterations iterations (a quarter predicting the opponent) on
// one of the roots in turn; it reports the simulated turns per op and per
// second inside the search, and must report 0 allocs/op.
func BenchmarkFBBotSearch(b *testing.B) {
	roots := fbRoots()
	s := botfb.NewSearch(0, 1)
	first := bot.NewBudget(time.Time{}, 0, fbSearchIterations)
	s.Turn(&roots[0], true, botfb.StrategyGA, &first)
	b.ReportAllocs()
	b.ResetTimer()
	sims := 0
	for i := 0; i < b.N; i++ {
		budget := bot.NewBudget(time.Time{}, 0, fbSearchIterations)
		s.Sims = 0
		s.Turn(&roots[i%len(roots)], false, botfb.StrategyGA, &budget)
		sims += s.Sims
	}
	fbSimsSink = sims
	b.ReportMetric(float64(sims)/float64(b.N), "sims/op")
	b.ReportMetric(float64(sims)/b.Elapsed().Seconds(), "sims/s")
}

// BenchmarkFBBotMove times a whole move on the bot's default time budget
// (bot/fb DefaultTurn): one op is one move; it reports the simulated turns
// and the iterations per move, the figure that matters on CodinGame, and
// must report 0 allocs/op. Run it with -benchtime 20x.
func BenchmarkFBBotMove(b *testing.B) {
	roots := fbRoots()
	s := botfb.NewSearch(0, 1)
	first := bot.NewBudget(time.Time{}, 0, fbSearchIterations)
	s.Turn(&roots[0], true, botfb.StrategyGA, &first)
	b.ReportAllocs()
	b.ResetTimer()
	sims, iters := 0, 0
	for i := 0; i < b.N; i++ {
		budget := bot.NewBudget(time.Now(), botfb.DefaultTurn, 0)
		s.Sims = 0
		s.Turn(&roots[i%len(roots)], false, botfb.StrategyGA, &budget)
		sims += s.Sims
		iters += budget.Iterations()
	}
	fbSimsSink = sims
	b.ReportMetric(float64(sims)/float64(b.N), "sims/move")
	// A GA child is simulated only from the first turn where it differs
	// from its parent (bot.Prefixed): iterations, not simulated turns,
	// are the plans evaluated.
	b.ReportMetric(float64(iters)/float64(b.N), "iters/move")
}

// TestFBBotAllocs: a search turn allocates nothing.
func TestFBBotAllocs(t *testing.T) {
	roots := fbRoots()
	s := botfb.NewSearch(1, 1)
	first := bot.NewBudget(time.Time{}, 0, 100)
	s.Turn(&roots[0], true, botfb.StrategyGA, &first)
	k := 0
	if n := testing.AllocsPerRun(20, func() {
		budget := bot.NewBudget(time.Time{}, 0, 100)
		s.Turn(&roots[k%len(roots)], false, botfb.StrategyGA, &budget)
		k++
	}); n != 0 {
		t.Errorf("a search turn allocates %v times", n)
	}
}
