package view

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/google/go-cmp/cmp"

	"impulse/referee/csbref"
	"impulse/referee/fbref"
	"impulse/referee/internal/browsertest"
	"impulse/referee/replay"
)

// The browser tests drive headless Chromium as a person would: open the
// page, pick a replay, step with the keys and the timeline, and check that
// what is drawn sits where the replay says, to scale. Expected values come
// from the replay files, read here in Go by the games' view parsers
// (csbref.ParseView, fbref.ParseView), never by the page's own parser.

// newBrowser starts a headless Chromium for one test (browsertest.New).
func newBrowser(t *testing.T) context.Context { return browsertest.New(t) }

// screenshot saves the visible page into browsertest.Dir.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		t.Fatalf("screenshot: %v", err)
	}
	path := filepath.Join(browsertest.Dir(t), name)
	writeFile(t, path, png)
	t.Logf("screenshot: %s", path)
}

// waitFor waits until the JavaScript expression is true.
func waitFor(t *testing.T, ctx context.Context, what, expr string) {
	t.Helper()
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(20*time.Second))); err != nil {
		msg, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('banner').textContent`))
		t.Fatalf("waiting for %s (%s): %v; page banner: %q", what, expr, err, msg)
	}
}

func shownTurn(t *testing.T, ctx context.Context) int {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.getElementById('turn-label').dataset.turn`))
	if err != nil {
		t.Fatal(err)
	}
	k, err := strconv.Atoi(s)
	if err != nil {
		t.Fatalf("turn label %q", s)
	}
	return k
}

