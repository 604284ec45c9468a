package match

import (
	"bytes"
	"strings"
	"testing"

	"impulse/referee/stats"
)

// TestResultsRebuildTheReport: a match's -results file, read back, gives
// the same table as the match printed (but for what a file cannot know:
// games at a time and the elapsed time), and names its match.
func TestResultsRebuildTheReport(t *testing.T) {
	var buf bytes.Buffer
	sprt := &stats.SPRT{Elo0: 0, Elo1: 50, Alpha: 0.05, Beta: 0.05}
	rep := runTestMatch(t, Options{
		Players: [2]Player{testBotCmd("racer150"), testBotCmd("crash:40")},
		Games:   6, Seeds: []int64{21}, Results: &buf, SPRT: sprt,
	})
	res, err := ReadResults(strings.NewReader(buf.String()), "r.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != 6 {
		t.Fatalf("%d results, want 6", len(res))
	}
	in := res[0].Info
	if in.Game != "csb" || in.Players != [2]string{rep.Options.Players[0].Name, rep.Options.Players[1].Name} || in.Rules != "live" || in.TimeScale != 10 || in.LimitMS != [2]float64{10000, 750} {
		t.Errorf("info %+v, want csb, the players' names, live rules, time x10, limits 10000 and 750 ms (1000 and 75 times 10)", in)
	}
	back, err := ReportFromResults([]ResultFile{{Name: "r.jsonl", Results: res}}, sprt)
	if err != nil {
		t.Fatal(err)
	}
	back.Options.Parallel, back.Elapsed = rep.Options.Parallel, rep.Elapsed
	var want, got bytes.Buffer
	WriteReport(&want, rep)
	WriteReport(&got, back)
	if got.String() != want.String() {
		t.Errorf("rebuilt report:\n%s\nwant the match's:\n%s", got.String(), want.String())
	}
}

// TestReportFromResultsMerges: two files of the same match merge (pairs
// from both), a game without its pair is left out and counted, and a file
// of another match is refused naming its line.
func TestReportFromResultsMerges(t *testing.T) {
	in := Info{Game: "csb", Players: [2]string{"a", "b"}, Rules: "live", TimeScale: 1}
	line := func(index int, p1Wins bool) string {
		g := Game{Index: index, Seed: int64(100 + index/2), Swapped: index%2 == 1, End: "race finished", Ranks: [2]int{1, 0}}
		if p1Wins {
			g.Ranks = [2]int{0, 1}
		}
		b, err := g.MarshalResult(in)
		if err != nil {
			t.Fatal(err)
		}
		return string(b) + "\n"
	}
	read := func(name, text string) ResultFile {
		r, err := ReadResults(strings.NewReader(text), name)
		if err != nil {
			t.Fatal(err)
		}
		return ResultFile{Name: name, Results: r}
	}
	// File 1: pair 0 won twice, pair 1 split, game 4 alone. File 2 (in
	// another order): pair 0 lost twice.
	f1 := read("1.jsonl", line(0, true)+line(1, true)+line(3, false)+line(2, true)+"\n"+line(4, true))
	f2 := read("2.jsonl", line(1, false)+line(0, false))
	rep, err := ReportFromResults([]ResultFile{f1, f2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Penta != (stats.Pentanomial{1, 0, 1, 0, 1}) || rep.Unpaired != 1 || len(rep.Games) != 6 {
		t.Errorf("pentanomial %v, %d unpaired, %d games; want [1 0 1 0 1], 1, 6", rep.Penta, rep.Unpaired, len(rep.Games))
	}
	other := in
	other.Players[1] = "c"
	b, _ := (&Game{Index: 0}).MarshalResult(other)
	f3 := read("3.jsonl", "\n"+string(b)+"\n")
	_, err = ReportFromResults([]ResultFile{f1, f3}, nil)
	if err == nil || !strings.Contains(err.Error(), "3.jsonl:2: csb, a vs c; 1.jsonl:1 was csb, a vs b") {
		t.Errorf("merging another match: %v, want an error naming 3.jsonl:2 and 1.jsonl:1", err)
	}
	if _, err := ReadResults(strings.NewReader(line(0, true)+"{\"seed\": x}\n"), "bad.jsonl"); err == nil || !strings.Contains(err.Error(), "bad.jsonl:2: column") {
		t.Errorf("a bad line: %v, want an error naming bad.jsonl:2 and its column", err)
	}
	dup := read("d.jsonl", line(0, true))
	dup.Results = append(dup.Results, dup.Results[0])
	if _, err := ReportFromResults([]ResultFile{dup}, nil); err == nil || !strings.Contains(err.Error(), "already") {
		t.Errorf("a game twice: %v, want an error", err)
	}
}
