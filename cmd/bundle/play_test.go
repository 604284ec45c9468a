package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"impulse/referee/csbref"
	"impulse/referee/engine"
	"impulse/referee/fbref"
	"impulse/sim/csb"
	"impulse/sim/fb"
)

// The deterministic mode of cmd/bot: a fixed seed for its random source and
// a fixed number of search iterations instead of a time budget.
const (
	seedFlag       = "-seed"
	iterationsFlag = "-iterations"
	playIterations = 300
)

// playGames are the games that have a bot and a referee: the identical-play
// test bundles each. Fantastic Bits joins when cmd/bot/fb.go and
// referee/fbref exist.
var playGames = []struct {
	name    string
	newGame func() (engine.Game, engine.Variant)
}{
	{"csb", func() (engine.Game, engine.Variant) { return csbref.New(csb.Live), csbref.Variant(csb.Live) }},
	{"fb", func() (engine.Game, engine.Variant) { return fbref.New(fb.Live), fbref.Variant }},
}

// bakedSettings are the settings TestIdenticalPlay bakes into each game's
// bundle and gives the unbundled bot: the deterministic mode at a seed
// other than cmd/bot's default, and search and evaluation settings other
// than the game's defaults, which change the play (the control game
// shows it), so that a value the bundle lost would show.
var bakedSettings = map[string][]string{
	"csb": {seedFlag, "5", iterationsFlag, strconv.Itoa(playIterations), "-population", "24", "-w-runner-facing", "2500", "-mutation-decay", "0.5"},
	"fb":  {seedFlag, "5", iterationsFlag, strconv.Itoa(playIterations), "-population", "24", "-w-robust", "0.3", "-mutation-decay", "0.5"},
	// The beam search, which the bundle holds only when the baked
	// settings choose it (beamTag): one game is enough to see it play.
	"fb/beam": {seedFlag, "5", iterationsFlag, strconv.Itoa(playIterations), "-strategy", "beam", "-beam-width", "8", "-w-robust", "0.3"},
}

// TestIdenticalPlay bundles cmd/bot for each game (without comments when
// that is what fits, as the command does), with bakedSettings baked in
// (-flags), builds the bundle alone as Go 1.18, and plays games through
// the local referee in which the bundled bot, run without arguments as
// CodinGame runs it, and the unbundled bot, given the flags, sit in the
// same seat and read the same input: their outputs must be equal, turn by
// turn. A second unbundled instance plays alongside, so that a bot that
// is not deterministic is told apart from a bundle that plays
// differently; in the first game, so does the unbundled bot at the same
// seed with the default settings, which must play differently at least
// once. The opponent is the unbundled bot with another seed. The bundle,
// given an argument, refuses it. FB plays a second bundle, with the beam
// search baked in (one game): only that bundle holds the beam's code.
func TestIdenticalPlay(t *testing.T) {
	root := filepath.Join("..", "..")
	if !hasGoFiles(filepath.Join(root, "cmd", "bot")) {
		t.Skip("cmd/bot does not exist yet: nothing to bundle")
	}
	for _, g := range playGames {
		for _, name := range []string{g.name, g.name + "/beam"} {
			baked, ok := bakedSettings[name]
			if !ok {
				continue
			}
			beam := name != g.name
			t.Run(name, func(t *testing.T) { playBundle(t, root, g.name, g.newGame, baked, beam) })
		}
	}
}

// playBundle is TestIdenticalPlay of one game's bundle with the settings
// baked in, which choose the beam search or not.
func playBundle(t *testing.T, root, game string, newGame func() (engine.Game, engine.Variant), baked []string, beam bool) {
	tags := games[game]
	// The unbundled bot is the local build, which has the flags:
	// the game's tags but contest.
	var plainTags []string
	for _, tag := range tags {
		if tag != "contest" {
			plainTags = append(plainTags, tag)
		}
	}
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain")
	build := exec.Command("go", "build", "-tags", strings.Join(plainTags, ","), "-o", plain, "./cmd/bot")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build -tags %q ./cmd/bot: %v\n%s", strings.Join(plainTags, ","), err, out)
	}
	if usage := botUsage(plain); !strings.Contains(usage, seedFlag+" ") || !strings.Contains(usage, iterationsFlag+" ") {
		t.Skipf("cmd/bot has no deterministic mode yet (flags %s N %s K); its usage:\n%s", seedFlag, iterationsFlag, usage)
	}

	res, note, err := bundleFitting(options{dir: root, pattern: "./cmd/bot", tags: tags, game: game, others: otherGames(game), flags: baked})
	if err != nil {
		t.Fatal(err)
	}
	_, line := size(res.src)
	t.Logf("bundle of cmd/bot for %s (%q): %s (%s)", game, baked, line, note)
	if got := strings.Contains(string(res.src), "beamPass("); got != beam {
		t.Errorf("the bundle holds the beam search: %v, want %v", got, beam)
	}
	bundled, warnings, err := verify(res, game+".go", filepath.Join(dir, "bundle"))
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range warnings {
		t.Logf("warning: %s", w)
	}
	out, err := exec.Command(bundled, seedFlag, "1").CombinedOutput()
	if code := exitCode(err); code != 2 || !strings.Contains(string(out), "the contest build takes no arguments") {
		t.Errorf("the bundle run with %s 1: exit status %d, %q; want 2 and a message that it takes no arguments", seedFlag, code, out)
	}

	seeds := []int{1, 2, 3}
	if beam {
		seeds = seeds[:1]
	}
	for _, seed := range seeds {
		seat := seed % 2 // the bundled bot plays both seats
		t.Run(fmt.Sprintf("seed=%d/seat=%d", seed, seat), func(t *testing.T) {
			g, variant := newGame()
			tw := twins{plain: plain, args: baked, bundled: bundled, opponent: deterministic(2)}
			if seed == 1 {
				tw.control = deterministic(5)
			}
			playTwins(t, g, variant, seed, seat, tw)
		})
	}
}

