package league

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"impulse/referee/match"
	"impulse/referee/stats"
)

// leagueOf builds a synthetic league: its players, added in order, and
// the games it plays through play and fail.
type leagueOf struct {
	s    State
	pair int // the last pair's number
}

// newLeague returns a csb league of the players ids (each a version 1),
// rated relative to anchor.
func newLeague(anchor string, ids ...string) *leagueOf {
	l := &leagueOf{s: State{Game: "csb", Rules: "live", Anchor: anchor}}
	for _, id := range ids {
		l.s.Players = append(l.s.Players, Player{ID: id, Name: id, Version: 1, Command: "csb/ga -iterations 250"})
	}
	return l
}

// play adds games of a (p1) against b whose scores are a's points, each
// two successive games a pair (the second with the seats swapped), a last
// odd game a pair of its own that did not finish.
func (l *leagueOf) play(a, b string, scores ...float64) {
	for k, s := range scores {
		if k%2 == 0 {
			l.pair++
		}
		l.add(a, b, s, k%2, "game finished", 0)
	}
}

// fail adds a game of a against b whose player culprit (1 or 2) lost
// by end.
func (l *leagueOf) fail(a, b string, end string, culprit int) {
	l.pair++
	l.add(a, b, float64(culprit-1), 0, end, culprit)
}

// add adds game k (0 or 1, the seats swapped) of the current pair.
func (l *leagueOf) add(a, b string, score float64, k int, end string, culprit int) {
	ranks := [2]int{0, 0}
	switch score {
	case 1:
		ranks[1] = 1
	case 0:
		ranks[0] = 1
	}
	l.s.Games = append(l.s.Games, Record{
		Key:     fmt.Sprintf("%d/%d", l.pair, k),
		Pair:    l.pair,
		Players: [2]string{a, b},
		Game:    match.Game{Seed: int64(l.pair), Swapped: k == 1, Ranks: ranks, End: end, Culprit: culprit},
	})
}

// rowOf returns the row of player id, failing the test without one.
func rowOf(t *testing.T, tab *Table, id string) Row {
	t.Helper()
	for _, r := range tab.Rows {
		if r.Player.ID == id {
			return r
		}
	}
	t.Fatalf("no row for %s", id)
	return Row{}
}

// ids returns the rows' player IDs, in order.
func ids(tab *Table) string {
	var s []string
	for _, r := range tab.Rows {
		s = append(s, r.Player.ID)
	}
	return strings.Join(s, " ")
}

// fourPlayers is a league where a > b > c > d, each taking points from
// every other (so all are rated): results by a table of a's wins.
func fourPlayers() (*leagueOf, []stats.Result) {
	l := newLeague("c", "d", "b", "a", "c")
	type meeting struct {
		a, b   string
		scores []float64
	}
	table := []meeting{
		{"a", "b", []float64{1, 1, 1, 0, 1, 0.5}},
		{"a", "c", []float64{1, 1, 1, 0, 1, 1}},
		{"a", "d", []float64{1, 1, 1, 1, 0, 1}},
		{"b", "c", []float64{1, 0, 1, 1, 0.5, 1}},
		{"b", "d", []float64{1, 1, 0, 1, 1, 1}},
		{"c", "d", []float64{1, 0, 1, 0.5, 1, 0}},
	}
	index := map[string]int{"d": 0, "b": 1, "a": 2, "c": 3}
	var results []stats.Result
	for _, m := range table {
		l.play(m.a, m.b, m.scores...)
		for _, s := range m.scores {
			results = append(results, stats.Result{A: index[m.a], B: index[m.b], Score: s})
		}
	}
	return l, results
}

