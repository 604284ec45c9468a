package league

import (
	"bytes"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"impulse/referee/internal/browsertest"
	"impulse/referee/stats"
)

// simulated is a league of six CSB bots whose games are drawn at random
// (seeded) from true ratings, the GA's growing with its iterations, a
// pair at a time between two players chosen at random; a seventh is
// stopped before it played.
func simulated(t testing.TB, pairs int) *Table {
	t.Helper()
	names := []string{"baseline", "ga250", "ga500", "ga1000", "ga2000", "ga4000"}
	truth := []float64{0, 150, 260, 340, 400, 440} // the model's ratings, not measured ones
	l := newLeague("baseline", names...)
	for i := 1; i < len(names); i++ {
		l.s.Players[i].Command = fmt.Sprintf("csb/ga -iterations %s", strings.TrimPrefix(names[i], "ga"))
	}
	l.s.Players[0].Command = "csb/baseline"
	l.s.Players = append(l.s.Players, Player{ID: "ga4000#2", Name: "ga4000", Version: 2, Command: "csb/ga -iterations 4000 -weights tuned.json", Stopped: true})
	rng := rand.New(rand.NewPCG(31, 1))
	for k := 0; k < pairs; k++ {
		a := rng.IntN(len(names))
		b := (a + 1 + rng.IntN(len(names)-1)) % len(names)
		p := stats.EloToScore(truth[a] - truth[b])
		var scores [2]float64
		for g := range scores {
			switch u := rng.Float64(); {
			case u < p-0.03:
				scores[g] = 1
			case u < p+0.03:
				scores[g] = 0.5
			}
		}
		l.play(names[a], names[b], scores[0], scores[1])
	}
	tab, err := Standings(&l.s)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestBrowserPage opens the page of a simulated league in headless
// Chromium and reads what it shows: a row per player in the table's
// order, the two charts drawn with a size and with marks in them, the
// head to head matrix with a cell per two players, coloured where they
// met, and nothing fetched. It keeps the page, league.html, and a
// screenshot, league.png, in browsertest.Dir (referee/league/page.png is
// the page's).
func TestBrowserPage(t *testing.T) {
	ctx := browsertest.New(t)
	tab := simulated(t, 300)
	path := filepath.Join(browsertest.Dir(t), "league.html")
	var page bytes.Buffer
	if err := WritePage(&page, tab); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, page.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+path)); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, r := range tab.Rows {
		want = append(want, r.Player.ID)
	}
	shown := evaluate[[]string](t, ctx, `[...document.querySelectorAll('#standings tr td:nth-child(2)')].map(td => td.textContent.trim())`)
	if strings.Join(shown, " ") != strings.Join(want, " ") {
		t.Errorf("the table shows %v, want %v", shown, want)
	}
	sizes := evaluate[[]float64](t, ctx, `[...document.querySelectorAll('figure svg')].map(s => s.getBoundingClientRect().width * s.getBoundingClientRect().height)`)
	if len(sizes) != 2 {
		t.Errorf("%d charts drawn, want 2 (ratings, history)", len(sizes))
	}
	for i, a := range sizes {
		if a < 300*150 {
			t.Errorf("chart %d drawn %v px², want a visible chart", i, a)
		}
	}
	// The ratings chart marks each player; the history a line per player.
	for id, least := range map[string]int{"ratings-chart": len(tab.Rows), "history-chart": len(tab.Rows)} {
		if n := evaluate[int](t, ctx, `document.querySelectorAll('#`+id+` svg path').length`); n < least {
			t.Errorf("#%s: %d paths, want at least %d", id, n, least)
		}
	}
	n := len(tab.Rows)
	if cells := evaluate[int](t, ctx, `document.querySelectorAll('#h2h td').length`); cells != n*n {
		t.Errorf("%d cells in the matrix, want %d", cells, n*n)
	}
	// The six that played met each other: 30 cells coloured by Elo.
	coloured := evaluate[int](t, ctx, `[...document.querySelectorAll('#h2h td')].filter(td => td.style.background != '' && getComputedStyle(td).backgroundColor != 'rgba(0, 0, 0, 0)').length`)
	if coloured != 30 {
		t.Errorf("%d cells coloured, want 30", coloured)
	}
	if fetched := evaluate[int](t, ctx, `performance.getEntriesByType('resource').length`); fetched != 0 {
		t.Errorf("the page fetched %d resources, want none", fetched)
	}
	browsertest.Screenshot(t, ctx, "league.png")
}

// evaluate runs the script in the page and returns its value, failing
// the test on an error.
func evaluate[T any](t *testing.T, ctx context.Context, script string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](script))
	if err != nil {
		t.Fatalf("%s: %v", script, err)
	}
	return v
}
