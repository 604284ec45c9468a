package match

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"impulse/referee/stats"
)

// TestRecordRoundTrip: a game encoded by MarshalRecord decodes to the
// same game, with the report's sums, and only the end of a long stderr.
func TestRecordRoundTrip(t *testing.T) {
	g := Game{
		Seed: 7, Swapped: true, Ranks: [2]int{1, 0}, Scores: [2]float64{2, 3}, Turns: 120, End: "timeout", Culprit: 1,
		MS: [2][2]float64{{1.5, 3}, {0.25, 1}}, FirstMS: [2]float64{12, 0.5}, Detail: "p1: exit status 3", Replay: "x.json",
		Index: 5, Stderr: [2]string{"short\n", strings.Repeat("line\n", 2000) + "last\n"},
		answers: [2]int{118, 119}, total: [2]float64{177.123456789, 29.75}, worst: [2]float64{3, 1}, first: [2]bool{true, true},
		seats: [2]int{1, 0},
	}
	data, err := g.MarshalRecord()
	if err != nil {
		t.Fatal(err)
	}
	got, err := UnmarshalRecord(data)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(got.Stderr[1], "line\nlast\n") || len(got.Stderr[1]) > MaxRecordStderr || !strings.HasPrefix(got.Stderr[1], "line\n") {
		t.Errorf("long stderr came back as %d bytes, want its last lines within %d", len(got.Stderr[1]), MaxRecordStderr)
	}
	want := g
	want.Stderr[1] = got.Stderr[1]
	want.seats = [2]int{} // not carried: the report does not read it
	if diff := cmp.Diff(want, got, cmp.AllowUnexported(Game{})); diff != "" {
		t.Errorf("round trip (-want +got):\n%s", diff)
	}
	if _, err := UnmarshalRecord([]byte("{")); err == nil {
		t.Error("a truncated record decoded")
	}
}

// fakeRunner sends canned games, last first, with one twice.
type fakeRunner struct{ scores []float64 }

func (f fakeRunner) Play(ctx context.Context, o *Options, games []Spec, done chan<- Game) error {
	for i := len(games) - 1; i >= 0; i-- {
		s := games[i]
		g := Game{Index: s.Index, Seed: s.Seed, Swapped: s.Index%2 == 1, Turns: 10, End: "game finished"}
		if f.scores[s.Index] == 1 {
			g.Ranks = [2]int{0, 1}
		} else {
			g.Ranks = [2]int{1, 0}
		}
		done <- g
		if i == 1 {
			done <- g // a duplicate is counted once
		}
	}
	return nil
}