// TestStandingsRatings: the rows come by rating, and each rating is the
// one stats.BradleyTerry gives for the same games listed by hand, with
// its wins, draws and losses counted from the table.
func TestStandingsRatings(t *testing.T) {
	l, results := fourPlayers()
	tab, err := Standings(&l.s)
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(tab); got != "a b c d" {
		t.Errorf("rows %q, want a b c d", got)
	}
	// The fit: the games and PriorDraws draws between every two who met.
	prior := append([]stats.Result(nil), results...)
	for a := 0; a < 4; a++ {
		for b := a + 1; b < 4; b++ {
			for _, r := range results {
				if r.A == a && r.B == b || r.A == b && r.B == a {
					for d := 0; d < PriorDraws; d++ {
						prior = append(prior, stats.Result{A: a, B: b, Score: 0.5})
					}
					break
				}
			}
		}
	}
	want, err := stats.BradleyTerry(4, 3, prior) // anchor c, index 3
	if err != nil {
		t.Fatal(err)
	}
	real, err := stats.BradleyTerry(4, 3, results)
	if err != nil {
		t.Fatal(err)
	}
	for i, id := range []string{"d", "b", "a", "c"} {
		got := rowOf(t, tab, id).Rating
		w := want[i]
		w.Games, w.Points = real[i].Games, real[i].Points // the real games'
		if got != w {
			t.Errorf("%s: rating %+v, want %+v", id, got, w)
		}
	}
	// a: 14 wins, a draw and 3 losses over its 18 games (table above).
	a := rowOf(t, tab, "a")
	if a.Wins != 14 || a.Draws != 1 || a.Losses != 3 {
		t.Errorf("a: %d-%d-%d, want 14-1-3", a.Wins, a.Draws, a.Losses)
	}
	if tab.Games != 36 || tab.Anchor != "c" || tab.Game != "csb" || tab.Rules != "live" {
		t.Errorf("table: %d games, anchor %s, %s %s rules; want 36, c, csb live", tab.Games, tab.Anchor, tab.Game, tab.Rules)
	}
}

// TestStandingsExcluded: a removed player's games, a game of a player
// the league does not know and a game stored twice under one key do not
// count; the rest rate as without them.
func TestStandingsExcluded(t *testing.T) {
	l, _ := fourPlayers()
	base, err := Standings(&l.s)
	if err != nil {
		t.Fatal(err)
	}
	l.s.Players = append(l.s.Players, Player{ID: "e", Name: "e", Version: 1, Removed: true})
	l.play("e", "a", 1, 1, 1, 1)
	l.play("a", "ghost", 0, 0)
	l.s.Games = append(l.s.Games, l.s.Games[0]) // stored again
	tab, err := Standings(&l.s)
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(tab); got != "a b c d" {
		t.Errorf("rows %q, want a b c d (e removed)", got)
	}
	if tab.Games != base.Games {
		t.Errorf("%d games counted, want %d", tab.Games, base.Games)
	}
	for i := range base.Rows {
		if tab.Rows[i].Rating != base.Rows[i].Rating {
			t.Errorf("%s: rating %+v, want %+v as without the excluded games", tab.Rows[i].Player.ID, tab.Rows[i].Rating, base.Rows[i].Rating)
		}
	}
}

// TestStandingsBadLeague: what Standings refuses, and the words it says
// it in.
func TestStandingsBadLeague(t *testing.T) {
	tests := []struct {
		name string
		edit func(l *leagueOf)
		want string
	}{
		{"anchor missing", func(l *leagueOf) { l.s.Anchor = "zz" }, `anchor "zz" is not a player (players: a, b, c, d)`},
		{"anchor removed", func(l *leagueOf) { l.s.Players[3].Removed = true }, `anchor "c" is removed`},
		{"no anchor", func(l *leagueOf) { l.s.Anchor = "" }, `anchor "" is not a player`},
		{"listed twice", func(l *leagueOf) { l.s.Players = append(l.s.Players, l.s.Players[0]) }, `player "d" is listed twice`},
		{"plays itself", func(l *leagueOf) { l.play("a", "a", 1) }, "game 19/0: a plays itself"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l, _ := fourPlayers()
			tt.edit(l)
			_, err := Standings(&l.s)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one saying %q", err, tt.want)
			}
		})
	}
}

