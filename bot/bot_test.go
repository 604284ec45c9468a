package bot

import (
	"testing"
	"time"
)

func TestRandDeterministic(t *testing.T) {
	a, b, c := NewRand(7), NewRand(7), NewRand(8)
	same := true
	for i := 0; i < 100; i++ {
		x, y, z := a.Uint64(), b.Uint64(), c.Uint64()
		if x != y {
			t.Fatalf("draw %d: %d and %d from the same seed", i, x, y)
		}
		if x != z {
			same = false
		}
	}
	if same {
		t.Error("seeds 7 and 8 gave the same 100 draws")
	}
	z := NewRand(0)
	if z.Uint64() == 0 && z.Uint64() == 0 {
		t.Error("seed 0 gives a stuck generator")
	}
}

// TestRandIntn checks the range and a rough uniformity: over 60,000 draws
// of Intn(6) each value comes 10,000 times, with a standard deviation of
// about 91; a bin off by more than 600 is a bug, not chance.
func TestRandIntn(t *testing.T) {
	r := NewRand(1)
	var bins [6]int
	for i := 0; i < 60000; i++ {
		v := r.Intn(6)
		if v < 0 || v >= 6 {
			t.Fatalf("Intn(6) = %d", v)
		}
		bins[v]++
	}
	for v, n := range bins {
		if n < 9400 || n > 10600 {
			t.Errorf("value %d drawn %d times of 60000, want about 10000", v, n)
		}
	}
	for i := 0; i < 1000; i++ {
		if f := r.Float64(); f < 0 || f >= 1 {
			t.Fatalf("Float64() = %v", f)
		}
	}
	if r.Intn(0) != 0 || r.Intn(-3) != 0 {
		t.Error("Intn of n ≤ 0 is not 0")
	}
}

func TestBudgetIterations(t *testing.T) {
	b := NewBudget(time.Now(), 0, 10)
	part := b.Split(0.25)
	n := 0
	for part.Next() {
		n++
	}
	if n != 2 { // a quarter of 10, truncated
		t.Errorf("the split ran %d iterations, want 2", n)
	}
	b.Spend(part.Iterations())
	for b.Next() {
		n++
	}
	if n != 10 || b.Iterations() != 10 {
		t.Errorf("%d iterations in all (budget counts %d), want 10", n, b.Iterations())
	}
	if b.Progress() != 1 {
		t.Errorf("progress %v, want 1", b.Progress())
	}
}

func TestBudgetTime(t *testing.T) {
	start := time.Now()
	b := NewBudget(start, 5*time.Millisecond, 0)
	for b.Next() {
	}
	if el := time.Since(start); el < 5*time.Millisecond {
		t.Errorf("the budget of 5ms ended after %v", el)
	}
	past := NewBudget(start.Add(-time.Second), time.Millisecond, 0)
	if past.Next() {
		t.Error("a budget whose deadline has passed allowed an iteration")
	}
	var zero Budget
	if zero.Next() {
		t.Error("the zero Budget allowed an iteration")
	}
}

func TestSelection(t *testing.T) {
	scores := []float64{3, 9, 1, 9, 5, 7, 0}
	if b, w := Best(scores), Worst(scores); b != 1 || w != 6 {
		t.Errorf("Best, Worst = %d, %d; want 1, 6", b, w)
	}
	if Best(nil) != -1 || Worst(nil) != -1 {
		t.Error("Best or Worst of nothing is not -1")
	}
	r := NewRand(3)
	wins := 0
	for i := 0; i < 1000; i++ {
		if scores[Tournament(&r, scores, 3)] == 9 {
			wins++
		}
	}
	// P(a 9 among 3 draws of 7) = 1 − (5/7)³ ≈ 0.636.
	if wins < 560 || wins > 710 {
		t.Errorf("a tournament of 3 chose a best score %d times of 1000, want about 636", wins)
	}
	if allocs := testing.AllocsPerRun(100, func() {
		Tournament(&r, scores, 2)
	}); allocs != 0 {
		t.Errorf("selection allocates %v times", allocs)
	}
}
