package bench

import (
	"testing"
	"time"

	"impulse/bot"
	"impulse/bot/bottest"
	botcsb "impulse/bot/csb"
	"impulse/sim/csb"
)

// botRoots returns mid-race states of a few maps: each pod has aimed at
// its next checkpoint at full thrust for 15 turns, so pods are moving and
// some are close.
func botRoots() []csb.State {
	var roots []csb.State
	for seed := int64(1); seed <= 4; seed++ {
		st := csb.NewFromSeed(seed, csb.Live)
		for t := 0; t < 15; t++ {
			for i := range st.Pods {
				st.Apply(i, csb.Command{Target: st.Checkpoints[st.Pods[i].Next], Thrust: csb.MaxThrust})
			}
			st.Play(nil)
		}
		roots = append(roots, st)
	}
	return roots
}

// BenchmarkCSBBotSearch measures a search iteration: b.N iterations in
// one turn of the search (a quarter predicting the opponent), so ns/op is
// the cost of one iteration, a rollout of botcsb.Depth turns (the beam
// counts Depth simulated turns as one). pod-turns/s counts every pod moved
// by the simulator inside the search (4 per simulated turn), iters/60ms is
// what a 60 ms turn allows at this speed. Both must show 0 allocs/op.
//
//	go test ./bench -run '^$' -bench CSBBot -benchmem -count 5
func BenchmarkCSBBotSearch(b *testing.B) {
	roots := botRoots()
	for _, strategy := range []string{botcsb.StrategyGA, botcsb.StrategyBeam} {
		b.Run(strategy, func(b *testing.B) {
			s := botcsb.NewSearch(0, 1)
			st := roots[0]
			warm := bot.NewBudget(time.Time{}, 0, 100)
			s.Turn(&st, true, strategy, &warm)
			s.Sims = 0
			b.ReportAllocs()
			b.ResetTimer()
			budget := bot.NewBudget(time.Time{}, 0, b.N)
			planSink = s.Turn(&st, false, strategy, &budget)
			b.StopTimer()
			sec := b.Elapsed().Seconds()
			if sec > 0 {
				b.ReportMetric(4*float64(s.Sims)/sec, "pod-turns/s")
				b.ReportMetric(float64(b.N)/sec*0.060, "iters/60ms")
			}
		})
	}
}

// BenchmarkCSBBotTurn60ms plays whole turns on the default 60 ms budget
// from a mid-race state and reports the iterations and simulated turns a
// turn achieved (the wall time per op is the budget, not a speed).
//
//	go test ./bench -run '^$' -bench CSBBotTurn60ms -benchmem -count 5
func BenchmarkCSBBotTurn60ms(b *testing.B) {
	roots := botRoots()
	for _, strategy := range []string{botcsb.StrategyGA, botcsb.StrategyBeam} {
		b.Run(strategy, func(b *testing.B) {
			s := botcsb.NewSearch(0, 1)
			warm := bot.NewBudget(time.Time{}, 0, 100)
			s.Turn(&roots[0], true, strategy, &warm)
			b.ReportAllocs()
			b.ResetTimer()
			iters, sims := 0, 0
			for i := 0; i < b.N; i++ {
				st := roots[i%len(roots)]
				s.Sims = 0
				budget := bot.NewBudget(time.Now(), botcsb.DefaultTurn, 0)
				planSink = s.Turn(&st, false, strategy, &budget)
				iters += budget.Iterations()
				sims += s.Sims
			}
			b.ReportMetric(float64(iters)/float64(b.N), "iters/turn")
			b.ReportMetric(float64(sims)/float64(b.N), "sim-turns/turn")
			// A GA child is simulated only from the first turn where it
			// differs from its parent (bot.Prefixed): the turns its
			// evaluation covers are Depth a rollout, more than simulated.
			b.ReportMetric(float64(iters*botcsb.Depth)/float64(b.N), "plan-turns/turn")
		})
	}
}

// BenchmarkCSBBotTurn60msFromRoot is the GA of BenchmarkCSBBotTurn60ms
// with every child rolled out from the root (bottest.Plain hides the
// prefix reuse of bot.Prefixed): the way searches without that reuse count
// their simulated turns, so its sim-turns/turn compares with theirs. At
// equal iterations it chooses the same plans (TestPrefixExact in bot/csb).
//
//	go test ./bench -run '^$' -bench CSBBotTurn60msFromRoot -count 5
func BenchmarkCSBBotTurn60msFromRoot(b *testing.B) {
	roots := botRoots()
	s := botcsb.NewSearch(0, 1)
	eng := bot.NewEngine[botcsb.Plan, struct{}](bottest.Plain[botcsb.Plan, struct{}, *botcsb.Search]{Game: s}, 0, 1, botcsb.Settings)
	eng.Randomize(0)
	eng.Randomize(1)
	// setRoot: the game's root, roles and heuristic plans, through a turn
	// of its own engine of one iteration.
	setRoot := func(st *csb.State) {
		one := bot.NewBudget(time.Time{}, 0, 1)
		s.Turn(st, false, botcsb.StrategyGA, &one)
	}
	setRoot(&roots[0])
	warm := bot.NewBudget(time.Time{}, 0, 100)
	eng.Turn(true, botcsb.StrategyGA, &warm)
	b.ReportAllocs()
	b.ResetTimer()
	iters, sims := 0, 0
	for i := 0; i < b.N; i++ {
		st := roots[i%len(roots)]
		setRoot(&st)
		s.Sims = 0
		budget := bot.NewBudget(time.Now(), botcsb.DefaultTurn, 0)
		planSink = eng.Turn(false, botcsb.StrategyGA, &budget)
		iters += budget.Iterations()
		sims += s.Sims
	}
	b.ReportMetric(float64(iters)/float64(b.N), "iters/turn")
	b.ReportMetric(float64(sims)/float64(b.N), "sim-turns/turn")
}

// planSink keeps the searches' results alive.
var planSink *botcsb.Plan
