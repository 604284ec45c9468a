package referee

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
// boost, so they are counted over the turns before: the cooldown is 3 after
// a turn whose view shows SHIELD (field 9), then one less each turn; a pod
// has boosted once its view shows power 650 (field 4).
func simtestTurns(t *testing.T, replay string, turns ...simtestTurn) simtestMap {
	t.Helper()
	r, err := ReadReplay(filepath.Join("..", "replays", replay))
	if err != nil {
		t.Fatal(err)
	}
	frames := r.GameResult.Frames
	view := func(k int) *CSBView {
		t.Helper()
		if 2*k >= len(frames) || !frames[2*k].Keyframe {
			t.Fatalf("%s: frame %d is not key frame %d", replay, 2*k, k)
		}
		v, err := ParseCSBView(splitBlock(frames[2*k].View)[1:])
		if err != nil {
			t.Fatalf("%s frame %d: %v", replay, 2*k, err)
		}
		return v
	}
	before := view(0)
	m := simtestMap{replay: replay}
	cps := before.Init.Checkpoints
	for k := 0; k+1 < len(cps); k += 2 {
		m.checkpoints = append(m.checkpoints, fmt.Sprintf("%d %d", int(cps[k]), int(cps[k+1])))
	}
	var shield, boosted [csb.MaxPods]int
	pods := func(v *CSBView) (out [csb.MaxPods]simtestPod) {
		for i, p := range v.Pods {
			angle := -1.0
			if !p.Angle.Null {
				angle = p.Angle.V * 180 / math.Pi
			}
			out[i] = simtestPod{int(p.X), int(p.Y), int(p.VX), int(p.VY), angle, int(p.NextCP), shield[i], boosted[i]}
		}
		return out
	}
	next := 0
	for k := 1; next < len(turns); k++ {
		mine, theirs := frames[2*k-1], frames[2*k]
		if mine.AgentID != 0 || theirs.AgentID != 1 || mine.Stdout == nil || theirs.Stdout == nil {
			t.Fatalf("%s turn %d: frames %d and %d are not both players' outputs", replay, k, 2*k-1, 2*k)
		}
		cmds := append(splitBlock(*mine.Stdout), splitBlock(*theirs.Stdout)...)
		if len(cmds) != csb.MaxPods {
			t.Fatalf("%s turn %d: %d command lines", replay, k, len(cmds))
		}
		in := pods(before)
		after := view(k)
		for i, p := range after.Pods {
			switch {
			case p.Shield == 1:
				shield[i] = csb.ShieldLockTurns
			case shield[i] > 0:
				shield[i]--
			}
			if p.Power == csb.BoostThrust {
				boosted[i] = 1
			}
		}
		if k == turns[next].turn {
			c := simtestCase{turn: k, name: turns[next].name, in: in, want: pods(after)}
			for i, line := range cmds {
				f := strings.Fields(line)
				if len(f) != 3 {
					t.Fatalf("%s turn %d: command %q is not \"x y thrust\"", replay, k, line)
				}
				c.cmds[i] = strings.Join(f, " ")
			}
			m.tests = append(m.tests, c)
			next++
		}
		before = after
	}
	return m
}

// simtestMaps are the tests over three maps: two games of the published
// referee (no BOOST) and one live game with BOOSTs.
func simtestMaps(t *testing.T) []simtestMap {
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

// answer reads the 4 pod lines of one answer.
func (c *simtestClient) answer(t *testing.T, what string) (got [csb.MaxPods]simtestPod) {
	t.Helper()
	within(t, "waiting for the answer to "+what, func() error {
		for i := range got {
			line, err := c.out.ReadString('\n')
			if err != nil {
				return fmt.Errorf("pod %d: %v (read %q)", i, err, line)
			}
			if got[i], err = parseSimtestPod(line); err != nil {
				return fmt.Errorf("pod %d: %v", i, err)
			}
		}
		return nil
	})
	return got
}

// TestSimTestAnswersEachTestAtOnce speaks to SimTest as the community's
// client does: a map's header and test count, then one test, and it waits
// for that test's answer before sending the next. SimTest must answer each
// test without waiting for more input, and its answers are checked against
// the replays each test comes from.
func TestSimTestAnswersEachTestAtOnce(t *testing.T) {
	maps := simtestMaps(t)
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

// writeCounter records each Write it is given.
type writeCounter struct{ writes []string }

func (w *writeCounter) Write(p []byte) (int, error) {
	w.writes = append(w.writes, string(p))
	return len(p), nil
}

// TestSimTestWritesEachAnswerWhole checks that SimTest buffers within an
// answer and flushes after it: one Write of 4 lines per test.
func TestSimTestWritesEachAnswerWhole(t *testing.T) {
	var in strings.Builder
	tests := 0
	for _, m := range simtestMaps(t) {
		in.WriteString(m.header())
		for _, tc := range m.tests {
			in.WriteString(tc.lines())
		}
		tests += len(m.tests)
	}
	var w writeCounter
	if err := SimTest(strings.NewReader(in.String()), &w); err != nil {
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
}
