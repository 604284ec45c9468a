//go:build !contest || beam

package bot

import (
	"testing"
	"time"
)

// TestTopK checks the beam's selection (beam.go): the k highest scores in
// decreasing order, ties in the order they came, without allocating.
func TestTopK(t *testing.T) {
	scores := []float64{3, 9, 1, 9, 5, 7, 0}
	tests := []struct {
		name string
		k    int
		want []int32
	}{
		{"top 3, ties in order", 3, []int32{1, 3, 5}},
		{"top 1", 1, []int32{1}},
		{"all", 7, []int32{1, 3, 5, 4, 0, 2, 6}},
		{"more than all", 9, []int32{1, 3, 5, 4, 0, 2, 6}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			idx := []int32{0, 1, 2, 3, 4, 5, 6}
			got := TopK(scores, idx, tc.k)
			if len(got) != len(tc.want) {
				t.Fatalf("TopK = %v, want %v", got, tc.want)
			}
			for i := range got {
				if got[i] != tc.want[i] {
					t.Fatalf("TopK = %v, want %v", got, tc.want)
				}
			}
		})
	}
	if allocs := testing.AllocsPerRun(100, func() {
		idx := [7]int32{0, 1, 2, 3, 4, 5, 6}
		TopK(scores, idx[:], 3)
	}); allocs != 0 {
		t.Errorf("TopK allocates %v times", allocs)
	}
}

// TestBeamZeroAlloc: a beam pass allocates nothing once the beam's memory
// is set up (by its first turn).
func TestBeamZeroAlloc(t *testing.T) {
	e := NewEngine[walkPlan, walkNode](&walk{}, 0, 1, walkSettings)
	b := NewBudget(time.Time{}, 0, 100)
	e.Turn(true, StrategyBeam, &b)
	theirs := &e.theirs
	if n := testing.AllocsPerRun(100, func() {
		b := NewBudget(time.Time{}, 0, 1000)
		e.beamPass(0, theirs, &b)
	}); n != 0 {
		t.Errorf("a beam pass allocates %v times", n)
	}
}
