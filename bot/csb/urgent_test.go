package csb

import (
	"testing"

	"impulse/sim"
	simcsb "impulse/sim/csb"
)

// urgentRoot returns a mid-game root in which player 0 has left turns
// before the checkpoint timeout and its blocker (pod 1, the pod behind in
// the race) is dist from its next checkpoint, straight below it.
func urgentRoot(t *testing.T, left int32, dist float64) simcsb.State {
	t.Helper()
	st := midGame(t, 5, 20)
	st.Pods[0].Passed, st.Pods[1].Passed = 3, 1
	st.Pods[0].LastPass, st.Pods[1].LastPass = 0, 0
	st.Round = st.PodTimeout - left
	cp := st.Checkpoints[st.Pods[1].Next]
	st.Pods[1].Pos = sim.Vec{X: cp.X, Y: cp.Y + dist}
	if got := st.TurnsLeft(0); got != left {
		t.Fatalf("turns left %d, want %d", got, left)
	}
	return st
}

// TestUrgentBlocker: with an UrgentPace the pods race only once the turns
// left are at most UrgentSlack + the blocker's distance / UrgentPace (and
// UrgentTurns); without, at UrgentTurns. Racing so, the blocker's own
// progress counts: the evaluation rises as it nears its checkpoint.
func TestUrgentBlocker(t *testing.T) {
	w := DefaultWeights
	w.UrgentTurns, w.UrgentOther, w.UrgentPace, w.UrgentSlack = 50, 1, 400, 10
	tests := []struct {
		left        int32
		dist        float64
		pace        float64
		wantUrgent  bool
		explanation string
	}{
		{30, 8400, 400, true, "10 + 8400/400 = 31 ≥ 30"},
		{30, 7600, 400, false, "10 + 7600/400 = 29 < 30"},
		{20, 4000, 400, true, "10 + 4000/400 = 20 ≥ 20"},
		{49, 30000, 400, true, "85 ≥ 49, and 49 ≤ UrgentTurns"},
		{51, 30000, 400, false, "51 > UrgentTurns"},
		{49, 2000, 0, true, "no pace: 49 ≤ UrgentTurns"},
		{51, 2000, 0, false, "no pace: 51 > UrgentTurns"},
	}
	for _, tc := range tests {
		st := urgentRoot(t, tc.left, tc.dist)
		s := NewSearch(0, 1)
		s.Weights = w
		s.Weights.UrgentPace = tc.pace
		s.setRoot(&st)
		if s.roles[0].blocker != 1 {
			t.Fatalf("blocker %d, want pod 1 (behind in the race)", s.roles[0].blocker)
		}
		if s.urgent[0] != tc.wantUrgent {
			t.Errorf("%d turns left, blocker %.0f away, pace %.0f: urgent %v, want %v (%s)",
				tc.left, tc.dist, tc.pace, s.urgent[0], tc.wantUrgent, tc.explanation)
		}
	}

	// Urgent: the blocker nearer its checkpoint scores more; with
	// UrgentOther 0 its progress is not counted.
	for _, other := range []float64{1, 0} {
		var score [2]float64
		for k, dist := range []float64{9000, 8000} {
			st := urgentRoot(t, 30, dist)
			s := NewSearch(0, 1)
			s.Weights = w
			s.Weights.UrgentOther = other
			s.setRoot(&st)
			if !s.urgent[0] {
				t.Fatalf("blocker %.0f away, 30 turns left: not urgent", dist)
			}
			score[k] = s.eval(&s.root, &s.dir0, 0)
		}
		switch gain := score[1] - score[0]; {
		case other == 1 && gain != 1000:
			t.Errorf("UrgentOther 1: the blocker 1000 nearer changes the evaluation by %v, want +1000", gain)
		case other == 0 && gain != 0:
			t.Errorf("UrgentOther 0: the blocker 1000 nearer changes the evaluation by %v, want 0", gain)
		}
	}
}