// goToTurn steps to turn k as a person would: a click on the timeline near
// it, then the arrow keys.
func goToTurn(t *testing.T, ctx context.Context, k, last int) {
	t.Helper()
	box, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](`(() => {
		const r = document.getElementById('timeline').getBoundingClientRect();
		return [r.left, r.top, r.width, r.height];
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	x := box[0] + box[2]*float64(k)/float64(last)
	if err := chromedp.Do(ctx, chromedp.MouseClickXY(x, box[1]+box[3]/2)); err != nil {
		t.Fatal(err)
	}
	// The click leaves the focus on the slider: the keys must still step
	// one turn, not move the slider by themselves as well.
	for i := 0; i < 3*last && shownTurn(t, ctx) != k; i++ {
		key := kb.ArrowRight
		if shownTurn(t, ctx) > k {
			key = kb.ArrowLeft
		}
		if err := chromedp.Do(ctx, chromedp.KeyEvent(key)); err != nil {
			t.Fatal(err)
		}
	}
	waitFor(t, ctx, fmt.Sprintf("turn %d", k), fmt.Sprintf(`document.getElementById('field').dataset.turn === '%d'`, k))
}

// drawing is what the page shows, read from the DOM.
type drawing struct {
	Turn, Frame   int
	Width, Height float64 // the field in game units
	Field         box     // the field rectangle on screen
	Entities      []drawn
}

type box struct{ Left, Top, Width, Height float64 }

// drawn is one element with game coordinates (data-x, data-y) and, when it
// has one, the on-screen box of its circle.
type drawn struct {
	Class, ID, Path, Holding, Player string
	X, Y                             float64
	Circle                           bool
	Box                              box
}

const readDrawing = `(() => {
	const f = document.getElementById('field');
	const bg = document.getElementById('field-bg').getBoundingClientRect();
	const box = (r) => ({Left: r.left, Top: r.top, Width: r.width, Height: r.height});
	const out = {Turn: +f.dataset.turn, Frame: +f.dataset.frame, Width: +f.dataset.width, Height: +f.dataset.height, Field: box(bg), Entities: []};
	for (const g of f.querySelectorAll('[data-x]')) {
		const c = g.tagName === 'circle' ? g : g.querySelector('circle');
		out.Entities.push({
			Class: g.getAttribute('class') || '', ID: g.dataset.id || '', Path: g.dataset.path || '',
			Holding: g.dataset.holding || '', Player: g.dataset.player || '',
			X: +g.dataset.x, Y: +g.dataset.y, Circle: !!c, Box: c ? box(c.getBoundingClientRect()) : {},
		});
	}
	return out;
})()`

func readPage(t *testing.T, ctx context.Context) drawing {
	t.Helper()
	d, err := chromedp.Run(ctx, chromedp.Evaluate[drawing](readDrawing))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// class reports whether the element's class list has c.
func (e drawn) class(c string) bool {
	for _, f := range strings.Fields(e.Class) {
		if f == c {
			return true
		}
	}
	return false
}

func (d drawing) all(class string) []drawn {
	var out []drawn
	for _, e := range d.Entities {
		if e.class(class) {
			out = append(out, e)
		}
	}
	return out
}

// checkToScale checks that each circle is drawn where its data-x, data-y
// say, with the given radius, at the field's scale (within a pixel).
func checkToScale(t *testing.T, d drawing, radius map[string]float64) {
	t.Helper()
	sx, sy := d.Field.Width/d.Width, d.Field.Height/d.Height
	if math.Abs(sx-sy) > 1e-3*sx || sx <= 0 {
		t.Fatalf("field drawn %gx%g px for %gx%g units: not to scale", d.Field.Width, d.Field.Height, d.Width, d.Height)
	}
	n := 0
	for _, e := range d.Entities {
		if !e.Circle {
			continue
		}
		r, ok := 0.0, false
		for c, v := range radius {
			if e.class(c) {
				r, ok = v, true
			}
		}
		if !ok {
			continue
		}
		n++
		cx, cy := e.Box.Left+e.Box.Width/2, e.Box.Top+e.Box.Height/2
		wx, wy := d.Field.Left+e.X*sx, d.Field.Top+e.Y*sy
		if math.Abs(cx-wx) > 1 || math.Abs(cy-wy) > 1 {
			t.Errorf("%s %s%s at game (%g, %g) drawn at (%.1f, %.1f) px, want (%.1f, %.1f)", e.Class, e.ID, e.Path, e.X, e.Y, cx, cy, wx, wy)
		}
		if math.Abs(e.Box.Width-2*r*sx) > 1 {
			t.Errorf("%s %s%s drawn %.1f px wide, want radius %g = %.1f px", e.Class, e.ID, e.Path, e.Box.Width, r, 2*r*sx)
		}
	}
	if n == 0 {
		t.Error("no circle checked")
	}
}

// keyframes returns the frame indices of a replay's key frames.
func keyframes(r *replay.Replay) []int {
	var out []int
	for i, f := range r.GameResult.Frames {
		if f.Keyframe {
			out = append(out, i)
		}
	}
	return out
}

// csbAt parses the CSB view of the replay's k-th key frame.
func csbAt(t *testing.T, r *replay.Replay, k int) *csbref.View {
	t.Helper()
	f := r.GameResult.Frames[keyframes(r)[k]]
	v, err := csbref.ParseView(replay.Lines(f.View)[1:])
	if err != nil {
		t.Fatal(err)
	}
	return v
}

var csbRadius = map[string]float64{"pod": 400, "checkpoint": 600, "ghost": 400}

// checkCSB checks the pods and checkpoints drawn against the replay's turn.
func checkCSB(t *testing.T, d drawing, r *replay.Replay, k int) {
	t.Helper()
	if d.Turn != k || d.Frame != keyframes(r)[k] {
		t.Fatalf("page shows turn %d frame %d, want turn %d frame %d", d.Turn, d.Frame, k, keyframes(r)[k])
	}
	want := csbAt(t, r, k)
	pods := d.all("pod")
	if len(pods) != len(want.Pods) {
		t.Fatalf("%d pods drawn, want %d", len(pods), len(want.Pods))
	}
	for i, p := range pods {
		w := want.Pods[i]
		if p.ID != strconv.Itoa(i) || p.X != w.X || p.Y != w.Y || p.Player != strconv.Itoa(i/2) {
			t.Errorf("turn %d pod %s of player %s at (%g, %g), want pod %d of player %d at (%g, %g)", k, p.ID, p.Player, p.X, p.Y, i, i/2, w.X, w.Y)
		}
	}
	init := csbAt(t, r, 0).Init
	cps := d.all("checkpoint")
	if len(cps) != len(init.Checkpoints)/2 {
		t.Fatalf("%d checkpoints drawn, want %d", len(cps), len(init.Checkpoints)/2)
	}
	for i, c := range cps {
		if c.X != init.Checkpoints[2*i] || c.Y != init.Checkpoints[2*i+1] {
			t.Errorf("checkpoint %d at (%g, %g), want (%g, %g)", i, c.X, c.Y, init.Checkpoints[2*i], init.Checkpoints[2*i+1])
		}
	}
	checkToScale(t, d, csbRadius)
}

// checkOutputs checks the bots' output lines shown beside the field.
func checkOutputs(t *testing.T, ctx context.Context, r *replay.Replay, k int) {
	t.Helper()
	kf := keyframes(r)
	for p := 0; p < 2; p++ {
		var want []string
		for j := kf[k-1] + 1; j <= kf[k]; j++ {
			f := r.GameResult.Frames[j]
			if f.AgentID == p && f.Stdout != nil {
				want = append(want, strings.TrimSuffix(*f.Stdout, "\n"))
			}
		}
		got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](fmt.Sprintf(
			`[...document.querySelectorAll('.bot[data-player="%d"] pre.stdout')].map((e) => e.textContent)`, p)))
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("turn %d player %d output shown %q, want %q", k, p, got, want)
		}
	}
}

// servedPage is the viewer of TestBrowserServed, open in a browser, and
// the replays it serves.
type servedPage struct {
	ctx    context.Context
	listed []ReplayEntry // what the server lists
	// cgData is csb-007 in CodinGame's shape, at cgPath; badPath is the
	// perturbed csb-002 (perturbedCSB); fbPath an FB replay, "" for none.
	cgData                  []byte
	cgPath, badPath, fbPath string
}

// TestBrowserServed opens the served viewer in a browser and checks each
// kind of replay it lists: one in CodinGame's shape stepped with the keys
// and the timeline, every listed replay parsed by the page, a game of the
// live server, the ghosts of a mismatch, and an FB game.
func TestBrowserServed(t *testing.T) {
	p := serveReplays(t)
	t.Run("CSB in CodinGame's shape", func(t *testing.T) { checkServedCSB(t, p) })
	t.Run("every replay parses", func(t *testing.T) { checkEveryReplayParses(t, p) })
	t.Run("a real live game", func(t *testing.T) {
		// A game of the live server as CodinGame's API serves it (a bare
		// gameResult, numeric avatars): drawn, named after its agents,
		// and replayed by our referee to the last frame.
		path := filepath.Join("..", "..", "replays", "csb-live", "battle_872272248.json")
		p.open(t, path)
		checkLiveGame(t, p.ctx, path)
	})
	t.Run("ghosts at the first mismatch", func(t *testing.T) {
		p.open(t, p.badPath)
		checkGhosts(t, p.ctx)
		screenshot(t, p.ctx, "served-csb-002-mismatch.png")
	})
	t.Run("FB", func(t *testing.T) {
		if p.fbPath == "" {
			t.Skip("no FB replay in replays/fb or ../shared/replays/fb")
		}
		p.open(t, p.fbPath)
		data := readFile(t, p.fbPath)
		r, err := replay.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", p.fbPath, err)
		}
		k := fbTurnWithSpellAndHolder(t, r)
		goToTurn(t, p.ctx, k, len(keyframes(r))-1)
		checkFB(t, p.ctx, readPage(t, p.ctx), r, k)
		screenshot(t, p.ctx, fmt.Sprintf("served-%s-turn%d.png", strings.TrimSuffix(filepath.Base(p.fbPath), ".json"), k))
	})
}

// serveReplays writes the replays of TestBrowserServed into a temporary
// folder, serves it with replays/ (and an FB replay of ../shared when
// replays/ has none), and opens the page in a new browser at the replay
// list.
func serveReplays(t *testing.T) *servedPage {
	p := &servedPage{ctx: newBrowser(t)}
	dir := t.TempDir()
	p.cgData = asCodinGame(t, readFile(t, projectReplay("csb", "csb-007.json")))
	// CodinGame gives the downloading player's stderr; our matches may
	// add response times. Turn 5 is frames 9 (player 0) and 10 (player 1).
	p.cgData = withFrameKeys(t, p.cgData, map[int]map[string]any{
		9:  {"stderr": "depth 6 best 0.73\n"},
		10: {"responseTime": 37.5},
	})
	p.cgPath = filepath.Join(dir, "cg-csb-007.json")
	writeFile(t, p.cgPath, p.cgData)
	p.badPath = filepath.Join(dir, "perturbed-csb-002.json")
	writeFile(t, p.badPath, perturbedCSB(t))
	p.fbPath = anyReplay("fb", "fb-041.json", "fb-045.json", "fb-009.json")
	paths := []string{dir, filepath.Join("..", "..", "replays")}
	if p.fbPath != "" && !strings.HasPrefix(p.fbPath, paths[1]) {
		paths = append(paths, p.fbPath)
	}
	server := NewServer(paths, Options{})
	var err error
	if p.listed, err = server.Replays(); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(server)
	t.Cleanup(srv.Close)
	if err := chromedp.Do(p.ctx, chromedp.Navigate(srv.URL+"/")); err != nil {
		t.Fatal(err)
	}
	waitFor(t, p.ctx, "the replay list", `document.querySelectorAll('#replays li').length >= 2`)
	return p
}

// open clicks replay id in the list and waits until it is drawn and its
// diff has come.
func (p *servedPage) open(t *testing.T, id string) {
	t.Helper()
	sel := fmt.Sprintf(`#replays li[data-id=%q]`, id)
	if err := chromedp.Do(p.ctx, chromedp.Click(sel)); err != nil {
		t.Fatalf("clicking %s: %v", sel, err)
	}
	waitFor(t, p.ctx, id+" loaded", fmt.Sprintf(`window.impulseViewer.replayID === %q && document.getElementById('field').dataset.diffLoaded === '1'`, id))
}

