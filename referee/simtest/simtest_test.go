package simtest

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"impulse/referee/csbref"
	"impulse/referee/replay"
	"impulse/sim/csb"
)

// simtestDeadline bounds every exchange with SimTest: a test that it does not
// answer in time fails instead of hanging.
const simtestDeadline = 5 * time.Second

// simtestPod is one pod line of the simulator test protocol:
// "x y vx vy angle ncpid shield boosted", the angle in degrees (-1: none
// yet), shield the engine cooldown.
type simtestPod struct {
	X, Y, VX, VY          int
	Angle                 float64
	Next, Shield, Boosted int
}

func (p simtestPod) line() string {
	return fmt.Sprintf("%d %d %d %d %s %d %d %d", p.X, p.Y, p.VX, p.VY,
		strconv.FormatFloat(p.Angle, 'g', -1, 64), p.Next, p.Shield, p.Boosted)
}

func parseSimtestPod(line string) (simtestPod, error) {
	f := strings.Fields(line)
	if len(f) != 8 {
		return simtestPod{}, fmt.Errorf("%q: %d fields, want 8", line, len(f))
	}
	var p simtestPod
	var err error
	for k, dst := range []*int{&p.X, &p.Y, &p.VX, &p.VY, nil, &p.Next, &p.Shield, &p.Boosted} {
		if dst == nil {
			p.Angle, err = strconv.ParseFloat(f[k], 64)
		} else {
			*dst, err = strconv.Atoi(f[k])
		}
		if err != nil {
			return simtestPod{}, fmt.Errorf("%q: field %d: %v", line, k+1, err)
		}
	}
	return p, nil
}

// simtestFirstPod is one pod line of the suite's first protocol:
// "x y vx vy angle shield boost", all integers, the angle in whole degrees
// (-1: none yet).
type simtestFirstPod struct {
	X, Y, VX, VY, Angle, Shield, Boosted int
}

func (p simtestFirstPod) line() string {
	return fmt.Sprintf("%d %d %d %d %d %d %d", p.X, p.Y, p.VX, p.VY, p.Angle, p.Shield, p.Boosted)
}

func parseSimtestFirstPod(line string) (simtestFirstPod, error) {
	f := strings.Fields(line)
	if len(f) != 7 {
		return simtestFirstPod{}, fmt.Errorf("%q: %d fields, want 7", line, len(f))
	}
	var p simtestFirstPod
	for k, dst := range []*int{&p.X, &p.Y, &p.VX, &p.VY, &p.Angle, &p.Shield, &p.Boosted} {
		var err error
		// Integers only, as the client reads them with int().
		if *dst, err = strconv.Atoi(f[k]); err != nil {
			return simtestFirstPod{}, fmt.Errorf("%q: field %d: %v", line, k+1, err)
		}
	}
	return p, nil
}

// simtestWholeDegrees returns a replay's angle (radians, not normalised) as
// the game's input gives it to the bots and so as the first protocol's data
// record it (csb.md section 6, Pod.toPlayerString): Java's Math.round, that
// is floor(x + 0.5), of the angle in degrees within [0, 360); 360 is
// written 0, the same angle for the later first-protocol client, which
// compares angles modulo 360, and the data's own spelling (0 and 359 occur
// in data/replay_vslirkin.txt, 360 never).
func simtestWholeDegrees(radians float64) int {
	const tau = 2 * math.Pi
	d := int(math.Floor(math.Mod(math.Mod(radians, tau)+tau, tau)*180/math.Pi + 0.5))
	return d % 360
}

// simtestMap is what the community's client sends for one map: the
// checkpoints, then the tests, each one recorded turn of a replay.
type simtestMap struct {
	replay      string
	checkpoints []string // "x y"
	tests       []simtestCase
}

// header is the map's lines up to and including the test count.
func (m simtestMap) header() string {
	return fmt.Sprintf("%d\n%s\n%d\n", len(m.checkpoints), strings.Join(m.checkpoints, "\n"), len(m.tests))
}

type simtestCase struct {
	turn int    // 1 is the first turn
	name string // what the turn shows
	in   [csb.MaxPods]simtestPod
	cmds [csb.MaxPods]string
	want [csb.MaxPods]simtestPod
	// The same turn in the first protocol.
	firstIn, firstWant [csb.MaxPods]simtestFirstPod
}

