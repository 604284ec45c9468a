package match

import (
	"context"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
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