// press presses key on the page.
func press(t *testing.T, ctx context.Context, key string) {
	t.Helper()
	if err := chromedp.Do(ctx, chromedp.KeyEvent(key)); err != nil {
		t.Fatal(err)
	}
}

// checkServedCSB steps through csb-007 in CodinGame's shape with the
// keys from the start, plays and pauses it, changes the speed, then jumps
// with the timeline and to the end, checking the drawing at each stop.
func checkServedCSB(t *testing.T, p *servedPage) {
	ctx := p.ctx
	p.open(t, p.cgPath)
	r, err := replay.Parse(p.cgData)
	if err != nil {
		t.Fatal(err)
	}
	last := len(keyframes(r)) - 1
	d := readPage(t, ctx)
	checkCSB(t, d, r, d.Turn)
	// Step with the keys from the start, then jump with the timeline.
	press(t, ctx, kb.Home)
	for i := 0; i < 5; i++ {
		press(t, ctx, kb.ArrowRight)
	}
	waitFor(t, ctx, "turn 5", `document.getElementById('field').dataset.turn === '5'`)
	checkCSB(t, readPage(t, ctx), r, 5)
	checkOutputs(t, ctx, r, 5)
	checkStderrAndResponseTime(t, ctx)
	checkPlayKeys(t, ctx, r)
	const k = 57
	goToTurn(t, ctx, k, last)
	checkCSB(t, readPage(t, ctx), r, k)
	checkOutputs(t, ctx, r, k)
	press(t, ctx, kb.End)
	waitFor(t, ctx, "the last turn", fmt.Sprintf(`document.getElementById('field').dataset.turn === '%d'`, last))
	checkCSB(t, readPage(t, ctx), r, last)
	reason, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('[data-end-reason]').dataset.endReason`))
	if want := strings.Fields(r.GameResult.Frames[len(r.GameResult.Frames)-1].View); len(want) > 1 && reason != want[1] {
		t.Errorf("end reason %q, want %q (the last frame's header)", reason, want[1])
	}
	goToTurn(t, ctx, k, last)
	screenshot(t, ctx, fmt.Sprintf("served-csb-007-turn%d.png", k))
}

// checkStderrAndResponseTime checks turn 5 of csb-007 as serveReplays
// wrote it: player 0's stderr and player 1's response time.
func checkStderrAndResponseTime(t *testing.T, ctx context.Context) {
	t.Helper()
	side, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[
		document.querySelector('.bot[data-player="0"] pre.stderr')?.textContent ?? '',
		document.querySelector('.bot[data-player="1"] .response-time')?.textContent ?? '']`))
	if err != nil {
		t.Fatal(err)
	}
	if side[0] != "depth 6 best 0.73\n" || side[1] != "37.5 ms" {
		t.Errorf("turn 5 shows stderr %q and response time %q, want %q and %q", side[0], side[1], "depth 6 best 0.73\n", "37.5 ms")
	}
}

