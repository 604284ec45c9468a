package fb

import (
	"testing"
	"time"

	"impulse/bot"
	"impulse/bot/bottest"
	simfb "impulse/sim/fb"
)

// TestPrefixExact: a search that rolls children out from the first turn
// where they differ from their parent (bot.Prefixed) chooses, turn after
// turn, the very plans of one that rolls every plan from the root
// (bottest.Plain): at depths 1, 2, 4 and 6, with Robust 0, 0.5 (the
// default), 0.3 and −1; and each kept trajectory is that of its plan rolled
// out anew.
func TestPrefixExact(t *testing.T) {
	for _, tc := range []struct {
		depth int
		set   func(w *Weights)
	}{
		{Depth, func(w *Weights) {}},
		{1, func(w *Weights) {}},
		{2, func(w *Weights) { w.Robust = 0 }},
		{Depth, func(w *Weights) { w.Robust = -1 }},
		{MaxDepth, func(w *Weights) { w.Robust = 0.3 }},
	} {
		st := Settings
		st.Depth = tc.depth
		pre, ref := newSearch(0, 7, st), newSearch(0, 7, st)
		tc.set(&pre.Weights)
		tc.set(&ref.Weights)
		eng := bot.NewEngine[Plan, simfb.State](bottest.Plain[Plan, simfb.State, *Search]{Game: ref}, 0, 7, st)
		if _, ok := any(bottest.Plain[Plan, simfb.State, *Search]{Game: ref}).(bot.Prefixed[Plan]); ok {
			t.Fatal("bottest.Plain is a bot.Prefixed")
		}
		for turn := 0; turn < 6; turn++ {
			root := midGame(int64(turn%3+1), 10+turn*9)
			b1 := bot.NewBudget(time.Time{}, 0, 1500)
			b2 := bot.NewBudget(time.Time{}, 0, 1500)
			got := *pre.Turn(&root, turn == 0, StrategyGA, &b1)
			ref.setRoot(&root)
			want := *eng.Turn(turn == 0, StrategyGA, &b2)
			if got != want {
				t.Fatalf("depth %d, weights %+v, turn %d: plan %v, from the root %v", tc.depth, pre.Weights, turn, got, want)
			}
			checkTrajectories(t, pre, pre.eng.Predicted())
		}
	}
}

// checkTrajectories checks every kept trajectory of player 0 (the last
// searched, against theirs) against new rollouts of its plan.
func checkTrajectories(t *testing.T, s *Search, theirs *Plan) {
	t.Helper()
	var fresh trajectory
	fresh.runs[0] = run{st: make([]simfb.State, s.depth-1)}
	fresh.runs[1] = run{st: make([]simfb.State, s.depth-1)}
	runs := 1
	if s.Weights.Robust != 0 {
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
				if f.st[j] != k.st[j] {
					t.Fatalf("plan %d run %d: state after turn %d differs from a new rollout's", i, r, j)
				}
			}
		}
	}
}