// lines is the test as the client sends it: 4 pod lines, 4 command lines.
func (c simtestCase) lines() string {
	var b strings.Builder
	for _, p := range c.in {
		b.WriteString(p.line() + "\n")
	}
	for _, cmd := range c.cmds {
		b.WriteString(cmd + "\n")
	}
	return b.String()
}

// firstLines is the test as the first protocol's client sends it.
func (c simtestCase) firstLines() string {
	var b strings.Builder
	for _, p := range c.firstIn {
		b.WriteString(p.line() + "\n")
	}
	for _, cmd := range c.cmds {
		b.WriteString(cmd + "\n")
	}
	return b.String()
}

// simtestTurn names a turn of a replay to test: 1 is the first turn.
type simtestTurn struct {
	turn int
	name string
}

// simtestTurns builds the tests of the given turns of a replay under
// replays/. Everything comes from the replay (csb.md sections 2 and 3): the
// checkpoints from frame 0's view; the pods before turn t from key frame
// t−1's view pod lines (frame 2t−2), the commands from what both bots
// printed (stdout of frames 2t−1 and 2t), the pods after the turn from key
// frame t's view (frame 2t). The view gives the angle in radians; the
// protocol takes degrees. The view shows neither the engine cooldown nor the
// boost, so they are counted over the turns before (simtestReplay.count).
//
// The first protocol's pods are the same with the angle in whole degrees
// (simtestWholeDegrees). A pod without an angle before the turn is sent as
// that protocol's data send it (data/replay_vs*.txt at commit cdde3706,
// whose first rounds never have -1): with the angle it takes during the
// turn, from key frame t's view.
func simtestTurns(t testing.TB, name string, turns ...simtestTurn) simtestMap {
	t.Helper()
	g := readSimtestReplay(t, name)
	before := g.view(0)
	m := simtestMap{replay: name}
	cps := before.Init.Checkpoints
	for k := 0; k+1 < len(cps); k += 2 {
		m.checkpoints = append(m.checkpoints, fmt.Sprintf("%d %d", int(cps[k]), int(cps[k+1])))
	}
	next := 0
	for k := 1; next < len(turns); k++ {
		cmds := g.commands(k)
		in := g.pods(before)
		after := g.view(k)
		firstIn := g.firstPods(before, after)
		g.count(after)
		if k == turns[next].turn {
			m.tests = append(m.tests, simtestCase{turn: k, name: turns[next].name,
				in: in, cmds: g.orders(k, cmds), want: g.pods(after),
				firstIn: firstIn, firstWant: g.firstPods(after, after)})
			next++
		}
		before = after
	}
	return m
}

// simtestReplay is a replay read by simtestTurns, with the engine cooldown
// and the boost flag of each pod counted over the turns so far.
type simtestReplay struct {
	t       testing.TB
	name    string
	frames  []replay.Frame
	shield  [csb.MaxPods]int
	boosted [csb.MaxPods]int
}

// readSimtestReplay reads replays/name.
func readSimtestReplay(t testing.TB, name string) *simtestReplay {
	t.Helper()
	r, err := replay.Read(filepath.Join("..", "..", "replays", name))
	if err != nil {
		t.Fatal(err)
	}
	return &simtestReplay{t: t, name: name, frames: r.GameResult.Frames}
}

// view parses key frame k (frame 2k).
func (g *simtestReplay) view(k int) *csbref.View {
	g.t.Helper()
	if 2*k >= len(g.frames) || !g.frames[2*k].Keyframe {
		g.t.Fatalf("%s: frame %d is not key frame %d", g.name, 2*k, k)
	}
	v, err := csbref.ParseView(replay.Lines(g.frames[2*k].View)[1:])
	if err != nil {
		g.t.Fatalf("%s frame %d: %v", g.name, 2*k, err)
	}
	return v
}

// commands returns the 4 command lines of turn k, what both bots printed.
func (g *simtestReplay) commands(k int) []string {
	g.t.Helper()
	mine, theirs := g.frames[2*k-1], g.frames[2*k]
	if mine.AgentID != 0 || theirs.AgentID != 1 || mine.Stdout == nil || theirs.Stdout == nil {
		g.t.Fatalf("%s turn %d: frames %d and %d are not both players' outputs", g.name, k, 2*k-1, 2*k)
	}
	cmds := append(replay.Lines(*mine.Stdout), replay.Lines(*theirs.Stdout)...)
	if len(cmds) != csb.MaxPods {
		g.t.Fatalf("%s turn %d: %d command lines", g.name, k, len(cmds))
	}
	return cmds
}