// checkPlayKeys checks that Space plays, Space pauses on a whole turn,
// and + and - change the speed.
func checkPlayKeys(t *testing.T, ctx context.Context, r *replay.Replay) {
	t.Helper()
	press(t, ctx, " ")
	waitFor(t, ctx, "playing past turn 6", `window.impulseViewer.playing && +document.getElementById('field').dataset.turn >= 6`)
	press(t, ctx, " ")
	waitFor(t, ctx, "paused", `!window.impulseViewer.playing && window.impulseViewer.frac === 0`)
	d := readPage(t, ctx)
	checkCSB(t, d, r, d.Turn)
	for _, tc := range []struct {
		key  string
		want float64
	}{{"+", 8}, {"+", 16}, {"-", 8}, {"-", 4}, {"-", 2}} {
		press(t, ctx, tc.key)
		if got, _ := chromedp.Run(ctx, chromedp.Evaluate[float64](`window.impulseViewer.speed`)); got != tc.want {
			t.Errorf("after %q: speed %g turns/s, want %g", tc.key, got, tc.want)
		}
	}
}

// checkEveryReplayParses runs the page's parser over every listed replay:
// the game's key frames become turns, none is rejected.
func checkEveryReplayParses(t *testing.T, p *servedPage) {
	got, err := chromedp.Run(p.ctx, chromedp.Evaluate[[]string](`(async () => {
		const out = [];
		const list = await (await fetch('api/replays')).json();
		for (const r of list.replays) {
			const rep = await (await fetch('api/replay?replay=' + encodeURIComponent(r.id))).json();
			try {
				const m = window.impulseParse(rep, r.id);
				out.push(r.id + ': ' + m.game.short + ' ' + m.turns.length);
			} catch (e) {
				out.push(r.id + ': ' + e.message);
			}
		}
		return out;
	})()`, chromedp.EvalAwaitPromise))
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != len(p.listed) {
		t.Errorf("parsed %d replays, want the %d listed", len(got), len(p.listed))
	}
	for _, line := range got {
		id, _, _ := strings.Cut(line, ": ")
		game := "csb"
		if strings.Contains(filepath.Base(id), "fb") {
			game = "fb"
		}
		if want := fmt.Sprintf("%s: %s %d", id, game, keyframeCount(t, id)); line != want {
			t.Errorf("parsed %q, want %q", line, want)
		}
	}
}