// exitCode returns the exit status of a command run with error err.
func exitCode(err error) int {
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		return exit.ExitCode()
	}
	if err != nil {
		return -1
	}
	return 0
}

// twins are the bots of playTwins.
type twins struct {
	plain string   // the unbundled bot
	args  []string // its arguments, which the bundle bakes in
	// bundled is the bundle, run without arguments.
	bundled string
	// opponent are the unbundled bot's arguments in the other seat.
	opponent []string
	// control, when not nil, are the unbundled bot's arguments in a game
	// alongside, which must play differently at least once: what the
	// bundle bakes changes the play.
	control []string
}

// deterministic are cmd/bot's arguments for a bot seed: the seed and a
// fixed number of iterations.
func deterministic(botSeed int) []string {
	return []string{seedFlag, strconv.Itoa(botSeed), iterationsFlag, strconv.Itoa(playIterations)}
}

// TestThirdParty bundles testdata/expbot, a small Coders Strike Back bot
// of its own module that uses golang.org/x/exp (slices, maps, constraints)
// at a version whose go.mod says go 1.18, builds it alone as Go 1.18, and
// plays it against the unbundled bot as TestIdenticalPlay does: the two
// must answer alike, turn by turn. The three packages whole (nothing left
// out) pass the Go 1.18 checks too.
func TestThirdParty(t *testing.T) {
	dir := filepath.Join("testdata", "expbot")
	res, err := bundle(options{dir: dir, pattern: "."})
	if err != nil {
		t.Fatal(err)
	}
	src := string(res.src)
	for _, want := range []string{
		"It holds packages of golang.org/x/exp v0.0.0-20230321023759-10a507213a29.",
		"// ---- golang.org/x/exp/slices/sort.go",
		"type Ordered interface",
		"func slices_Clone[", "func maps_Clone[", // both packages declare Clone
	} {
		if !strings.Contains(src, want) {
			t.Errorf("the bundle does not hold %q", want)
		}
	}
	tmp := t.TempDir()
	bundled, _, err := verify(res, "expbot.go", filepath.Join(tmp, "bundle"))
	if err != nil {
		t.Fatal(err)
	}
	plain := filepath.Join(tmp, "plain")
	build := exec.Command("go", "build", "-o", plain, ".")
	build.Dir = dir
	build.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build testdata/expbot: %v\n%s", err, out)
	}
	whole, err := bundle(options{dir: dir, pattern: ".", keepUnused: true})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := verify(whole, "expbot-whole.go", filepath.Join(tmp, "whole")); err != nil {
		t.Errorf("golang.org/x/exp slices, maps and constraints whole: %v", err)
	}
	for _, seed := range []int{1, 2} {
		t.Run(fmt.Sprintf("seed=%d", seed), func(t *testing.T) {
			playTwins(t, csbref.New(csb.Live), csbref.Variant(csb.Live), seed, seed%2, twins{plain: plain, bundled: bundled})
		})
	}
}

