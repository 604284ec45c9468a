package report

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"impulse/referee/internal/browsertest"
	"impulse/referee/match"
	"impulse/referee/stats"
)

// TestBrowserReport opens the page of a real match in headless Chromium
// and reads what it shows: the figures equal the text table's ("referee
// match" prints it; read here from match.WriteReport's text, not from the
// page's own data), every chart is drawn with a size, and the seed table
// has a row per pair.
func TestBrowserReport(t *testing.T) {
	ctx := browsertest.New(t)
	sprt := &stats.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	rep, info := loadReal(t, sprt)
	path := filepath.Join(t.TempDir(), "report.html")
	var page bytes.Buffer
	if err := Write(&page, rep, Options{Sources: []string{realResults}, Info: info}); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	var text bytes.Buffer
	if err := match.WriteReport(&text, rep); err != nil {
		t.Fatal(err)
	}
	table := text.String()

	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path)); err != nil {
		t.Fatal(err)
	}
	shown := map[string]string{}
	for _, id := range []string{"games", "pairs", "score", "elo", "los", "sprt"} {
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('`+id+`').textContent`))
		if err != nil {
			t.Fatalf("#%s: %v", id, err)
		}
		shown[id] = strings.TrimSpace(s)
	}
	// The table's lines: "csb: A vs B, live rules, 24 games (12 pairs,
	// ...", "  A  19  0  5  79.2%  79.2%", "Elo of A: E, LOS L%, from 12
	// pairs", "SPRT ...".
	p1 := rep.Options.Players[0].Name
	header := regexp.MustCompile(`(\d+) games \((\d+) pairs`).FindStringSubmatch(table)
	row := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(p1) + `\s+\d+\s+\d+\s+\d+\s+\S+\s+(\S+)$`).FindStringSubmatch(table)
	elo := regexp.MustCompile(`(?m)^Elo of ` + regexp.QuoteMeta(p1) + `: (.*), LOS (\S+), from`).FindStringSubmatch(table)
	sprtLine := regexp.MustCompile(`(?m)^SPRT .*$`).FindString(table)
	if header == nil || row == nil || elo == nil || sprtLine == "" {
		t.Fatalf("cannot read the text table:\n%s", table)
	}
	want := map[string]string{"games": header[1], "pairs": header[2], "score": row[1], "elo": elo[1], "los": elo[2], "sprt": sprtLine}
	for id, w := range want {
		if shown[id] != w {
			t.Errorf("#%s shows %q, the text table %q", id, shown[id], w)
		}
	}
	sizes, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`[...document.querySelectorAll('figure svg')].map(s => s.getBoundingClientRect().width * s.getBoundingClientRect().height)`))
	if err != nil {
		t.Fatal(err)
	}
	if len(sizes) != 4 {
		t.Errorf("%d charts drawn, want 4 (score, Elo, LLR, times)", len(sizes))
	}
	for i, a := range sizes {
		if a < 100*50 {
			t.Errorf("chart %d drawn %v px², want a visible chart", i, a)
		}
	}
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#seeds tr').length - 1`))
	if err != nil {
		t.Fatal(err)
	}
	if rows != rep.Penta.Pairs() {
		t.Errorf("%d seed rows, want %d pairs", rows, rep.Penta.Pairs())
	}
	browsertest.Screenshot(t, ctx, "report.png")
}