// orders returns turn k's command lines as the protocol sends them:
// "x y thrust", single-spaced.
func (g *simtestReplay) orders(k int, cmds []string) (out [csb.MaxPods]string) {
	g.t.Helper()
	for i, line := range cmds {
		f := strings.Fields(line)
		if len(f) != 3 {
			g.t.Fatalf("%s turn %d: command %q is not \"x y thrust\"", g.name, k, line)
		}
		out[i] = strings.Join(f, " ")
	}
	return out
}

// count counts the engine cooldown and the boost of each pod after a turn
// whose view is after: the cooldown is 3 after a turn whose view shows
// SHIELD (field 9), then one less each turn; a pod has boosted once its
// view shows power 650 (field 4).
func (g *simtestReplay) count(after *csbref.View) {
	for i, p := range after.Pods {
		switch {
		case p.Shield == 1:
			g.shield[i] = csb.ShieldLockTurns
		case g.shield[i] > 0:
			g.shield[i]--
		}
		if p.Power == csb.BoostThrust {
			g.boosted[i] = 1
		}
	}
}

// pods returns v's pods in the current protocol, with the cooldown and
// boost counted so far.
func (g *simtestReplay) pods(v *csbref.View) (out [csb.MaxPods]simtestPod) {
	for i, p := range v.Pods {
		angle := -1.0
		if !p.Angle.Null {
			angle = p.Angle.Value * 180 / math.Pi
		}
		out[i] = simtestPod{int(p.X), int(p.Y), int(p.VX), int(p.VY), angle, int(p.NextCP), g.shield[i], g.boosted[i]}
	}
	return out
}

// firstPods returns v's pods in the first protocol; a pod without an
// angle in v takes its angle from then, if it has one there.
func (g *simtestReplay) firstPods(v, then *csbref.View) (out [csb.MaxPods]simtestFirstPod) {
	for i, p := range v.Pods {
		angle := -1
		switch {
		case !p.Angle.Null:
			angle = simtestWholeDegrees(p.Angle.Value)
		case !then.Pods[i].Angle.Null:
			angle = simtestWholeDegrees(then.Pods[i].Angle.Value)
		}
		out[i] = simtestFirstPod{int(p.X), int(p.Y), int(p.VX), int(p.VY), angle, g.shield[i], g.boosted[i]}
	}
	return out
}

// simtestMaps are the tests over three maps: two games of the published
// referee (no BOOST) and one live game with BOOSTs.
func simtestMaps(t testing.TB) []simtestMap {
	return []simtestMap{
		simtestTurns(t, "csb/csb-002.json",
			simtestTurn{1, "first turn: no angle yet"},
			simtestTurn{4, "two collisions"},
			simtestTurn{12, "pod 0 passes checkpoint 1"},
			simtestTurn{39, "pod 3 shields and collides"},
			simtestTurn{40, "pod 3's engine is locked; pod 0 passes a checkpoint"}),
		simtestTurns(t, "csb/csb-007.json",
			simtestTurn{11, "pod 3 shields and collides"},
			simtestTurn{12, "pod 3, locked, passes a checkpoint"},
			simtestTurn{36, "two pods shield, two collisions"},
			simtestTurn{37, "two pods locked"}),
		simtestTurns(t, "csb-live/battle_872272248.json",
			simtestTurn{1, "two pods boost (650), a collision"},
			simtestTurn{8, "pod 1 boosts again (200), pod 3 boosts"},
			simtestTurn{16, "pod 0 boosts, a collision"}),
	}
}

// simtestClient speaks to SimTest through pipes, as the community's client
// speaks to a simulator's stdin and stdout.
type simtestClient struct {
	in   *io.PipeWriter
	out  *bufio.Reader
	done chan error // SimTest's result
}

func startSimTest(t *testing.T) *simtestClient {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &simtestClient{in: inW, out: bufio.NewReader(outR), done: make(chan error, 1)}
	go func() {
		err := SimTest(inR, outW)
		outW.Close()
		c.done <- err
	}()
	// After a failure, closing both ends unblocks SimTest and the helpers.
	t.Cleanup(func() {
		inW.CloseWithError(errors.New("test over"))
		outR.Close()
	})
	return c
}

