package tune

import (
	"bytes"
	"context"
	"errors"
	"io"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// logisticMatch is a synthetic game: a side's strength is minus its
// squared distance to the optimum, in units of scale per parameter, and
// A beats B with probability 1/(1+e^(sB−sA)); no draws. The fixed
// opponent has strength 0 (it plays the optimum). Each game draws from
// its own seeded source, so that a run is reproducible.
type logisticMatch struct {
	optimum, scale []float64
}

func (m *logisticMatch) strength(v []float64) float64 {
	if v == nil {
		return 0
	}
	s := 0.0
	for i := range v {
		d := (v[i] - m.optimum[i]) / m.scale[i]
		s -= d * d
	}
	return s
}

func (m *logisticMatch) PlayPair(ctx context.Context, p Pair) ([2]float64, error) {
	win := 1 / (1 + math.Exp(m.strength(p.B)-m.strength(p.A)))
	side := uint64(1) // A's values tell the two pairs of an iteration apart
	for _, v := range p.A {
		side = side*31 + math.Float64bits(v)
	}
	r := rand.New(rand.NewPCG(uint64(p.Seed), side))
	var pts [2]float64
	for g := range pts {
		if r.Float64() < win {
			pts[g] = 1
		}
	}
	return pts, nil
}

// TestConverges: SPSA finds the optimum (30, −10) of the logistic match
// from (0, 0) in 2000 games of self-play (1000 iterations), and in 2000
// against the fixed opponent (500): each parameter ends within 8 of it
// (the error over other seeds: referee/tune/MEASUREMENTS.md); the seeds
// here are fixed. The scale is 20: a side 20 from the optimum in one
// parameter wins 1/(1+e) of its games against one on it.
func TestConverges(t *testing.T) {
	m := &logisticMatch{optimum: []float64{30, -10}, scale: []float64{20, 20}}
	params := []Param{
		{Name: "x", Start: 0, Min: -100, Max: 100, CEnd: 4, REnd: 0.05},
		{Name: "y", Start: 0, Min: -100, Max: 100, CEnd: 4, REnd: 0.05},
	}
	for _, tc := range []struct {
		name     string
		opponent bool
		parallel int
	}{
		{"self-play", false, 2},
		{"self-play, 4 at once", false, 8},
		{"against the optimum", true, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			o := Options{Runner: m, Opponent: tc.opponent, Parallel: tc.parallel, Seed: 1}
			tu := NewTuner(params, 2000/o.GamesPerIteration(), 1)
			if err := Run(context.Background(), tu, o); err != nil {
				t.Fatal(err)
			}
			t.Logf("theta after %d iterations: %.2f (optimum %v)", tu.K, tu.Theta, m.optimum)
			for i := range tu.Theta {
				if d := math.Abs(tu.Theta[i] - m.optimum[i]); d > 8 {
					t.Errorf("%s = %.2f, %.2f from the optimum %v", params[i].Name, tu.Theta[i], d, m.optimum[i])
				}
			}
		})
	}
}

// TestRunJournal: a run stopped after some iterations and resumed from
// its journal ends where the whole run ends, iteration for iteration, one
// iteration at a time or 8 (Parallel 16: the first 8 after the resume
// start from theta as the whole run had it, Options.Applied; without it
// they differ); the journal's lines read back as the iterations applied,
// each with its pair's seed and scores; the plot draws every parameter.
func TestRunJournal(t *testing.T) {
	m := &logisticMatch{optimum: []float64{30, 5}, scale: []float64{20, 5}}
	params := []Param{
		{Name: "x", Start: 0, Min: -100, Max: 100, CEnd: 4, REnd: 0.05, Integer: true},
		{Name: "y", Start: 1, Min: 0, Max: 10, CEnd: 0.5, REnd: 0.05},
	}
	var all bytes.Buffer
	var whole *Tuner
	for _, parallel := range []int{16, 2} {
		whole = NewTuner(params, 40, 3)
		all.Reset()
		o := Options{Runner: m, Parallel: parallel, Seed: 100, Done: func(t *Tuner, it *Iteration) error { return WriteIteration(&all, it) }}
		if err := Run(context.Background(), whole, o); err != nil {
			t.Fatal(err)
		}
		checkResumed(t, params, o, whole, all.String())
	}
	checkJournal(t, params, whole, &all)
}

