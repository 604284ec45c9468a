package arena

import (
	"errors"
	"testing"

	"impulse/referee/stats"
)

// TestPlayPairs plays made-up games whose outcome depends on the seed and
// the seats: seed 1, seat 0 always wins (a pair of one win each, 1 point
// of 2 for A); seed 2, A wins both (2 points); seed 3, both drawn (1
// point). The tally follows by hand.
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
	want := Tally{Games: 6, AWins: 3, BWins: 1, Draws: 2, Penta: stats.Pentanomial{0, 0, 2, 0, 1}, Sims: [2]int{6, 12}, Turns: 60}
	if got != want {
		t.Errorf("tally %+v, want %+v", got, want)
	}
	if r := got.WinRate(); r != 0.5 {
		t.Errorf("win rate %v, want 0.5", r)
	}
	if s := got.Penta.Score(); s != 4.0/6 {
		t.Errorf("A's score %v, want 4/6", s)
	}
	boom := errors.New("boom")
	if _, err := PlayPairs([]int64{1}, "a", "b", func(int64, [2]string) (Game, error) { return Game{}, boom }); err != boom {
		t.Errorf("error %v, want %v", err, boom)
	}
}
