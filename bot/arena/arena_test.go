package arena

import (
	"errors"
	"math"
	"testing"
)

// TestStatistics checks the interval arithmetic on figures worked by hand:
// a share of ¾ is 400·log10(3) ≈ +190.8 Elo; the Wilson interval of 10
// wins in 10 is [0.7225, 1] (its lower end n/(n+z²) for p = 1); 8 pairs
// of scores ½ and 1 alternating have mean ¾ and standard error
// √(1/16/7) ≈ 0.0945, so ¾ ± 0.1852.
func TestStatistics(t *testing.T) {
	if e := Elo(0.75); math.Abs(e-190.85) > 0.01 {
		t.Errorf("Elo(0.75) = %v, want 190.85", e)
	}
	if lo, hi := Wilson(1, 10); math.Abs(lo-10/(10+1.96*1.96)) > 1e-9 || math.Abs(hi-1) > 1e-9 {
		t.Errorf("Wilson(1, 10) = %v, %v; want 0.7225, 1", lo, hi)
	}
	m := Tally{Pairs: []float64{0.5, 1, 0.5, 1, 0.5, 1, 0.5, 1}}
	mean, lo, hi := m.EloInterval()
	wantLo, wantHi := Elo(0.75-1.96*math.Sqrt(1.0/16/7)), Elo(0.75+1.96*math.Sqrt(1.0/16/7))
	if math.Abs(mean-190.85) > 0.01 || math.Abs(lo-wantLo) > 0.01 || math.Abs(hi-wantHi) > 0.01 {
		t.Errorf("EloInterval = %.2f [%.2f, %.2f], want 190.85 [%.2f, %.2f]", mean, lo, hi, wantLo, wantHi)
	}
	all := Tally{Pairs: []float64{1, 1, 1, 1}}
	if mean, lo, _ := all.EloInterval(); !math.IsInf(mean, 1) || math.IsInf(lo, 0) || lo <= 0 {
		t.Errorf("4 pairs won: Elo %v, lower end %v; want +Inf and a finite positive bound", mean, lo)
	}
}

// TestPlayPairs plays made-up games whose outcome depends on the seed and
// the seats: seed 1, seat 0 always wins (a pair of one win each, ½ for
// A); seed 2, A wins both; seed 3, both drawn. The tally follows by hand.
func TestPlayPairs(t *testing.T) {
	play := func(seed int64, seats [2]string) (Game, error) {
		g := Game{Rounds: 10, Sims: [2]int{len(seats[0]), len(seats[1])}}
		switch seed {
		case 1:
			g.Winner = 0
		case 2:
			g.Winner = 0
			if seats[1] == "a" {
				g.Winner = 1
			}
		default:
			g.Winner = -1
		}
		return g, nil
	}
	got, err := PlayPairs([]int64{1, 2, 3}, "a", "bb", play)
	if err != nil {
		t.Fatal(err)
	}
	want := Tally{Games: 6, AWins: 3, BWins: 1, Draws: 2, Pairs: []float64{0.5, 1, 0.5}, Sims: [2]int{6, 12}, Turns: 60}
	if got.Games != want.Games || got.AWins != want.AWins || got.BWins != want.BWins || got.Draws != want.Draws ||
		got.Sims != want.Sims || got.Turns != want.Turns || len(got.Pairs) != 3 ||
		got.Pairs[0] != 0.5 || got.Pairs[1] != 1 || got.Pairs[2] != 0.5 {
		t.Errorf("tally %+v, want %+v", got, want)
	}
	if r := got.WinRate(); r != 0.5 {
		t.Errorf("win rate %v, want 0.5", r)
	}
	boom := errors.New("boom")
	if _, err := PlayPairs([]int64{1}, "a", "b", func(int64, [2]string) (Game, error) { return Game{}, boom }); err != boom {
		t.Errorf("error %v, want %v", err, boom)
	}
}
