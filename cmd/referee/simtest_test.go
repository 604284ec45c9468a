package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// simtestPod is a pod as an official replay's view shows it (csb.md
// section 3): position, speed, the angle in radians as Java prints it
// ("null" before the pod's first rotation) and the next checkpoint; with
// the engine cooldown and the boost flag that the protocol adds (both 0
// unless a test says otherwise: no pod has shielded or boosted before these
// turns).
type simtestPod struct {
	x, y, vx, vy  int
	angle         string
	next          int
	shield, boost int
}

// degrees returns the angle in the protocol's unit: degrees, -1 for none.
func (p simtestPod) degrees(t *testing.T) float64 {
	if p.angle == "null" {
		return -1
	}
	a, err := strconv.ParseFloat(p.angle, 64)
	if err != nil {
		t.Fatalf("angle %q: %v", p.angle, err)
	}
	return a * 180 / math.Pi
}

// wholeDegrees returns the angle in the first protocol's unit, whole
// degrees as the game's input rounds them (csb.md section 6): Java's
// Math.round, floor(x + 0.5), of the degrees within [0, 360), 360 written
// 0 as the suite's data write it; -1 for none.
func (p simtestPod) wholeDegrees(t *testing.T) int {
	if p.angle == "null" {
		return -1
	}
	const tau = 2 * math.Pi
	a, err := strconv.ParseFloat(p.angle, 64)
	if err != nil {
		t.Fatalf("angle %q: %v", p.angle, err)
	}
	return int(math.Floor(math.Mod(math.Mod(a, tau)+tau, tau)*180/math.Pi+0.5)) % 360
}

// simtestExchange is one test and its answer, one turn of an official
// replay: the pods of the key frame before the turn, the lines both bots
// printed (stdout of the turn's two frames), and the pods of the key frame
// after it.
type simtestExchange struct {
	turn     int
	pods     [4]simtestPod
	commands [4]string
	want     [4]simtestPod
}

// simtestMaps are the tests over three maps: two games of the published
// referee and a live one with BOOSTs.
var simtestMaps = []struct {
	replay      string
	checkpoints string // frame 0's view, line 3
	tests       []simtestExchange
}{
	{"csb/csb-002.json", "12953 1929 6617 7824 7423 1421 12686 7186 4060 4716", []simtestExchange{
		{1, // frames 0, 1 and 2: the first turn, no angle yet
			[4]simtestPod{
				{13294, 2295, 0, 0, "null", 1, 0, 0},
				{12612, 1563, 0, 0, "null", 1, 0, 0},
				{13975, 3027, 0, 0, "null", 1, 0, 0},
				{11931, 831, 0, 0, "null", 1, 0, 0}},
			[4]string{"9443 5484 200", "9154 5174 200", "9787 5758 200", "7423 1421 200"},
			[4]simtestPod{
				{13140, 2423, -130, 108, "2.449952879679097", 1, 0, 0},
				{12474, 1707, -117, 122, "2.334554072090516", 1, 0, 0},
				{13807, 3136, -142, 92, "2.563741703960793", 1, 0, 0},
				{11733, 857, -168, 22, "3.0114539073087423", 1, 0, 0}}},
		{4, // frames 6, 7 and 8: two collisions
			[4]simtestPod{
				{12447, 2969, -341, 271, "2.4434228927824444", 1, 0, 0},
				{11881, 2359, -294, 320, "2.338657391510633", 1, 0, 0},
				{13053, 3594, -371, 228, "2.565628303433903", 1, 0, 0},
				{10858, 971, -432, 56, "3.01118934570066", 1, 0, 0}},
			[4]string{"8850 6442 200", "8667 6189 200", "9060 6603 200", "8071 1337 200"},
			[4]simtestPod{
				{11956, 3377, -460, 305, "2.3737315888740573", 1, 0, 0},
				{11387, 2755, -454, 299, "2.2689660876022453", 1, 0, 0},
				{12600, 4021, -307, 441, "2.4958114575441064", 1, 0, 0},
				{10228, 1053, -535, 69, "3.0110158701190883", 1, 0, 0}}},
	}},
	{"csb/csb-007.json", "11386 6030 9090 1814 4935 5219", []simtestExchange{
		{11, // frames 20, 21 and 22: pod 3 shields (cooldown 3 after) and collides
			[4]simtestPod{
				{8301, 1480, -363, -348, "-3.228755248799547", 2, 0, 0},
				{10570, 2958, -419, -412, "-2.6806332101568744", 1, 0, 0},
				{8093, 4621, -373, -63, "-1.1417322930966378", 1, 0, 0},
				{9742, 2690, -130, -339, "2.2432339316983714", 1, 0, 0}},
			[4]string{"3698 3434 100", "10046 2803 200", "10209 2003 100", "11581 6538 SHIELD"},
			[4]simtestPod{
				{7846, 1171, -386, -262, "-3.542914514158526", 2, 0, 0},
				{10697, 2732, 210, -158, "-2.8539921064298066", 1, 0, 0},
				{7783, 4480, -263, -119, "-0.8910447556315647", 1, 0, 0},
				{9538, 2327, -183, -312, "1.929074666339392", 1, 3, 0}}},
	}},
	{"csb-live/battle_872272248.json", "6024 5330 11302 2838 7518 6912", []simtestExchange{
		{1, // frames 0, 1 and 2: pods 1 and 2 boost (power 650 in the view), a collision
			[4]simtestPod{
				{5811, 4878, 0, 0, "null", 1, 0, 0},
				{6237, 5782, 0, 0, "null", 1, 0, 0},
				{5384, 3974, 0, 0, "null", 1, 0, 0},
				{6664, 6686, 0, 0, "null", 1, 0, 0}},
			[4]string{"67899 83268 0", "80746 72478 BOOST", "15317 5128 BOOST", "15956 2991 177"},
			[4]simtestPod{
				{5811, 4878, 0, 0, "0.9009280467017312", 1, 0, 0},
				{6568, 5862, 213, -87, "0.7301236233678747", 1, 0, 1},
				{6030, 4049, 548, 63, "0.11565988509776284", 1, 0, 1},
				{6982, 6975, 337, 400, "-0.37848223874398335", 1, 0, 0}}},
	}},
}

