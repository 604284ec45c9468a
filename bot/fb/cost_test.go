package fb

import (
	"testing"
	"time"

	"impulse/bot"
	simfb "impulse/sim/fb"
)

// BenchmarkSearchCost times a search turn of 1000 iterations with the
// default weights and with each costlier evaluation setting, on the
// states of a baseline game every 10 turns: the cost of an idea per
// iteration.
func BenchmarkSearchCost(b *testing.B) {
	var roots []simfb.State
	st := simfb.NewFromSeed(1, simfb.Live)
	for r := 0; r < 100; r++ {
		if r%10 == 0 {
			roots = append(roots, st)
		}
		var c [simfb.MaxWizards]simfb.Command
		for pl := 0; pl < 2; pl++ {
			cmds := DefaultBaseline.Commands(&st, pl)
			c[2*pl], c[2*pl+1] = cmds[0], cmds[1]
		}
		if res := st.Play(&c, nil); res.Over {
			break
		}
	}
	for _, v := range []struct {
		name string
		set  func(w *Weights)
	}{
		{"default", func(w *Weights) {}},
		{"no-robust", func(w *Weights) { w.Robust = 0 }},
		{"no-race", func(w *Weights) { w.Race = 0 }},
	} {
		b.Run(v.name, func(b *testing.B) {
			s := NewSearch(0, 1)
			v.set(&s.Weights)
			first := bot.NewBudget(time.Time{}, 0, 1000)
			s.Turn(&roots[0], true, StrategyGA, &first)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				budget := bot.NewBudget(time.Time{}, 0, 1000)
				s.Turn(&roots[i%len(roots)], false, StrategyGA, &budget)
			}
		})
	}
}

var evalSink float64

// BenchmarkEval times one evaluation, against BenchmarkPlay's one turn.
func BenchmarkEval(b *testing.B) {
	st := simfb.NewFromSeed(1, simfb.Live)
	w := DefaultWeights
	for i := 0; i < b.N; i++ {
		evalSink += w.eval(&st, i&1)
	}
}

// BenchmarkPlay times one simulated turn of two heuristic plans.
func BenchmarkPlay(b *testing.B) {
	root := simfb.NewFromSeed(1, simfb.Live)
	s := NewSearch(0, 1)
	p := heuristicPlans(&root, &s.Baseline, Depth)
	for i := 0; i < b.N; i++ {
		st := root
		s.play(&st, 0, &p[0][0], &p[1][0])
	}
}
