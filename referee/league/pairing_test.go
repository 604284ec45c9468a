package league

import (
	"math/rand"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// pairingLeague returns a state of the bots ids (anchor the first), with a plan
// per pair of games listed: pair k between ab[k][0] and ab[k][1], and
// games of it as wins says: wins[k] of pair k's 2 games to its first bot.
func pairingLeague(ids []string, ab [][2]string, wins []int) *State {
	s := &State{Game: "csb", Rules: "live", Anchor: ids[0]}
	for _, id := range ids {
		s.Players = append(s.Players, Player{ID: id, Name: nameOf(id), Version: 1})
	}
	for k, p := range ab {
		s.Planned = append(s.Planned, Plan{Pair: k, Players: p, Seed: int64(k)})
		if k < len(wins) {
			for i := 0; i < 2; i++ {
				e := game(k, i, p[0], p[1], i < wins[k]).v.(Record)
				s.Games = append(s.Games, e)
			}
		}
	}
	return s
}

// TestPairingNewcomer: a bot with fewer than MinGames games planned
// plays first, against the active bot it has played least, then the
// first added; a stopped bot plays no more.
func TestPairingNewcomer(t *testing.T) {
	pg := Pairing{MinGames: 6, Horizon: 2, Seed: 100}
	ab := [][2]string{{"a", "b"}, {"b", "c"}, {"a", "c"}, {"a", "b"}, {"b", "c"}, {"a", "c"}}
	s := pairingLeague([]string{"a", "b", "c", "d"}, ab, []int{1, 1, 1, 1, 1, 1})
	steps := []struct {
		stop string // stopped before the step
		want Plan
	}{
		{"", Plan{6, [2]string{"d", "a"}, 106}},
		{"", Plan{7, [2]string{"d", "b"}, 107}},
		{"c", Plan{8, [2]string{"d", "a"}, 108}}, // c stopped: d has played a and b twice
		// d has its 6 games; every order is a coin's toss (a, b and c
		// split their games, d has none stored): the pair that played
		// least.
		{"", Plan{9, [2]string{"b", "d"}, 109}},
	}
	for i, st := range steps {
		if st.stop != "" {
			for j := range s.Players {
				if s.Players[j].ID == st.stop {
					s.Players[j].Stopped = true
				}
			}
		}
		got, ok := pg.Next(s, 6+i)
		if !ok {
			t.Fatalf("step %d: no pair", i)
		}
		if diff := cmp.Diff(st.want, got); diff != "" {
			t.Errorf("step %d (-want +got):\n%s", i, diff)
		}
		s.Planned = append(s.Planned, got)
	}
	s.Players[1].Stopped, s.Players[3].Removed = true, true
	if p, ok := pg.Next(s, 10); ok {
		t.Errorf("one active bot left: pair %v, want none", p)
	}
}

// TestPairingLeastCertain: with every bot past its minimum, the pair
// whose order is least certain plays: b and c, who split their games,
// rather than a, who beat both nearly every time. The choice does not
// depend on the order the games finished in, nor on the games of the
// pairs after the horizon.
func TestPairingLeastCertain(t *testing.T) {
	var ab [][2]string
	var wins []int
	for r := 0; r < 10; r++ {
		ab = append(ab, [2]string{"a", "b"}, [2]string{"a", "c"}, [2]string{"b", "c"})
		wins = append(wins, 2, 2, 1)
	}
	wins[0], wins[1] = 1, 1 // a is not above everyone
	s := pairingLeague([]string{"a", "b", "c"}, ab, wins)
	pg := Pairing{MinGames: 10, Horizon: 4, Seed: 1}
	k := len(ab)
	want := Plan{Pair: k, Players: [2]string{"b", "c"}, Seed: int64(k + 1)}
	got, ok := pg.Next(s, k)
	if diff := cmp.Diff(want, got); !ok || diff != "" {
		t.Fatalf("pair %d (-want +got):\n%s", k, diff)
	}
	rand.New(rand.NewSource(1)).Shuffle(len(s.Games), func(i, j int) { s.Games[i], s.Games[j] = s.Games[j], s.Games[i] })
	if again, _ := pg.Next(s, k); again != got {
		t.Errorf("games in another order: %v, want %v", again, got)
	}
	// Pairs past the horizon, whose games would make b over c certain.
	for i := 0; i < 40; i++ {
		rec := game(k-1, i, "b", "c", true).v.(Record)
		s.Games = append(s.Games, rec)
	}
	if again, _ := pg.Next(s, k); again != got {
		t.Errorf("with games past the horizon: %v, want %v", again, got)
	}
	pg.Horizon = 0
	if again, _ := pg.Next(s, k); again == got {
		t.Errorf("with those games before the horizon: %v again, want another pair", again)
	}
}
