package fb

import (
	"testing"
	"time"

	"impulse/bot"
	simfb "impulse/sim/fb"
)

// plain is the search without its kept rollouts: only bot.Game's and
// bot.Forecaster's methods, so the engine rolls every plan out from the
// root.
type plain struct{ s *Search }

func (g plain) Rollout(pl int, mine, theirs *Plan) float64 { return g.s.Rollout(pl, mine, theirs) }
func (g plain) Heuristic(pl int) *Plan                     { return g.s.Heuristic(pl) }
func (g plain) Randomize(r *bot.Rand, pl int, p *Plan)     { g.s.Randomize(r, pl, p) }
func (g plain) Shift(r *bot.Rand, pl int, p *Plan)         { g.s.Shift(r, pl, p) }
func (g plain) Mutate(r *bot.Rand, pl int, p *Plan, amplitude float64) {
	g.s.Mutate(r, pl, p, amplitude)
}
func (g plain) Crossover(r *bot.Rand, child, a, b *Plan) { g.s.Crossover(r, child, a, b) }
func (g plain) BeamRoot(n *simfb.State)                  { g.s.BeamRoot(n) }
func (g plain) BeamChild(r *bot.Rand, pl int, n *simfb.State, plan *Plan, d, c int, best, theirs *Plan) (float64, bool) {
	return g.s.BeamChild(r, pl, n, plan, d, c, best, theirs)
}
func (g plain) BeamEval(n *simfb.State, pl int) float64 { return g.s.BeamEval(n, pl) }
func (g plain) Forecast(plans []Plan, scores []float64) { g.s.Forecast(plans, scores) }

// TestPrefixExact: a search that rolls children out from the first turn
// where they differ from their parent (bot.Prefixed) chooses, turn after
// turn, the very plans of one that rolls every plan from the root: at
// depths 1, 2 and 4, with Robust 0, 0.5 (the default) and −1, with Path,
// and against 3 predicted opponents (where nothing is kept); and each kept
// trajectory is that of its plan rolled out anew.
func TestPrefixExact(t *testing.T) {
	for _, tc := range []struct {
		depth int
		set   func(w *Weights)
	}{
		{Depth, func(w *Weights) {}},
		{1, func(w *Weights) {}},
		{2, func(w *Weights) { w.Robust = 0 }},
		{Depth, func(w *Weights) { w.Robust = -1 }},
		{MaxDepth, func(w *Weights) { w.Path = 0.3 }},
		{Depth, func(w *Weights) { w.Opponents = 3 }},
	} {
		st := Settings
		st.Depth = tc.depth
		pre, ref := newSearch(0, 7, st), newSearch(0, 7, st)
		tc.set(&pre.W)
		tc.set(&ref.W)
		eng := bot.NewEngine[Plan, simfb.State, plain](plain{ref}, 0, 7, st)
		if _, ok := any(plain{ref}).(bot.Prefixed[Plan]); ok {
			t.Fatal("plain is a bot.Prefixed")
		}
		for turn := 0; turn < 6; turn++ {
			root := midGame(int64(turn%3+1), 10+turn*9)
			b1 := bot.NewBudget(time.Time{}, 0, 1500)
			b2 := bot.NewBudget(time.Time{}, 0, 1500)
			got := *pre.Turn(&root, turn == 0, StrategyGA, &b1)
			ref.setRoot(&root)
			want := *eng.Turn(turn == 0, StrategyGA, &b2)
			if got != want {
				t.Fatalf("depth %d, weights %+v, turn %d: plan %v, from the root %v", tc.depth, pre.W, turn, got, want)
			}
			if pre.keeps(0) {
				checkTrajectories(t, pre, pre.eng.Predicted())
			}
		}
	}
}

// checkTrajectories checks every kept trajectory of player 0 (the last
// searched, against theirs) against new rollouts of its plan.
func checkTrajectories(t *testing.T, s *Search, theirs *Plan) {
	t.Helper()
	var fresh trajectory
	fresh.runs[0] = run{st: make([]simfb.State, s.depth-1), path: make([]float64, s.depth-1)}
	fresh.runs[1] = run{st: make([]simfb.State, s.depth-1), path: make([]float64, s.depth-1)}
	runs := 1
	if s.W.Robust != 0 {
		runs = 2
	}
	for i := 0; i < Settings.Population; i++ {
		kept := s.traj[0].Plan(i)
		s.rolloutKept(0, &kept.plan, theirs, nil, 0, &fresh)
		for r := 0; r < runs; r++ {
			f, k := &fresh.runs[r], &kept.runs[r]
			if f.value != k.value || f.turns != k.turns {
				t.Fatalf("plan %d run %d: kept %v in %d turns, rolled out %v in %d", i, r, k.value, k.turns, f.value, f.turns)
			}
			for j := 0; j < f.turns-1; j++ {
				if f.st[j] != k.st[j] || f.path[j] != k.path[j] {
					t.Fatalf("plan %d run %d: state after turn %d differs from a new rollout's", i, r, j)
				}
			}
		}
	}
}