// keyframeCount reads the replay file path, in any shape Normalize takes,
// and returns its number of key frames.
func keyframeCount(t *testing.T, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	norm, err := Normalize(data)
	if err != nil {
		t.Fatal(err)
	}
	var r struct {
		GameResult struct {
			Frames []struct{ Keyframe bool }
		}
	}
	json.Unmarshal(norm, &r)
	n := 0
	for _, f := range r.GameResult.Frames {
		if f.Keyframe {
			n++
		}
	}
	return n
}

// checkLiveGame checks the open page of the live game at path: the diff
// says match, the players are named after its agents, and turn 40 is
// drawn as the replay says.
func checkLiveGame(t *testing.T, ctx context.Context, path string) {
	data := readFile(t, path)
	r, err := replay.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[
		document.querySelector('[data-diff]')?.dataset.diff ?? '',
		...[...document.querySelectorAll('#players .chip > b')].map((b) => b.textContent)]`))
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"match", r.GameResult.Agents[0].Name(), r.GameResult.Agents[1].Name()}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("diff status and player names (-want +got):\n%s", d)
	}
	const k = 40
	goToTurn(t, ctx, k, len(keyframes(r))-1)
	checkCSB(t, readPage(t, ctx), r, k)
	checkOutputs(t, ctx, r, k)
	screenshot(t, ctx, fmt.Sprintf("served-live-872272248-turn%d.png", k))
}

// withFrameKeys sets keys on some frames of a replay in the shape
// asCodinGame gives.
func withFrameKeys(t *testing.T, data []byte, keys map[int]map[string]any) []byte {
	t.Helper()
	var r map[string]map[string]any
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	frames := r["success"]["frames"].([]any)
	for i, kv := range keys {
		for k, v := range kv {
			frames[i].(map[string]any)[k] = v
		}
	}
	out, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// checkGhosts checks the page of the perturbed csb-002 (see perturbedCSB):
// it opens at the mismatch, draws the official pod 0 at 13177 and ours as
// a ghost at 13140, and lists the field.
func checkGhosts(t *testing.T, ctx context.Context) {
	t.Helper()
	waitFor(t, ctx, "the ghosts", `document.querySelectorAll('#ghosts .ghost').length > 0`)
	d := readPage(t, ctx)
	if d.Turn != 1 || d.Frame != 2 {
		t.Errorf("page opened at turn %d frame %d, want the mismatch: turn 1, frame 2", d.Turn, d.Frame)
	}
	var official, ghost *drawn
	for i, e := range d.Entities {
		if e.class("pod") && e.ID == "0" {
			official = &d.Entities[i]
		}
		if e.class("ghost") && e.Path == "View.Pods[0]" {
			ghost = &d.Entities[i]
		}
	}
	if official == nil || official.X != 13177 || official.Y != 2423 {
		t.Errorf("official pod 0: %+v, want at (13177, 2423)", official)
	}
	if ghost == nil || ghost.X != 13140 || ghost.Y != 2423 || !ghost.class("differs") {
		t.Errorf("our ghost of pod 0: %+v, want at (13140, 2423), marked as differing", ghost)
	}
	if n := len(d.all("ghost")); n != 4 {
		t.Errorf("%d ghosts, want 4 (one per pod)", n)
	}
	checkToScale(t, d, csbRadius)
	rows, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll('tr.field-diff')].map((r) => r.textContent)`))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.Join(rows, "\n"), "View.Pods[0].X1317713140") {
		t.Errorf("differing fields listed: %q; want View.Pods[0].X official 13177 ours 13140", rows)
	}
}

