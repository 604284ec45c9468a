package csb

import (
	"testing"
	"time"

	"impulse/sim"
)

// TestMoveSamePosition: two pods at one position (no game has them) end
// the turn instead of colliding for ever at time 0 (the BUG note).
func TestMoveSamePosition(t *testing.T) {
	s, err := New([]sim.Vec{{X: 1000, Y: 1000}, {X: 9000, Y: 5000}}, Live)
	if err != nil {
		t.Fatal(err)
	}
	s.Pods[0].Pos, s.Pods[1].Pos = sim.Vec{X: 5000, Y: 5000}, sim.Vec{X: 5000, Y: 5000}
	s.Pods[0].Vel = sim.Vec{X: 100, Y: 0}
	done := make(chan State, 1)
	go func() {
		s.Move(nil)
		done <- s
	}()
	select {
	case got := <-done:
		if got.Round != 1 {
			t.Errorf("round %d after one Move, want 1", got.Round)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Move did not return in 10 s")
	}
}