// within runs f and fails the test if it does not return within
// simtestDeadline.
func within(t *testing.T, what string, f func() error) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	case <-time.After(simtestDeadline):
		t.Fatalf("%s: nothing after %v", what, simtestDeadline)
	}
}

func (c *simtestClient) send(t *testing.T, what, s string) {
	t.Helper()
	within(t, "sending "+what, func() error {
		_, err := io.WriteString(c.in, s)
		return err
	})
}

// answerLines reads the 4 lines of one answer.
func (c *simtestClient) answerLines(t *testing.T, what string) (got [csb.MaxPods]string) {
	t.Helper()
	within(t, "waiting for the answer to "+what, func() error {
		for i := range got {
			line, err := c.out.ReadString('\n')
			if err != nil {
				return fmt.Errorf("pod %d: %v (read %q)", i, err, line)
			}
			got[i] = line
		}
		return nil
	})
	return got
}

// answer reads the 4 pod lines of one answer in the current protocol.
func (c *simtestClient) answer(t *testing.T, what string) (got [csb.MaxPods]simtestPod) {
	t.Helper()
	for i, line := range c.answerLines(t, what) {
		var err error
		if got[i], err = parseSimtestPod(line); err != nil {
			t.Fatalf("answer to %s: pod %d: %v", what, i, err)
		}
	}
	return got
}

// firstAnswer reads the 4 pod lines of one answer in the first protocol.
func (c *simtestClient) firstAnswer(t *testing.T, what string) (got [csb.MaxPods]simtestFirstPod) {
	t.Helper()
	for i, line := range c.answerLines(t, what) {
		var err error
		if got[i], err = parseSimtestFirstPod(line); err != nil {
			t.Fatalf("answer to %s: pod %d: %v", what, i, err)
		}
	}
	return got
}

// close ends SimTest's input and checks that it prints nothing more and
// returns nil.
func (c *simtestClient) close(t *testing.T) {
	t.Helper()
	within(t, "SimTest after the end of its input", func() error {
		c.in.Close()
		rest, err := io.ReadAll(c.out)
		if err != nil {
			return err
		}
		if len(rest) > 0 {
			return fmt.Errorf("printed %q after the last answer", rest)
		}
		return <-c.done
	})
}

// TestSimTestAnswersEachTestAtOnce speaks to SimTest as the community's
// clients do, in both protocols: in the current one a map's header and test
// count, then one test; in the first one, one test. It waits for each
// test's answer before sending the next: SimTest must answer each test
// without waiting for more input. The answers are checked against the
// replays each test comes from; in the first protocol the angle as the
// game's input rounds the replay's (simtestWholeDegrees).
func TestSimTestAnswersEachTestAtOnce(t *testing.T) {
	maps := simtestMaps(t)
	t.Run("current protocol", func(t *testing.T) {
		c := startSimTest(t)
		approx := cmpopts.EquateApprox(0, 1e-9) // angles went to degrees and back
		for _, m := range maps {
			c.send(t, m.replay+"'s map", m.header())
			for _, tc := range m.tests {
				what := fmt.Sprintf("%s turn %d (%s)", m.replay, tc.turn, tc.name)
				c.send(t, what, tc.lines())
				got := c.answer(t, what)
				if diff := cmp.Diff(tc.want, got, approx); diff != "" {
					t.Errorf("%s: pods after the turn (-want +got):\n%s", what, diff)
				}
			}
		}
		c.close(t)
	})
	t.Run("first protocol", func(t *testing.T) {
		c := startSimTest(t)
		for _, m := range maps {
			for _, tc := range m.tests {
				what := fmt.Sprintf("%s turn %d (%s)", m.replay, tc.turn, tc.name)
				c.send(t, what, tc.firstLines())
				got := c.firstAnswer(t, what)
				if diff := cmp.Diff(tc.firstWant, got); diff != "" {
					t.Errorf("%s: pods after the turn (-want +got):\n%s", what, diff)
				}
			}
		}
		c.close(t)
	})
}

// writeCounter records each Write it is given.
type writeCounter struct{ writes []string }

func (w *writeCounter) Write(p []byte) (int, error) {
	w.writes = append(w.writes, string(p))
	return len(p), nil
}