// fbWant is a Fantastic Bits key frame as fb.md §3 lays out its view.
type fbWant struct {
	wizards  [][2]float64
	snaffles map[int][2]float64 // live ones
	bludgers map[int][2]float64
	spells   []string // "NAME wizard target"
}

func fbAt(t *testing.T, r *replay.Replay, k int) fbWant {
	t.Helper()
	f := r.GameResult.Frames[keyframes(r)[k]]
	v, err := fbref.ParseView(replay.Lines(f.View)[1:])
	if err != nil {
		t.Fatalf("turn %d: %v", k, err)
	}
	w := fbWant{snaffles: map[int][2]float64{}, bludgers: map[int][2]float64{}}
	for _, wz := range v.Wizards {
		w.wizards = append(w.wizards, [2]float64{wz.X, wz.Y})
	}
	for _, sp := range v.Spells {
		w.spells = append(w.spells, fmt.Sprintf("%s %g %g", sp.Name, sp.Wizard, sp.Target))
	}
	for _, sn := range v.Snaffles { // id x y alive
		if sn[3] == 1 {
			w.snaffles[int(sn[0])] = [2]float64{sn[1], sn[2]}
		}
	}
	for _, b := range v.Bludgers { // id x y
		w.bludgers[int(b[0])] = [2]float64{b[1], b[2]}
	}
	return w
}

// fbHolders reads which wizards hold a snaffle after key frame k from the
// next player input (fb.md §4: a wizard's state is 1 when it holds one).
func fbHolders(r *replay.Replay, k int) map[int]bool {
	kf := keyframes(r)
	if kf[k]+1 >= len(r.GameResult.Frames) {
		return nil
	}
	out := map[int]bool{}
	for _, l := range r.GameResult.Frames[kf[k]+1].PlayerInput {
		f := strings.Fields(l)
		if len(f) == 7 && strings.HasSuffix(f[1], "WIZARD") && f[6] == "1" {
			id, _ := strconv.Atoi(f[0])
			out[id] = true
		}
	}
	return out
}