// TestSimtestCommand builds the referee and speaks to "referee simtest" as
// the community's test clients do, in both of their protocols: in the
// current one a map's header and test count, then one test; in the first
// one (pods "x y vx vy angle shield boost", no map), one test. It waits for
// each answer before it sends the next test. Each exchange has a deadline,
// so a referee that holds its answer back fails the test instead of
// hanging it. In the first protocol the angles are whole degrees
// (wholeDegrees) and a pod without one is sent, as the suite's data send
// it, with the angle it takes in the turn. A malformed first line ends the
// command with status 1 and an error naming the line.
func TestSimtestCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to build the referee with")
	}
	bin := filepath.Join(t.TempDir(), "referee")
	if runtime.GOOS == "windows" {
		bin += ".exe"
	}
	if out, err := exec.Command(gobin, "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	t.Run("current protocol", func(t *testing.T) { simtestCurrent(t, bin) })
	t.Run("first protocol", func(t *testing.T) { simtestFirst(t, bin) })
	t.Run("malformed first line", func(t *testing.T) { simtestMalformed(t, bin) })
}

// simtestCurrent sends each map's header and test count, then its tests,
// in the current protocol, and checks each answer.
func simtestCurrent(t *testing.T, bin string) {
	c := startSimtestCommand(t, bin)
	for _, m := range simtestMaps {
		cps := strings.Fields(m.checkpoints)
		header := fmt.Sprintf("%d\n", len(cps)/2)
		for k := 0; k < len(cps); k += 2 {
			header += cps[k] + " " + cps[k+1] + "\n"
		}
		c.send(t, m.replay+"'s map", header+fmt.Sprintf("%d\n", len(m.tests)))
		for _, tc := range m.tests {
			what := fmt.Sprintf("%s turn %d", m.replay, tc.turn)
			var lines strings.Builder
			for _, p := range tc.pods {
				fmt.Fprintf(&lines, "%d %d %d %d %s %d %d %d\n", p.x, p.y, p.vx, p.vy,
					strconv.FormatFloat(p.degrees(t), 'g', -1, 64), p.next, p.shield, p.boost)
			}
			for _, cmd := range tc.commands {
				lines.WriteString(cmd + "\n")
			}
			c.send(t, what, lines.String())
			checkCurrentAnswer(t, what, c.answer(t, what), tc.want)
		}
	}
	c.close(t)
}

// checkCurrentAnswer checks an answer of the current protocol: the pods'
// integers exactly, their angles in degrees within 1e-9.
func checkCurrentAnswer(t *testing.T, what string, got [4]string, want [4]simtestPod) {
	t.Helper()
	for i, w := range want {
		f := strings.Fields(got[i])
		if len(f) != 8 {
			t.Errorf("%s pod %d: %q, want 8 fields", what, i, got[i])
			continue
		}
		ints := fmt.Sprintf("%d %d %d %d", w.x, w.y, w.vx, w.vy)
		rest := fmt.Sprintf("%d %d %d", w.next, w.shield, w.boost)
		angle, err := strconv.ParseFloat(f[4], 64)
		if strings.Join(f[:4], " ") != ints || strings.Join(f[5:], " ") != rest ||
			err != nil || math.Abs(angle-w.degrees(t)) > 1e-9 {
			t.Errorf("%s pod %d: got %q, want %s %.12g %s (the replay's angle %s rad in degrees)",
				what, i, got[i], ints, w.degrees(t), rest, w.angle)
		}
	}
}