// TestSimTestWritesEachAnswerWhole checks, in both protocols, that SimTest
// buffers within an answer and flushes after it: one Write of 4 lines per
// test.
func TestSimTestWritesEachAnswerWhole(t *testing.T) {
	var current, first strings.Builder
	tests := 0
	for _, m := range simtestMaps(t) {
		current.WriteString(m.header())
		for _, tc := range m.tests {
			current.WriteString(tc.lines())
			first.WriteString(tc.firstLines())
		}
		tests += len(m.tests)
	}
	for _, in := range []struct{ name, text string }{{"current protocol", current.String()}, {"first protocol", first.String()}} {
		t.Run(in.name, func(t *testing.T) {
			var w writeCounter
			if err := SimTest(strings.NewReader(in.text), &w); err != nil {
				t.Fatal(err)
			}
			if len(w.writes) != tests {
				t.Fatalf("%d writes for %d tests, want one per test: %q", len(w.writes), tests, w.writes)
			}
			for k, s := range w.writes {
				if n := strings.Count(s, "\n"); n != csb.MaxPods || !strings.HasSuffix(s, "\n") {
					t.Errorf("write %d: %q, want the 4 lines of one answer", k, s)
				}
			}
		})
	}
}

// TestSimTestRecognisesProtocol checks that SimTest takes the protocol from
// the first non-blank line (1 field: the current protocol's map header, 7
// fields: a pod line of the first protocol), and that any other first line
// is an error that names the line and says what was expected. The tests are
// csb-002 turn 1 (simtestMaps).
func TestSimTestRecognisesProtocol(t *testing.T) {
	m := simtestMaps(t)[0]
	m.tests = m.tests[:1]
	tc := m.tests[0]
	// The first turn with the game's "no angle yet", -1, which the first
	// protocol's data never send (they give the angle the pod takes).
	var noAngle strings.Builder
	for _, p := range tc.firstIn {
		p.Angle = -1
		noAngle.WriteString(p.line() + "\n")
	}
	noAngle.WriteString(strings.Join(tc.cmds[:], "\n") + "\n")
	var firstWant strings.Builder
	for _, p := range tc.firstWant {
		firstWant.WriteString(p.line() + "\n")
	}
	const want7 = `want a checkpoint count (1 field, the current protocol) or a pod "x y vx vy angle shield boost" (7 fields, the first protocol)`
	tests := []struct {
		name    string
		in      string
		fields  int    // in each answer line
		answers int    // tests answered
		want    string // the whole output, when not ""
		err     string // "": SimTest returns nil
	}{
		{name: "no input"},
		{name: "blank lines only", in: "\n \t\n\n"},
		{name: "current protocol after blank lines", in: "\n  \n" + m.header() + tc.lines(),
			fields: 8, answers: 1},
		{name: "first protocol after blank lines", in: "\n\t\n" + tc.firstLines() + "\n" + tc.firstLines(),
			fields: 7, answers: 2, want: firstWant.String() + firstWant.String()},
		{name: "first protocol, no angle yet (-1)", in: noAngle.String(),
			fields: 7, answers: 1, want: firstWant.String()},
		{name: "one field that is no count", in: "\nx\n",
			err: `line 2: checkpoint count: "x": want 2..8`},
		{name: "three fields", in: "\n\n1 2 3\n",
			err: `line 3: first line "1 2 3" has 3 fields: ` + want7},
		{name: "a current pod line without its map", in: tc.lines(),
			err: fmt.Sprintf("line 1: first line %q has 8 fields: %s", tc.in[0].line(), want7)},
		{name: "seven fields that are no pod", in: "a b c d e f g\n",
			err: `line 1: test 0 pod 0 (x y vx vy angle shield boost): field 1 "a": want a number`},
		{name: "first protocol, then a current pod line", in: tc.firstLines() + tc.lines(),
			fields: 7, answers: 1,
			err: "line 9: test 1 pod 0 (x y vx vy angle shield boost): 8 fields, want 7"},
		{name: "first protocol, a test cut short", in: strings.Join(strings.SplitAfter(tc.firstLines(), "\n")[:6], ""),
			err: "line 6: test 0 command 2: EOF"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			err := SimTest(strings.NewReader(tt.in), &out)
			switch {
			case tt.err == "" && err != nil:
				t.Errorf("SimTest: %v, want nil", err)
			case tt.err != "" && (err == nil || err.Error() != tt.err):
				t.Errorf("SimTest: %v, want %s", err, tt.err)
			}
			text := out.String()
			if text != "" && !strings.HasSuffix(text, "\n") {
				t.Fatalf("printed %q: the last line is not whole", text)
			}
			lines := strings.SplitAfter(text, "\n")
			lines = lines[:len(lines)-1] // "" after the last "\n"
			if len(lines) != tt.answers*csb.MaxPods {
				t.Fatalf("printed %q, want %d answers of %d lines", text, tt.answers, csb.MaxPods)
			}
			for k, l := range lines {
				if n := len(strings.Fields(l)); n != tt.fields {
					t.Errorf("answer line %d: %q has %d fields, want %d", k+1, l, n, tt.fields)
				}
			}
			if tt.want != "" && text != tt.want {
				t.Errorf("printed:\n%swant:\n%s", text, tt.want)
			}
		})
	}
}