// playTwins plays one game with the given referee seed: in the seat, the
// unbundled bot with its arguments, a second unbundled instance and the
// bundled bot read each input, and the first one's output is played (the
// control, if any, too). The other seat is the unbundled bot with the
// opponent's arguments.
func playTwins(t *testing.T, game engine.Game, variant engine.Variant, seed, seat int, tw twins) {
	h, err := engine.NewHost(game, variant, 2, []string{"seed=" + strconv.Itoa(seed)})
	if err != nil {
		t.Fatal(err)
	}
	bots := []*botProc{
		startBot(t, "unbundled", tw.plain, tw.args...),
		startBot(t, "unbundled again", tw.plain, tw.args...),
		startBot(t, "bundled", tw.bundled),
	}
	if tw.control != nil {
		bots = append(bots, startBot(t, "control", tw.plain, tw.control...))
	}
	opponent := startBot(t, "opponent", tw.plain, tw.opponent...)
	turns, differ := 0, 0
	for {
		f := h.GameInfo()
		if f.End != nil {
			break
		}
		if f.Player != seat {
			out, err := opponent.turn(f.Input, f.ExpectedLines)
			if err != nil {
				t.Fatalf("round %d: %v", h.Round(), err)
			}
			h.SetOutput(out)
			continue
		}
		outs := make([][]string, len(bots))
		for i, b := range bots {
			if outs[i], err = b.turn(f.Input, f.ExpectedLines); err != nil {
				t.Fatalf("round %d: %v", h.Round(), err)
			}
		}
		if !equalLines(outs[0], outs[1]) {
			t.Fatalf("round %d: the unbundled bot is not deterministic with %q: it played %q, then %q",
				h.Round(), tw.args, outs[0], outs[1])
		}
		if !equalLines(outs[0], outs[2]) {
			t.Fatalf("round %d: the bundled bot played %q, the unbundled bot %q (input %q)",
				h.Round(), outs[2], outs[0], f.Input)
		}
		if tw.control != nil && !equalLines(outs[0], outs[3]) {
			differ++
		}
		h.SetOutput(outs[0])
		turns++
	}
	if turns == 0 {
		t.Fatal("no turn played")
	}
	if tw.control != nil {
		if differ == 0 {
			t.Errorf("the unbundled bot with %q played as with %q: the test would not see the baked settings lost", tw.control, tw.args)
		}
		t.Logf("%d turns identical; %d of them played otherwise with %q", turns, differ, tw.control)
		return
	}
	t.Logf("%d turns identical", turns)
}

// botProc is a bot process fed line by line.
type botProc struct {
	name   string
	stdin  io.WriteCloser
	lines  chan string
	stderr *limitedWriter
}

// turnTimeout is generous: the bots run a fixed number of iterations, and
// the machine may be busy.
const turnTimeout = 20 * time.Second

// startBot starts the bot exe with args, named name in messages; it
// is killed and reaped when the test ends.
func startBot(t *testing.T, name, exe string, args ...string) *botProc {
	cmd := exec.Command(exe, args...)
	b := &botProc{name: name, lines: make(chan string, 16), stderr: &limitedWriter{max: 1 << 16}}
	cmd.Stderr = b.stderr
	var err error
	if b.stdin, err = cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		defer close(b.lines)
		sc := bufio.NewScanner(stdout)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			b.lines <- sc.Text()
		}
	}()
	t.Cleanup(func() {
		b.stdin.Close()
		cmd.Process.Kill()
		for range b.lines {
		}
		<-done
		cmd.Wait()
	})
	return b
}

// turn sends the input lines and reads n output lines.
func (b *botProc) turn(input []string, n int) ([]string, error) {
	if _, err := io.WriteString(b.stdin, strings.Join(input, "\n")+"\n"); err != nil {
		return nil, fmt.Errorf("%s: writing its input: %v; stderr:\n%s", b.name, err, b.stderr)
	}
	out := make([]string, 0, n)
	timeout := time.After(turnTimeout)
	for len(out) < n {
		select {
		case line, ok := <-b.lines:
			if !ok {
				return nil, fmt.Errorf("%s: exited after %d of %d lines; stderr:\n%s", b.name, len(out), n, b.stderr)
			}
			out = append(out, line)
		case <-timeout:
			return nil, fmt.Errorf("%s: no answer in %v (%d of %d lines)", b.name, turnTimeout, len(out), n)
		}
	}
	return out, nil
}

// limitedWriter keeps the first max bytes a process writes, safe to read
// while the process runs.
type limitedWriter struct {
	mu  sync.Mutex
	buf bytes.Buffer
	max int
}

// Write keeps what fits under the limit and reports all of p written.
func (l *limitedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := len(p)
	if room := l.max - l.buf.Len(); room > 0 {
		if len(p) > room {
			p = p[:room]
		}
		l.buf.Write(p)
	}
	return n, nil
}

// String returns what was kept.
func (l *limitedWriter) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

// equalLines reports whether a and b hold the same lines.
func equalLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// botUsage returns what the bot prints for -h (with no input, within ten
// seconds).
func botUsage(exe string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	out, _ := exec.CommandContext(ctx, exe, "-h").CombinedOutput()
	return string(out)
}

// hasGoFiles reports whether dir holds a non-test Go file.
func hasGoFiles(dir string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, f := range files {
		if !strings.HasSuffix(f, "_test.go") {
			return true
		}
	}
	return false
}