// TestStandingsUnrated: the player who won every game comes first and the
// one who lost every game last but for those without games, whatever the
// order they were added; the prior draws rate both.
func TestStandingsUnrated(t *testing.T) {
	l := newLeague("base", "idle", "loser", "base", "mid", "winner")
	l.play("base", "mid", 1, 0, 1, 0)
	l.play("winner", "base", 1, 1)
	l.play("winner", "mid", 1, 1)
	l.play("loser", "mid", 0, 0)
	tab, err := Standings(&l.s)
	if err != nil {
		t.Fatal(err)
	}
	// mid, even with base, also beat loser: above base once loser is
	// rated, as the prior draws rate the player who won every game and
	// the one who lost every game.
	if got := ids(tab); got != "winner mid base loser idle" {
		t.Errorf("rows %q, want winner mid base loser idle", got)
	}
	wantStatus := []stats.RatingStatus{stats.Rated, stats.Rated, stats.Anchor, stats.Rated, stats.NoGames}
	for i, r := range tab.Rows {
		if r.Rating.Status != wantStatus[i] {
			t.Errorf("%s: %v, want %v", r.Player.ID, r.Rating.Status, wantStatus[i])
		}
	}
}

// TestHeadToHeadPairs: games in complete pairs give the pentanomial of
// the pairs, counted here by hand, from either side.
func TestHeadToHeadPairs(t *testing.T) {
	l := newLeague("b", "a", "b")
	l.play("a", "b", 1, 1, 1, 0, 0.5, 1, 0, 0, 1, 0.5)
	l.play("b", "a", 0, 0) // a pair with b as p1: a won both
	tab, err := Standings(&l.s)
	if err != nil {
		t.Fatal(err)
	}
	// a's points per pair: 2, 1, 1½, 0, 1½, 2.
	wantA := stats.Pentanomial{1, 0, 1, 2, 2}
	wantB := stats.Pentanomial{2, 2, 1, 0, 1}
	if got := ids(tab); got != "a b" {
		t.Fatalf("rows %q, want a b", got)
	}
	ab, ba := tab.HeadToHead[0][1], tab.HeadToHead[1][0]
	if !ab.Paired || ab.Games != 12 || ab.Points != 8 || ab.Elo != wantA.Elo() {
		t.Errorf("a vs b: %+v, want 12 games, 8 points, paired, Elo %+v", ab, wantA.Elo())
	}
	if !ba.Paired || ba.Games != 12 || ba.Points != 4 || ba.Elo != wantB.Elo() {
		t.Errorf("b vs a: %+v, want 12 games, 4 points, paired, Elo %+v", ba, wantB.Elo())
	}
	if d := tab.HeadToHead[0][0]; d != (HeadToHead{}) {
		t.Errorf("a vs a: %+v, want the zero value", d)
	}
}

// TestHeadToHeadGames: a game whose pair did not finish makes the game
// the sample: the trinomial estimate, computed here from the games'
// mean score and its standard error.
func TestHeadToHeadGames(t *testing.T) {
	l := newLeague("b", "a", "b", "c")
	l.play("a", "b", 1, 1, 0) // the last game's pair unfinished
	l.play("b", "c", 1, 1)
	tab, err := Standings(&l.s)
	if err != nil {
		t.Fatal(err)
	}
	ab := tab.HeadToHead[0][1]
	if ids(tab) != "a b c" || ab.Paired || ab.Games != 3 || ab.Points != 2 {
		t.Fatalf("rows %q, a vs b %+v: want a b c, 3 games unpaired, 2 points", ids(tab), ab)
	}
	// Scores 1, 1, 0: mean 2/3, variance 2/9, standard error √(2/27).
	const z95 = 1.959963984540054
	m, se := 2.0/3, math.Sqrt(2.0/27)
	want := []float64{stats.ScoreToElo(m), stats.ScoreToElo(m - z95*se), stats.ScoreToElo(m + z95*se)}
	got := []float64{ab.Elo.Elo, ab.Elo.Low, ab.Elo.High}
	for i := range want {
		if math.Abs(got[i]-want[i]) > 1e-9 {
			t.Errorf("a vs b: Elo, low, high %v, want %v", got, want)
			break
		}
	}
	if ac := tab.HeadToHead[0][2]; ac.Games != 0 || !math.IsNaN(ac.Elo.Elo) {
		t.Errorf("a vs c: %+v, want no games, Elo NaN", ac)
	}
}

