package league

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"

	"impulse/referee/match"
)

// event is one message of a league's log, for foldLog.
type event struct {
	subject string
	v       any
}

func add(name string) event {
	return event{playersSubject, playerEvent{Op: opAdd, Player: Player{ID: name, Name: name, Version: 1, Command: "csb/baseline"}}}
}

func update(name string, v int) event {
	return event{playersSubject, playerEvent{Op: opUpdate, Player: Player{ID: playerID(name, v), Name: name, Version: v, Command: "csb/baseline"}}}
}

func stop(id string) event {
	return event{playersSubject, playerEvent{Op: opStop, Player: Player{ID: id, Name: nameOf(id)}}}
}

func remove(name string) event {
	return event{playersSubject, playerEvent{Op: opRemove, Player: Player{ID: name, Name: name}}}
}

// game is a record of pair k's game i between a and b, a winning when
// aWins.
func game(k, i int, a, b string, aWins bool) event {
	g := match.Game{Seed: int64(k), Swapped: i == 1, Ranks: [2]int{1, 0}}
	if aWins {
		g.Ranks = [2]int{0, 1}
	}
	return event{gamesSubject, Record{Key: gameKey(k, i), Pair: k, Players: [2]string{a, b}, Game: g}}
}

func plan(k int, a, b string) event {
	return event{plansSubject, Plan{Pair: k, Players: [2]string{a, b}, Seed: int64(k)}}
}

// foldLog folds the events as the store would hand them.
func foldLog(t *testing.T, events ...event) *State {
	t.Helper()
	f := newFold()
	for _, e := range events {
		data, err := json.Marshal(e.v)
		if err != nil {
			t.Fatal(err)
		}
		f.seq++
		if err := f.apply(e.subject, data); err != nil {
			t.Fatal(err)
		}
	}
	return f.state()
}

// keys returns the keys of the counted games.
func keys(s *State) []string {
	var out []string
	for _, g := range s.Games {
		out = append(out, g.Key)
	}
	return out
}

// TestFold folds logs and checks what counts: each key once, the games
// of removed bots not at all (though stored), versions apart, a stopped
// bot still in the table with its games.
func TestFold(t *testing.T) {
	setting := event{settingSubject, Setting{Game: "csb", Rules: "live", Anchor: "a"}}
	tests := []struct {
		name     string
		log      []event
		keys     []string
		stored   int
		stopped  []string // IDs, in the order added
		removed  []string
		versions []string // every player's ID, in order
	}{
		{"a key stored twice counts once",
			[]event{setting, add("a"), add("b"), game(0, 0, "a", "b", true), game(0, 0, "a", "b", false), game(0, 1, "a", "b", false)},
			[]string{"0/0", "0/1"}, 2, nil, nil, []string{"a", "b"}},
		{"a removed bot's games are stored, not counted, before and after",
			[]event{setting, add("a"), add("b"), add("c"), game(0, 0, "a", "b", true), game(1, 0, "a", "c", true), remove("b"), game(0, 1, "a", "b", true)},
			[]string{"1/0"}, 3, []string{"b"}, []string{"b"}, []string{"a", "b", "c"}},
		{"an update is a new version, its games apart; the old one stops",
			[]event{setting, add("a"), add("b"), game(0, 0, "a", "b", true), update("a", 2), game(1, 0, "a#2", "b", false)},
			[]string{"0/0", "1/0"}, 2, []string{"a"}, nil, []string{"a", "b", "a#2"}},
		{"a stopped bot keeps its row and games",
			[]event{setting, add("a"), add("b"), game(0, 0, "a", "b", true), stop("b")},
			[]string{"0/0"}, 1, []string{"b"}, nil, []string{"a", "b"}},
		{"remove takes every version",
			[]event{setting, add("a"), add("b"), game(0, 0, "a", "b", true), update("a", 2), game(1, 0, "a#2", "b", true), remove("a")},
			nil, 2, []string{"a", "a#2"}, []string{"a", "a#2"}, []string{"a", "b", "a#2"}},
		{"events the state makes meaningless change nothing",
			[]event{setting, add("a"), add("a"), update("a", 3), update("z", 2), stop("z"), remove("b"), add("b"), remove("b"), update("b", 2), stop("b"), add("b")},
			nil, 0, []string{"b"}, []string{"b"}, []string{"a", "b"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s := foldLog(t, tc.log...)
			if diff := cmp.Diff(tc.keys, keys(s)); diff != "" {
				t.Errorf("counted games (-want +got):\n%s", diff)
			}
			if s.Stored != tc.stored {
				t.Errorf("stored %d games, want %d", s.Stored, tc.stored)
			}
			var ids, stopped, removed []string
			for _, p := range s.Players {
				ids = append(ids, p.ID)
				if p.Stopped {
					stopped = append(stopped, p.ID)
				}
				if p.Removed {
					removed = append(removed, p.ID)
				}
			}
			if diff := cmp.Diff(tc.versions, ids); diff != "" {
				t.Errorf("players (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.stopped, stopped); diff != "" {
				t.Errorf("stopped (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tc.removed, removed); diff != "" {
				t.Errorf("removed (-want +got):\n%s", diff)
			}
		})
	}
}

// TestFoldSetting: the first setting fixes the game and rules, a later
// one the anchor only; a pair's first plan is kept.
func TestFoldSetting(t *testing.T) {
	s := foldLog(t,
		event{settingSubject, Setting{Game: "csb", Rules: "live", Anchor: "a"}},
		event{settingSubject, Setting{Game: "fb", Rules: "published", Anchor: "b"}},
		plan(0, "a", "b"), plan(0, "b", "a"), plan(1, "b", "a"))
	if s.Game != "csb" || s.Rules != "live" || s.Anchor != "b" {
		t.Errorf("game %s, rules %s, anchor %s; want csb, live, b", s.Game, s.Rules, s.Anchor)
	}
	want := []Plan{{0, [2]string{"a", "b"}, 0}, {1, [2]string{"b", "a"}, 1}}
	if diff := cmp.Diff(want, s.Planned); diff != "" {
		t.Errorf("plans (-want +got):\n%s", diff)
	}
}

// TestFoldBadMessage: a message that is not an event is an error naming
// its sequence and subject.
func TestFoldBadMessage(t *testing.T) {
	f := newFold()
	f.seq = 7
	if err := f.apply(gamesSubject, []byte("{")); err == nil || err.Error()[:32] != "league store: message 7 (league." {
		t.Errorf("bad JSON: %v, want an error naming message 7", err)
	}
	if err := f.apply("league.nope", []byte("{}")); err == nil {
		t.Error("unknown subject: no error")
	}
}
