package match

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"impulse/referee/stats"
)

// TestWriteReport checks the table of a made-up match: 2 pairs, p1 winning
// 3 games of 4, one lost on a timeout.
func TestWriteReport(t *testing.T) {
	g := func(index int, p1Wins bool, end string, culprit int) Game {
		mg := Game{Index: index, Seed: int64(10 + index/2), Swapped: index%2 == 1, End: end, Culprit: culprit, Ranks: [2]int{0, 1}}
		if !p1Wins {
			mg.Ranks = [2]int{1, 0}
		}
		mg.answers = [2]int{10, 10}
		mg.total = [2]float64{100, 20} // 10 ms and 2 ms a turn
		mg.worst = [2]float64{float64(20 + index), 3}
		mg.first = [2]bool{true, true}
		mg.FirstMS = [2]float64{500, 5}
		return mg
	}
	rep := &Report{
		Options: Options{Game: "csb", Players: [2]Player{{Name: "new"}, {Name: "old"}}, Parallel: 2, TimeScale: 1},
		Games: []Game{
			g(0, true, "race finished", 0), g(1, true, "race finished", 0),
			g(2, true, "race finished", 0), g(3, false, "timeout", 1),
		},
		Penta: stats.Pentanomial{0, 0, 1, 0, 1},
	}
	var out bytes.Buffer
	if err := WriteReport(&out, rep); err != nil {
		t.Fatal(err)
	}
	s := out.String()
	// Score 3/4 per game; pairs (1, 1) and (½, ½) per game give the
	// estimate of 0.75, that is +190.8 (-400·log10(1/0.75 − 1)). The pair
	// scores' variance is 0.0625, the standard error √(0.0625/2) = 0.1768:
	// 0.75 − 1.96·0.1768 = 0.4035 is -67.9, 0.75 + 1.96·0.1768 is above
	// 1, so there is no upper bound.
	for _, want := range []string{
		"csb: new vs old, live rules, 4 games (2 pairs, seeds 10..11)",
		"new     3      0       1     75.0%  75.0%",
		"old     1      0       3     25.0%  25.0%",
		"Elo of new: +190.8, 95% lower bound -67.9 (no upper bound from 2 pairs",
		"pairs by new's points (0 ½ 1 1½ 2): 0 0 1 0 1",
		"new by seat (wins-draws-losses): first 2-0-0, second 1-0-1",
		"LOS 92.1%, from 2 pairs", // Φ(0.25 / √(0.0625/2)) = Φ(√2)
		"new  10.0   23.0             500.0  500.0",
		"end reasons: race finished 3, timeout 1 (new 1)",
		"game 4 (seed 11, swapped): new timeout",
		"1 timeouts: on a busy machine",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("report lacks %q:\n%s", want, s)
		}
	}
}

// TestWriteReportAllWonOrLost: a match where one bot won (or lost) every
// game prints the bound its pairs support, never "inf" (16 pairs: ±234.5,
// the Clopper-Pearson bound worked out in referee/stats).
func TestWriteReportAllWonOrLost(t *testing.T) {
	for _, p1Wins := range []bool{true, false} {
		rep := &Report{Options: Options{Game: "csb", Players: [2]Player{{Name: "a"}, {Name: "b"}}, Parallel: 1, TimeScale: 1,
			SPRT: &stats.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}}}
		for i := 0; i < 32; i++ {
			g := Game{Index: i, Seed: int64(1 + i/2), Swapped: i%2 == 1, End: "race finished", Ranks: [2]int{0, 1}}
			if !p1Wins {
				g.Ranks = [2]int{1, 0}
			}
			rep.Games = append(rep.Games, g)
		}
		for i := 0; i < 16; i++ {
			rep.Penta.Add(rep.Games[2*i].Score(), rep.Games[2*i+1].Score())
			rep.LLR = rep.Options.SPRT.LLR(rep.Penta)
		}
		var out bytes.Buffer
		if err := WriteReport(&out, rep); err != nil {
			t.Fatal(err)
		}
		prog := newProgress(&rep.Options, 32)
		s := out.String() + prog.status(rep)
		if strings.Contains(strings.ToLower(s), "inf") || strings.Contains(s, "NaN") {
			t.Errorf("p1 wins %v: the report says inf or NaN:\n%s", p1Wins, s)
		}
		want := "Elo of a: > +234.5 (95% lower bound; all 16 pairs won twice"
		if !p1Wins {
			want = "Elo of a: < -234.5 (95% upper bound; all 16 pairs lost twice"
		}
		if !strings.Contains(s, want) {
			t.Errorf("report lacks %q:\n%s", want, s)
		}
	}
}

