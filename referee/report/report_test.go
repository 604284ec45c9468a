package report

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"impulse/referee/match"
	"impulse/referee/stats"
)

// realResults is a real match's -results file: "referee match -p1
// 'csb/ga -iterations 1000' -p2 'csb/ga -iterations 500' -n 24
// -time-scale 10 -results ..." (replay paths shortened to replays/).
const realResults = "testdata/csb-ga1000-ga500.jsonl"

func loadReal(t testing.TB, sprt *stats.SPRT) (*match.Report, match.Info) {
	t.Helper()
	f, err := os.Open(realResults)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	res, err := match.ReadResults(f, realResults)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := match.ReportFromResults([]match.ResultFile{{Name: realResults, Results: res}}, sprt)
	if err != nil {
		t.Fatal(err)
	}
	return rep, res[0].Info
}

// TestWritePage: the page of a real match holds its table, the figures,
// one chart each (score, Elo, LLR, times), a row per seed with links to
// the viewer, and nothing fetched from the network.
func TestWritePage(t *testing.T) {
	sprt := &stats.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	rep, info := loadReal(t, sprt)
	var buf bytes.Buffer
	if err := Write(&buf, rep, Options{Sources: []string{realResults}, Info: info}); err != nil {
		t.Fatal(err)
	}
	s := buf.String()
	if dir := os.Getenv("IMPULSE_SCREENSHOTS"); dir != "" {
		os.WriteFile(filepath.Join(dir, "report.html"), buf.Bytes(), 0o644)
	}
	for _, want := range []string{
		`id="score-chart"`, `id="elo-chart"`, `id="llr-chart"`, `id="times-chart"`, "<svg",
		`id="games">24<`, `id="pairs">12<`,
		"http://127.0.0.1:8377/#replay=replays%2Fcsb-0001-seed1.json",
		"SPRT elo0 0 elo1 10",
		"the red line is the time limit (750 ms)",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if n := strings.Count(s, "<tr><td>"); n < 12+2+2+1 {
		t.Errorf("%d table rows, want at least 12 seeds, 2 seats, 2 bots and an end reason", n)
	}
	for _, bad := range []string{"<script", "src=\"http", "href=\"https", "@import", "url(http"} {
		if strings.Contains(s, bad) {
			t.Errorf("the page has %q: it must be self-contained", bad)
		}
	}
	if strings.Contains(strings.ToLower(s), "inf ") || strings.Contains(s, "NaN") {
		t.Errorf("the page prints inf or NaN")
	}
}

// TestProgression: the state after the last pair is the report's.
func TestProgression(t *testing.T) {
	sprt := &stats.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	rep, _ := loadReal(t, sprt)
	pts := Progression(rep)
	if len(pts) != 12 {
		t.Fatalf("%d points, want 12 pairs", len(pts))
	}
	last := pts[len(pts)-1]
	if last.Pentanomy != rep.Penta || last.Elo != rep.Penta.Elo() || last.LLR != rep.LLR || !last.HaveLLR {
		t.Errorf("last point %+v, want the report's pentanomial %v, Elo and LLR %v", last, rep.Penta, rep.LLR)
	}
	if pts[0].Pairs != 1 {
		t.Errorf("first point after %d pairs, want 1", pts[0].Pairs)
	}
}