// fbTurnWithSpellAndHolder finds a turn with an active spell and a wizard
// holding a snaffle (else one with either), so that the test sees both.
func fbTurnWithSpellAndHolder(t *testing.T, r *replay.Replay) int {
	t.Helper()
	best, score := 1, -1
	for k := 1; k < len(keyframes(r))-1; k++ {
		s := 0
		if len(fbAt(t, r, k).spells) > 0 {
			s++
		}
		if len(fbHolders(r, k)) > 0 {
			s++
		}
		if s > score {
			best, score = k, s
		}
		if s == 2 {
			break
		}
	}
	return best
}

func checkFB(t *testing.T, ctx context.Context, d drawing, r *replay.Replay, k int) {
	t.Helper()
	if d.Turn != k {
		t.Fatalf("page shows turn %d, want %d", d.Turn, k)
	}
	want := fbAt(t, r, k)
	wiz := d.all("wizard")
	if len(wiz) != 4 {
		t.Fatalf("%d wizards drawn, want 4", len(wiz))
	}
	holders := fbHolders(r, k)
	for i, w := range wiz {
		if w.ID != strconv.Itoa(i) || w.X != want.wizards[i][0] || w.Y != want.wizards[i][1] || w.Player != strconv.Itoa(i/2) {
			t.Errorf("turn %d wizard %s of team %s at (%g, %g), want wizard %d of team %d at %v", k, w.ID, w.Player, w.X, w.Y, i, i/2, want.wizards[i])
		}
		if holding := w.Holding != "-1"; holders != nil && holding != holders[i] {
			t.Errorf("turn %d wizard %d: drawn holding %v (data-holding %s), the next input says %v", k, i, holding, w.Holding, holders[i])
		}
	}
	sn := d.all("snaffle")
	if len(sn) != len(want.snaffles) {
		t.Errorf("turn %d: %d snaffles drawn, want the %d live ones", k, len(sn), len(want.snaffles))
	}
	for _, s := range sn {
		id, _ := strconv.Atoi(s.ID)
		if p, ok := want.snaffles[id]; !ok || p != [2]float64{s.X, s.Y} {
			t.Errorf("turn %d snaffle %d at (%g, %g), want %v (live %v)", k, id, s.X, s.Y, p, ok)
		}
	}
	bl := d.all("bludger")
	if len(bl) != len(want.bludgers) {
		t.Errorf("turn %d: %d bludgers drawn, want %d", k, len(bl), len(want.bludgers))
	}
	for _, b := range bl {
		id, _ := strconv.Atoi(b.ID)
		if p := want.bludgers[id]; p != [2]float64{b.X, b.Y} {
			t.Errorf("turn %d bludger %d at (%g, %g), want %v", k, id, b.X, b.Y, p)
		}
	}
	spells, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll('#field .spell')].map((s) => s.dataset.spell + ' ' + s.dataset.wizard + ' ' + s.dataset.target)`))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(spells, "|") != strings.Join(want.spells, "|") {
		t.Errorf("turn %d spells drawn %q, want %q", k, spells, want.spells)
	}
	checkToScale(t, d, map[string]float64{"wizard": 400, "snaffle": 150, "bludger": 200, "post": 300})
}

func TestBrowserExport(t *testing.T) {
	ctx := newBrowser(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "perturbed-csb-002.json")
	data := perturbedCSB(t)
	writeFile(t, src, data)
	page := filepath.Join(dir, "perturbed-csb-002.html")
	if err := ExportFile(page, src, true); err != nil {
		t.Fatal(err)
	}
	if err := chromedp.Do(ctx, chromedp.Navigate("file://"+page)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the page", `document.getElementById('field').dataset.diffLoaded === '1'`)
	checkGhosts(t, ctx)
	screenshot(t, ctx, "export-csb-002-mismatch.png")

	r, err := replay.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	// Step away from the mismatch: frame 2 is perturbed, later ones are
	// the official game's.
	const k = 40
	goToTurn(t, ctx, k, len(keyframes(r))-1)
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll('#ghosts .ghost').length`)); n != 0 {
		t.Errorf("%d ghosts away from the mismatch, want none", n)
	}
	checkCSB(t, readPage(t, ctx), r, k)
	checkOutputs(t, ctx, r, k)
	screenshot(t, ctx, fmt.Sprintf("export-csb-002-turn%d.png", k))
}