// TestProgressTTY: on a terminal the bar is redrawn in place.
func TestProgressTTY(t *testing.T) {
	var buf bytes.Buffer
	o := &Options{Players: [2]Player{{Name: "a"}, {Name: "b"}}, Progress: &buf, ProgressTTY: true, SPRT: &stats.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}}
	p := newProgress(o, 4)
	rep := &Report{Options: *o}
	p.update(rep, 0)
	p.update(rep, 1)
	p.finish(rep)
	s := buf.String()
	if !strings.HasPrefix(s, "\r[######------------------] 1/4 games") || strings.Count(s, "\r") != 3 || !strings.Contains(s, "LLR 0.00 (-2.94, 2.94)") || !strings.HasSuffix(s, "\n") {
		t.Errorf("progress %q", s)
	}
}

// TestProgressLines: off a terminal, a line each twentieth of the games,
// and in a long match one a minute at least while games finish.
func TestProgressLines(t *testing.T) {
	var buf bytes.Buffer
	o := &Options{Players: [2]Player{{Name: "a"}, {Name: "b"}}, Progress: &buf, SPRT: &stats.SPRT{Elo0: 0, Elo1: 5, Alpha: 0.05, Beta: 0.05}}
	p := newProgress(o, 40000)
	clock := p.start
	p.now = func() time.Time { return clock }
	rep := &Report{Options: *o}
	lines := func() int { return strings.Count(buf.String(), "\n") }
	p.update(rep, 0) // the first twentieth starts
	if lines() != 1 {
		t.Fatalf("%d lines after the first game, want 1:\n%s", lines(), buf.String())
	}
	for i := 1; i < 100; i++ { // 99 games more in 59.4 s: no line
		clock = clock.Add(600 * time.Millisecond)
		p.update(rep, i)
	}
	if lines() != 1 {
		t.Errorf("%d lines after 100 games in 59.4 s, want 1:\n%s", lines(), buf.String())
	}
	clock = clock.Add(time.Second)
	p.update(rep, 100)
	if lines() != 2 || !strings.HasPrefix(lastLines(buf.String(), 1), "101/40000 games") || !strings.Contains(buf.String(), "LLR 0.00 (-2.94, 2.94)  60.4s") {
		t.Errorf("after a minute, want a second line of 101 games at 60.4 s:\n%s", buf.String())
	}
	for i := 101; i < 2000; i++ { // the second twentieth starts at game 2000
		p.update(rep, i)
	}
	if lines() != 3 || !strings.HasPrefix(lastLines(buf.String(), 1), "2000/40000 games") {
		t.Errorf("want a third line at game 2000:\n%s", buf.String())
	}
}

type namedRunner struct{ Runner }

func (namedRunner) String() string { return "the queue's workers, run x" }

// TestWriteReportRunner: a match played by a runner does not claim this
// machine's -j.
func TestWriteReportRunner(t *testing.T) {
	rep := &Report{Options: Options{Game: "csb", Players: [2]Player{{Name: "a"}, {Name: "b"}}, Parallel: 2, TimeScale: 1, Runner: namedRunner{}}}
	var out bytes.Buffer
	if err := WriteReport(&out, rep); err != nil {
		t.Fatal(err)
	}
	if s := out.String(); strings.Contains(s, "at a time") || !strings.Contains(s, "played by a runner (the queue's workers, run x)") {
		t.Errorf("header %q", strings.SplitN(s, "\n", 2)[0])
	}
}