// checkResumed plays the run of o again, stopped by Done's error after
// iteration 15 and killed while writing the next line, then resumed from
// its journal, with o.Applied and without: it must end as whole, with
// the journal all, with Applied, and otherwise, at Parallel 16, not.
func checkResumed(t *testing.T, params []Param, o Options, whole *Tuner, all string) {
	t.Helper()
	var part bytes.Buffer
	stop := errors.New("stop")
	o.Done = func(t *Tuner, it *Iteration) error {
		if err := WriteIteration(&part, it); err != nil {
			return err
		}
		if it.K == 15 {
			return stop
		}
		return nil
	}
	if err := Run(context.Background(), NewTuner(params, 40, 3), o); err != stop {
		t.Fatalf("Run: %v, want %v", err, stop)
	}
	part.WriteString(`{"iter":16,"se`) // killed while writing
	its, good, err := ReadJournal(bytes.NewReader(part.Bytes()))
	if err != nil || len(its) != 15 || good != int64(part.Len()-len(`{"iter":16,"se`)) {
		t.Fatalf("ReadJournal: %d iterations, %d bytes good of %d, %v", len(its), good, part.Len(), err)
	}
	part.Truncate(int(good))
	for _, applied := range [][]Iteration{its, nil} {
		resumed := NewTuner(params, 40, 3)
		if err := resumed.Resume(its); err != nil {
			t.Fatal(err)
		}
		var rest bytes.Buffer
		rest.Write(part.Bytes())
		o.Applied = applied
		o.Done = func(t *Tuner, it *Iteration) error { return WriteIteration(&rest, it) }
		if err := Run(context.Background(), resumed, o); err != nil {
			t.Fatal(err)
		}
		same := reflect.DeepEqual(resumed.Theta, whole.Theta) && rest.String() == all
		switch {
		case applied != nil && !same:
			t.Errorf("Parallel %d, resumed: theta %v, journal of %d bytes; the whole run: %v, %d bytes", o.Parallel, resumed.Theta, rest.Len(), whole.Theta, len(all))
		case applied == nil && o.Parallel > 2 && same:
			t.Errorf("Parallel %d, resumed without Applied: the same journal as the whole run's; the test shows nothing", o.Parallel)
		}
	}
	o.Applied = its[:3]
	if err := Run(context.Background(), NewTuner(params, 40, 3), o); err == nil {
		t.Error("Run with 3 iterations applied before and none in theta: no error")
	}
}

// checkJournal reads back the journal all of the run whole: a line per
// iteration, with its seed and scores, the last with whole's theta; a
// bad line is an error naming it; and the plot draws every parameter.
func checkJournal(t *testing.T, params []Param, whole *Tuner, all io.Reader) {
	t.Helper()
	its, _, err := ReadJournal(all)
	if err != nil || len(its) != 40 {
		t.Fatalf("ReadJournal: %d iterations, %v", len(its), err)
	}
	for k, it := range its {
		if it.K != k+1 || it.Seed != 100+int64(k) || len(it.Scores) != 2 || it.Result != it.Scores[0]+it.Scores[1] || it.Plus[0] != math.Round(it.Plus[0]) {
			t.Errorf("line %d: %+v", k+1, it)
		}
	}
	if !reflect.DeepEqual(its[39].Theta, whole.Theta) {
		t.Errorf("last line's theta %v, want %v", its[39].Theta, whole.Theta)
	}
	if _, _, err := ReadJournal(strings.NewReader("{\"iter\":1}\nnot json\n")); err == nil || !strings.Contains(err.Error(), "line 2") {
		t.Errorf("a bad line: %v, want an error naming line 2", err)
	}
	if err := NewTuner(params, 40, 3).Resume(its[1:]); err == nil {
		t.Error("a journal starting at iteration 2 resumed")
	}

	var svg bytes.Buffer
	if err := WritePlot(&svg, whole, its); err != nil {
		t.Fatal(err)
	}
	s := svg.String()
	if !strings.HasPrefix(s, "<svg ") || !strings.HasSuffix(s, "</svg>\n") || strings.Count(s, "<polyline ") != 2 || !strings.Contains(s, ">x</text>") || !strings.Contains(s, ">y</text>") {
		t.Errorf("plot:\n%s", s)
	}
}

// TestRunErrors: the runner's error stops the run naming the iteration;
// a cancelled run returns the context's error with what was applied.
func TestRunErrors(t *testing.T) {
	params := []Param{{Name: "x", Start: 0, Min: -1, Max: 1, CEnd: 0.1, REnd: 0.1}}
	boom := errors.New("boom")
	tu := NewTuner(params, 10, 1)
	err := Run(context.Background(), tu, Options{Parallel: 2, Runner: RunnerFunc(func(ctx context.Context, p Pair) ([2]float64, error) {
		if p.Iteration == 3 {
			return [2]float64{}, boom
		}
		return [2]float64{1, 0}, nil
	})})
	if !errors.Is(err, boom) || !strings.Contains(err.Error(), "iteration 3") || tu.K != 2 {
		t.Errorf("Run: %v after %d iterations, want boom at iteration 3 after 2", err, tu.K)
	}
	ctx, cancel := context.WithCancel(context.Background())
	tu = NewTuner(params, 10, 1)
	err = Run(ctx, tu, Options{Parallel: 2, Runner: RunnerFunc(func(ctx context.Context, p Pair) ([2]float64, error) {
		if p.Iteration == 5 {
			cancel()
			<-ctx.Done()
			return [2]float64{}, ctx.Err()
		}
		return [2]float64{0.5, 0.5}, nil
	})})
	if !errors.Is(err, context.Canceled) || tu.K != 4 {
		t.Errorf("Run: %v after %d iterations, want context.Canceled after 4", err, tu.K)
	}
}