// TestRunnerCollects: Run counts the games of a Runner in pair order
// whatever order they come in, each once, and never starts a process.
func TestRunnerCollects(t *testing.T) {
	scores := []float64{1, 0, 1, 1}
	var results strings.Builder
	rep, err := Run(context.Background(), Options{
		Game: "csb", Games: 4, Seeds: []int64{10}, TimeScale: 1, Results: &results,
		Players: [2]Player{{Name: "a", Argv: []string{"/no/such/bot"}}, {Name: "b", Argv: []string{"/no/such/bot"}}},
		Runner:  fakeRunner{scores},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Games) != 4 || rep.Games[0].Seed != 10 || rep.Games[2].Seed != 11 || rep.Penta.Pairs() != 2 {
		t.Errorf("games %+v, %d pairs; want 4 games of seeds 10, 10, 11, 11 in 2 pairs", rep.Games, rep.Penta.Pairs())
	}
	for i, g := range rep.Games {
		if g.Index != i || g.Score() != scores[i] {
			t.Errorf("game %d: index %d score %v, want score %v", i, g.Index, g.Score(), scores[i])
		}
	}
	if n := strings.Count(results.String(), "\n"); n != 4 {
		t.Errorf("%d result lines, want 4", n)
	}
}

// noRunner fails the test if a match asks it to play.
type noRunner struct{ t *testing.T }

func (r noRunner) Play(ctx context.Context, o *Options, games []Spec, done chan<- Game) error {
	r.t.Error("the match played games after its SPRT had decided on the earlier ones")
	return nil
}

// pairGames returns a pair on seed whose games p1 scores a and b.
func pairGames(seed int64, index int, a, b float64) []Game {
	g := []Game{{Seed: seed, Index: index}, {Seed: seed, Index: index + 1, Swapped: true}}
	for i, s := range []float64{a, b} {
		switch s {
		case 1:
			g[i].Ranks = [2]int{0, 1}
		case 0:
			g[i].Ranks = [2]int{1, 0}
		}
	}
	return g
}

// TestRunContinues: a match that continues earlier runs counts their pairs
// first and numbers its games on from FirstIndex, in the report and in
// Results; an SPRT the earlier pairs decide plays nothing, with the LLR of
// those pairs.
func TestRunContinues(t *testing.T) {
	earlier := append(pairGames(10, 0, 1, 1), pairGames(11, 2, 1, 0)...)
	earlier = append(earlier, Game{Seed: 12, Index: 4}) // its pair never finished: not given
	var results strings.Builder
	players := [2]Player{{Name: "a", Argv: []string{"/no/such/bot"}}, {Name: "b", Argv: []string{"/no/such/bot"}}}
	rep, err := Run(context.Background(), Options{
		Game: "csb", Games: 4, Seeds: []int64{20}, TimeScale: 1, Results: &results, Players: players,
		Runner: fakeRunner{[]float64{0, 0, 1, 0}}, Earlier: earlier[:4], FirstIndex: 6,
	})
	if err != nil {
		t.Fatal(err)
	}
	var want stats.Pentanomial
	for _, p := range [][2]float64{{1, 1}, {1, 0}, {0, 0}, {1, 0}} {
		want.Add(p[0], p[1])
	}
	if rep.Penta != want || len(rep.Games) != 8 {
		t.Errorf("%d games, pentanomial %v; want 8 games, %v", len(rep.Games), rep.Penta, want)
	}
	for i, g := range rep.Games[4:] {
		if g.Index != 6+i || g.Seed != 20+int64(i/2) {
			t.Errorf("this run's game %d: index %d seed %d, want index %d seed %d", i, g.Index, g.Seed, 6+i, 20+i/2)
		}
	}
	lines := strings.Split(strings.TrimSpace(results.String()), "\n")
	got, err := ReadResults(strings.NewReader(results.String()), "results")
	if err != nil || len(got) != 4 {
		t.Fatalf("%d result lines read back (%v), want this run's 4", len(lines), err)
	}
	for _, r := range got {
		if r.Game.Index < 6 || r.Game.Index > 9 {
			t.Errorf("results line %d: index %d, want 6..9", r.Line, r.Game.Index)
		}
	}

	// 40 pairs, 30 won 2-0 and 10 split, decide an SPRT (0, 50) before
	// anything is played.
	earlier = nil
	var penta stats.Pentanomial
	for k := 0; k < 40; k++ {
		b := 1.0
		if k%4 == 3 {
			b = 0
		}
		earlier = append(earlier, pairGames(int64(k), 2*k, 1, b)...)
		penta.Add(1, b)
	}
	sprt := &stats.SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	rep, err = Run(context.Background(), Options{
		Game: "csb", Games: 100, Seeds: []int64{100}, TimeScale: 1, Players: players,
		Runner: noRunner{t}, Earlier: earlier, FirstIndex: 80, SPRT: sprt,
	})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Verdict != stats.AcceptH1 || rep.LLR != sprt.LLR(penta) || len(rep.Games) != 80 || rep.Interrupted {
		t.Errorf("verdict %v, LLR %v, %d games, interrupted %v; want H1 accepted, LLR %v, the 80 earlier games",
			rep.Verdict, rep.LLR, len(rep.Games), rep.Interrupted, sprt.LLR(penta))
	}
}