// TestSimTestRefusesImpossiblePods checks that a test whose pods no game
// has, which the simulator could not separate (two at one place: a
// collision without a direction, repeated forever), or that heads for a
// checkpoint the map does not have, is an error naming the line, in both
// protocols. FuzzSimTest found the hang.
func TestSimTestRefusesImpossiblePods(t *testing.T) {
	m := simtestMaps(t)[0]
	m.tests = m.tests[:1]
	tc := m.tests[0]
	same, far := tc, tc
	same.in[2].X, same.in[2].Y = same.in[0].X, same.in[0].Y
	same.firstIn[2].X, same.firstIn[2].Y = same.firstIn[0].X, same.firstIn[0].Y
	far.in[3].VX, far.firstIn[3].VX = 2000000, 2000000
	lost := tc
	lost.in[1].Next = 9
	tests := []struct{ name, in, err string }{
		{"current protocol, two pods at one place", m.header() + same.lines(),
			"line 10: test 0 pod 2: at the position of pod 0"},
		{"first protocol, two pods at one place", same.firstLines(),
			"line 3: test 0 pod 2: at the position of pod 0"},
		{"current protocol, a speed beyond 1e6", m.header() + far.lines(),
			"line 11: test 0 pod 3: position or speed 2e+06 beyond ±1e+06"},
		{"first protocol, a speed beyond 1e6", far.firstLines(),
			"line 4: test 0 pod 3: position or speed 2e+06 beyond ±1e+06"},
		{"current protocol, a next checkpoint beyond the map's 5", m.header() + lost.lines(),
			`line 9: test 0 pod 1: field 6 "9": want a checkpoint 0..4`},
		{"first protocol, NaN", "NaN" + tc.firstLines()[strings.Index(tc.firstLines(), " "):],
			`line 1: test 0 pod 0 (x y vx vy angle shield boost): field 1 "NaN": want a number`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			err := SimTest(strings.NewReader(tt.in), &out)
			if err == nil || err.Error() != tt.err {
				t.Errorf("SimTest: %v, want %s", err, tt.err)
			}
			if out.Len() > 0 {
				t.Errorf("printed %q, want nothing", out.String())
			}
		})
	}
}

// FuzzSimTest feeds arbitrary input to SimTest: it may fail but not panic
// or hang, and what it prints is whole answers of 4 lines of 8 fields (the
// current protocol) or 7 (the first). Seeded with the tests of simtestMaps
// in both protocols.
func FuzzSimTest(f *testing.F) {
	for _, m := range simtestMaps(f) {
		var first strings.Builder
		for _, tc := range m.tests {
			first.WriteString(tc.firstLines())
		}
		f.Add(first.String())
		all := m.header()
		for _, tc := range m.tests {
			all += tc.lines()
		}
		f.Add(all)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var out strings.Builder
		SimTest(strings.NewReader(in), &out) // an error is fine
		text := out.String()
		if text == "" {
			return
		}
		lines := strings.SplitAfter(text, "\n")
		if lines[len(lines)-1] != "" || (len(lines)-1)%csb.MaxPods != 0 {
			t.Fatalf("printed %q: not whole answers", text)
		}
		fields := len(strings.Fields(lines[0]))
		for _, l := range lines[:len(lines)-1] {
			if n := len(strings.Fields(l)); n != fields || n != 7 && n != 8 {
				t.Fatalf("printed %q: line %q has %d fields, want 7 or 8 as all the others", text, l, n)
			}
		}
	})
}