// simtestFirst sends each test in the first protocol, the angles in
// whole degrees, and checks each answer.
func simtestFirst(t *testing.T, bin string) {
	c := startSimtestCommand(t, bin)
	for _, m := range simtestMaps {
		for _, tc := range m.tests {
			what := fmt.Sprintf("%s turn %d", m.replay, tc.turn)
			var lines strings.Builder
			for i, p := range tc.pods {
				angle := p.wholeDegrees(t)
				if angle == -1 {
					angle = tc.want[i].wholeDegrees(t)
				}
				fmt.Fprintf(&lines, "%d %d %d %d %d %d %d\n", p.x, p.y, p.vx, p.vy, angle, p.shield, p.boost)
			}
			for _, cmd := range tc.commands {
				lines.WriteString(cmd + "\n")
			}
			c.send(t, what, lines.String())
			got := c.answer(t, what)
			for i, w := range tc.want {
				want := fmt.Sprintf("%d %d %d %d %d %d %d", w.x, w.y, w.vx, w.vy, w.wholeDegrees(t), w.shield, w.boost)
				if got[i] != want {
					t.Errorf("%s pod %d: got %q, want %q (the replay's angle %s rad in whole degrees)",
						what, i, got[i], want, w.angle)
				}
			}
		}
	}
	c.close(t)
}

// simtestMalformed: a malformed first line ends the command with status
// 1 and an error naming the line.
func simtestMalformed(t *testing.T, bin string) {
	cmd := exec.Command(bin, "simtest")
	cmd.Stdin = strings.NewReader("\n\n1 2 3\n")
	var stdout, stderr strings.Builder
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Errorf("exit: %v, want exit status 1", err)
	}
	const want = `referee: line 3: first line "1 2 3" has 3 fields: want a checkpoint count (1 field, the current protocol) ` +
		`or a pod "x y vx vy angle shield boost" (7 fields, the first protocol)` + "\n"
	if stdout.Len() > 0 || stderr.String() != want {
		t.Errorf("stdout %q, stderr %q; want nothing and %q", stdout.String(), stderr.String(), want)
	}
}

// simtestCommand is a running "referee simtest".
type simtestCommand struct {
	stdin   io.WriteCloser
	answers *bufio.Reader
	stderr  *strings.Builder
	exited  chan struct{}
	waitErr error // once exited is closed
}

// startSimtestCommand starts bin simtest; the test's cleanup kills it.
func startSimtestCommand(t *testing.T, bin string) *simtestCommand {
	cmd := exec.Command(bin, "simtest")
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	c := &simtestCommand{stdin: stdin, answers: bufio.NewReader(stdout), stderr: new(strings.Builder),
		exited: make(chan struct{})}
	cmd.Stderr = c.stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		c.waitErr = cmd.Wait()
		close(c.exited)
	}()
	t.Cleanup(func() {
		cmd.Process.Kill() // fails harmlessly once it has exited
		<-c.exited
	})
	return c
}

// simtestDeadline bounds every exchange with the command.
const simtestDeadline = 5 * time.Second

// within runs f and fails the test if it fails or does not return within
// simtestDeadline.
func (c *simtestCommand) within(t *testing.T, what string, f func() error) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("%s: %v\nstderr: %s", what, err, c.stderr.String())
		}
	case <-time.After(simtestDeadline):
		t.Fatalf("%s: nothing after %v", what, simtestDeadline)
	}
}

func (c *simtestCommand) send(t *testing.T, what, s string) {
	t.Helper()
	c.within(t, "sending "+what, func() error {
		_, err := io.WriteString(c.stdin, s)
		return err
	})
}

// answer reads the 4 lines of one answer, without their newlines.
func (c *simtestCommand) answer(t *testing.T, what string) (got [4]string) {
	t.Helper()
	c.within(t, "waiting for the answer to "+what, func() error {
		for i := range got {
			line, err := c.answers.ReadString('\n')
			if err != nil {
				return fmt.Errorf("pod %d: %v (read %q)", i, err, line)
			}
			got[i] = strings.TrimSuffix(line, "\n")
		}
		return nil
	})
	return got
}

// close ends the command's input and checks that it prints nothing more
// and exits with success.
func (c *simtestCommand) close(t *testing.T) {
	t.Helper()
	c.within(t, "the referee after the end of its input", func() error {
		c.stdin.Close()
		rest, err := io.ReadAll(c.answers)
		// The process may exit, and Wait close the pipe, before ReadAll
		// sees the end: a closed pipe is the end too.
		if err != nil && !errors.Is(err, os.ErrClosed) {
			return err
		}
		if len(rest) > 0 {
			return fmt.Errorf("printed %q after the last answer", rest)
		}
		<-c.exited
		return c.waitErr
	})
}