// TestStandingsFailures: errors and timeouts go to the culprit, by the
// end reasons match writes; a rules elimination is neither.
func TestStandingsFailures(t *testing.T) {
	l := newLeague("a", "a", "b")
	l.fail("a", "b", match.Crashed.String(), 1)
	l.fail("a", "b", "invalid output", 2)
	l.fail("b", "a", "invalid output", 2)
	l.fail("a", "b", match.Late.String(), 2)
	l.fail("b", "a", match.NotReading.String(), 1)
	l.fail("a", "b", "checkpoint timeout", 1)
	l.fail("a", "b", "eliminated", 2)
	tab, err := Standings(&l.s)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []struct {
		id                                    string
		wins, losses, errors, timeouts, draws int
	}{
		{"a", 4, 3, 2, 0, 0},
		{"b", 3, 4, 1, 2, 0},
	} {
		r := rowOf(t, tab, w.id)
		if r.Wins != w.wins || r.Losses != w.losses || r.Errors != w.errors || r.Timeouts != w.timeouts || r.Draws != w.draws {
			t.Errorf("%s: %d-%d-%d, %d errors, %d timeouts; want %d-%d-%d, %d, %d", w.id,
				r.Wins, r.Draws, r.Losses, r.Errors, r.Timeouts, w.wins, w.draws, w.losses, w.errors, w.timeouts)
		}
	}
}

// TestStandingsHistory: the history has a point per game when there are
// few, historyPoints evenly spaced when many, the same counts for every
// row; each point is the fit of the games so far, the last the table's.
func TestStandingsHistory(t *testing.T) {
	tests := []struct {
		games, points int
	}{{4, 4}, {36, historyPoints}, {300, historyPoints}, {10000, historyPoints}}
	for _, tt := range tests {
		l := newLeague("b", "a", "b", "c")
		scores := []float64{1, 0, 0.5, 1, 1}
		for k := 0; len(l.s.Games) < tt.games; k++ {
			l.play([]string{"a", "b", "c"}[k%3], []string{"b", "c", "a"}[k%3], scores[k%5], scores[(k+1)%5])
		}
		tab, err := Standings(&l.s)
		if err != nil {
			t.Fatal(err)
		}
		for x, h := range tab.History {
			if len(h) != tt.points || h[len(h)-1].Games != tt.games || h[len(h)-1].Rating != tab.Rows[x].Rating {
				t.Fatalf("%d games: %s's history %+v, want %d points, the last after %d games, its rating %+v",
					tt.games, tab.Rows[x].Player.ID, h, tt.points, tt.games, tab.Rows[x].Rating)
			}
		}
		h := tab.History[0]
		for k := 1; k < len(h); k++ {
			if h[k].Games <= h[k-1].Games || h[k].Games-h[k-1].Games > (tt.games+tt.points-1)/tt.points {
				t.Errorf("%d games: counts %d then %d, want increasing and evenly spaced", tt.games, h[k-1].Games, h[k].Games)
			}
		}
		k := h[len(h)/2].Games
		prefix := l.s
		prefix.Games = prefix.Games[:k]
		part, err := Standings(&prefix)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := h[len(h)/2].Rating, rowOf(t, part, tab.Rows[0].Player.ID).Rating; got != want {
			t.Errorf("%d games: after %d, %s's rating %+v, want %+v as from those games alone", tt.games, k, tab.Rows[0].Player.ID, got, want)
		}
	}
}

// TestPriorDrawsPerfectScore: a player who won all its 10 games against
// the anchor is rated as by 10½ points out of 11 (one virtual draw), in
// closed form 400·log10(10.5/0.5), with its real games and points.
func TestPriorDrawsPerfectScore(t *testing.T) {
	l := newLeague("base", "base", "win")
	l.play("win", "base", 1, 1, 1, 1, 1, 1, 1, 1, 1, 1)
	tab, err := Standings(&l.s)
	if err != nil {
		t.Fatal(err)
	}
	r := rowOf(t, tab, "win").Rating
	want := 400 * math.Log10(10.5/0.5)
	if r.Status != stats.Rated || math.Abs(r.Elo-want) > 1e-6 || r.Games != 10 || r.Points != 10 {
		t.Errorf("win: %+v, want rated %.3f from 10 games, 10 points", r, want)
	}
	if !(r.Low > 0 && r.High > want) {
		t.Errorf("win: interval %.1f .. %.1f, want finite around %.1f above 0", r.Low, r.High, want)
	}
}
