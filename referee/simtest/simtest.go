// Package simtest speaks the community's test protocols for Coders Strike
// Back simulators (github.com/sethorizer/csb) over the simulator sim/csb:
// SimTest reads recorded turns and answers with the pods after each, as
// "referee simtest" does on stdin and stdout.
package simtest

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"impulse/sim"
	"impulse/sim/csb"
)

// SimTest speaks the two protocols of the community test suite for CSB
// simulators, github.com/sethorizer/csb, whose client
// (src/simulator_test.py) sends turns of recorded games (data/replay_*.txt)
// and compares the answers with what the game did. It plays them under the
// live rules. The first non-blank line tells the protocol: one field is the
// map header of the current protocol, seven fields are a pod line of the
// first one; any other first line is an error naming the line. Each test
// starts from the state it gives, and its answer is written and flushed as
// soon as its 8 lines have been read, before anything more is read: the
// client sends one test and waits for its answer before it sends the next.
// SimTest returns nil when the input ends between two tests (between two
// maps in the current protocol). Errors name the line; a test is refused
// if two of its pods start at the same place or a position or speed lies
// beyond ±1e6, which no game has and which the simulator could not
// separate (see checkPod).
//
// The current protocol (the client's version at commit 1359b6d0, with the
// data files that start with a CHECKPOINTS line) repeats, per map, a
// checkpoint count n, n lines "x y", a test count T, then T tests of 4 pod
// lines "x y vx vy angle ncpid shield boosted" and 4 command lines
// "tx ty thrust|SHIELD|BOOST". The answer is the 4 pods after the turn in
// the same format. angle is in degrees, printed with full precision; -1
// means the pod has no angle yet (its first rotation is free). shield is
// the engine cooldown: 3 after a SHIELD turn, then 2, 1, 0; no thrust while
// it is above 0. boosted is 1 once the pod has used its BOOST.
//
// The first protocol (the client's first versions, as at commit cdde3706
// with that commit's data/replay_vs*.txt) has no map and no test count: the
// input is only tests, each 4 pod lines "x y vx vy angle shield boost" and
// the same 4 command lines. The fields, every one an integer in the data:
//
//	x y    the position
//	vx vy  the speed
//	angle  the facing in whole degrees, 0..359, clockwise from the x axis
//	       (y points down), as the game's input rounds it
//	shield the engine cooldown, as above
//	boost  1 once the pod has used its BOOST
//
// The data never send an angle of -1: the first turn of a game already
// carries the angle each pod takes during that turn. SimTest reads -1 as in
// the current protocol (no angle yet), and any other number as degrees.
// The answer is the 4 pods after the turn in the same 7 fields, all
// integers, since the client reads them with Python's int(): the angle is
// Java's Math.round of the facing in degrees within [0, 360), as in the
// game's input, with 360 written 0; -1 if the pod still has no angle. The
// client sorts each field's difference from the recorded turn into
// correct, off by 1, off by 2 and wrong; its first version takes every
// difference plainly, a later one (with a --gui option) the angle's modulo
// 360, |(got − want + 180) mod 360 − 180|. As the input angle is rounded, a
// pod that turns by the full 18° ends up to half a degree away from the
// game's, and its position and speed can be off by one: the suite's README
// gives this as the reason for the current protocol's exact angles.
// Checkpoints play no part in a turn's physics and this protocol has none:
// its tests are played with both players eliminated (csb.State.Dead), for
// whom Move records no checkpoint passes.
func SimTest(in io.Reader, out io.Writer) error {
	r := &simtestReader{sc: bufio.NewScanner(in)}
	r.sc.Buffer(make([]byte, 64*1024), 1<<20)
	w := bufio.NewWriter(out)
	f, err := r.next()
	if err == io.EOF {
		return nil
	}
	if err != nil {
		return err
	}
	switch len(f) {
	case 1:
		return simTestMaps(r, w, f)
	case 7:
		return simTestPods(r, w, f)
	}
	return r.fail("first line %q has %d fields: want a checkpoint count (1 field, the current protocol) "+
		"or a pod \"x y vx vy angle shield boost\" (7 fields, the first protocol)", strings.Join(f, " "), len(f))
}

// simtestReader reads the protocols' lines, skipping blank ones, and counts
// them for the errors.
type simtestReader struct {
	sc   *bufio.Scanner
	line int // the number of the line last read, from 1
}

// next returns the fields of the next non-blank line, or io.EOF.
func (r *simtestReader) next() ([]string, error) {
	for r.sc.Scan() {
		r.line++
		if f := strings.Fields(r.sc.Text()); len(f) > 0 {
			return f, nil
		}
	}
	if err := r.sc.Err(); err != nil {
		return nil, err
	}
	return nil, io.EOF
}

// fail returns an error naming the line last read.
func (r *simtestReader) fail(format string, a ...any) error {
	return fmt.Errorf("line %d: %s", r.line, fmt.Sprintf(format, a...))
}

// simTestMaps speaks the current protocol; f is the first map's header.
func simTestMaps(r *simtestReader, w *bufio.Writer, f []string) error {
	for {
		n, err := strconv.Atoi(f[0])
		if err != nil || n < 2 || n > csb.MaxCheckpoints || len(f) != 1 {
			return r.fail("checkpoint count: %q: want 2..%d", strings.Join(f, " "), csb.MaxCheckpoints)
		}
		cps := make([]sim.Vec, n)
		for k := range cps {
			if f, err = r.next(); err != nil {
				return r.fail("checkpoint %d: %v", k, err)
			}
			v, err := floats(f, 2)
			if err != nil {
				return r.fail("checkpoint %d: %v", k, err)
			}
			cps[k] = sim.Vec{X: v[0], Y: v[1]}
		}
		base, err := csb.New(cps, csb.Live)
		if err != nil {
			return r.fail("%v", err)
		}
		if f, err = r.next(); err != nil {
			return r.fail("test count: %v", err)
		}
		tests, err := strconv.Atoi(f[0])
		if err != nil || tests < 0 || len(f) != 1 {
			return r.fail("test count: %q: want an integer ≥ 0", strings.Join(f, " "))
		}
		for t := 0; t < tests; t++ {
			s := base
			for i := range s.Pods {
				if f, err = r.next(); err != nil {
					return r.fail("test %d pod %d: %v", t, i, err)
				}
				v, err := floats(f, 8)
				if err != nil {
					return r.fail("test %d pod %d (x y vx vy angle ncpid shield boosted): %v", t, i, err)
				}
				next := int32(v[5])
				if next < 0 || int(next) >= n {
					return r.fail("test %d pod %d: field 6 %q: want a checkpoint 0..%d", t, i, f[5], n-1)
				}
				p := &s.Pods[i]
				setPod(p, v[:5], v[6], v[7])
				p.Next, p.Passed = next, (next-1+int32(n))%int32(n)
				if err := checkPod(&s, i); err != nil {
					return r.fail("test %d pod %d: %v", t, i, err)
				}
			}
			if err := playSimtestTurn(r, &s, t); err != nil {
				return err
			}
			for i := range s.Pods {
				p := &s.Pods[i]
				angle := -1.0
				if p.HasAngle {
					angle = p.Angle * 180 / math.Pi
				}
				fmt.Fprintf(w, "%d %d %d %d %s %d %d %d\n",
					int64(p.Pos.X), int64(p.Pos.Y), int64(p.Vel.X), int64(p.Vel.Y),
					strconv.FormatFloat(angle, 'g', -1, 64), p.Next, p.Lock, b01(p.Boosted))
			}
			if err := w.Flush(); err != nil {
				return err
			}
		}
		if f, err = r.next(); err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
	}
}

// simTestPods speaks the first protocol; f is the first test's first pod.
func simTestPods(r *simtestReader, w *bufio.Writer, f []string) error {
	// Two checkpoints make a valid map; with both players out, no pod
	// passes them.
	base, err := csb.New([]sim.Vec{{X: 0, Y: 0}, {X: csb.Width, Y: csb.Height}}, csb.Live)
	if err != nil {
		return err
	}
	base.Dead = [2]bool{true, true}
	for t := 0; ; t++ {
		s := base
		for i := range s.Pods {
			if i > 0 || t > 0 {
				if f, err = r.next(); err == io.EOF && i == 0 {
					return nil
				} else if err != nil {
					return r.fail("test %d pod %d: %v", t, i, err)
				}
			}
			v, err := floats(f, 7)
			if err != nil {
				return r.fail("test %d pod %d (x y vx vy angle shield boost): %v", t, i, err)
			}
			setPod(&s.Pods[i], v[:5], v[5], v[6])
			if err := checkPod(&s, i); err != nil {
				return r.fail("test %d pod %d: %v", t, i, err)
			}
		}
		if err := playSimtestTurn(r, &s, t); err != nil {
			return err
		}
		for i := range s.Pods {
			p := &s.Pods[i]
			fmt.Fprintf(w, "%d %d %d %d %d %d %d\n",
				int64(p.Pos.X), int64(p.Pos.Y), int64(p.Vel.X), int64(p.Vel.Y),
				wholeDegrees(p), p.Lock, b01(p.Boosted))
		}
		if err := w.Flush(); err != nil {
			return err
		}
	}
}

// setPod sets p from a pod line's "x y vx vy angle" (angle in degrees, -1
// for none), engine cooldown and boosted flag.
func setPod(p *csb.Pod, v []float64, shield, boosted float64) {
	p.Pos, p.Vel = sim.Vec{X: v[0], Y: v[1]}, sim.Vec{X: v[2], Y: v[3]}
	p.HasAngle = v[4] != -1
	p.Angle = v[4] * math.Pi / 180
	p.Lock, p.Boosted = int8(shield), boosted != 0
}

// maxSimtestCoord bounds the positions and speeds SimTest accepts. No race
// goes near it, and within it a collision's separation push (1e-5) still
// moves a pod.
const maxSimtestCoord = 1e6

// checkPod returns an error if pod i of s cannot start a turn: a position
// or speed beyond ±maxSimtestCoord, or the position of an earlier pod. Two
// pods at the same place never occur in a game, and their collision has no
// direction: the simulator would collide them again forever.
func checkPod(s *csb.State, i int) error {
	p := &s.Pods[i]
	for _, v := range [...]float64{p.Pos.X, p.Pos.Y, p.Vel.X, p.Vel.Y} {
		if math.Abs(v) > maxSimtestCoord {
			return fmt.Errorf("position or speed %g beyond ±%g", v, float64(maxSimtestCoord))
		}
	}
	for j := 0; j < i; j++ {
		if s.Pods[j].Pos == p.Pos {
			return fmt.Errorf("at the position of pod %d", j)
		}
	}
	return nil
}

// playSimtestTurn reads test t's 4 command lines, applies them and plays the
// turn.
func playSimtestTurn(r *simtestReader, s *csb.State, t int) error {
	for i := range s.Pods {
		f, err := r.next()
		if err != nil {
			return r.fail("test %d command %d: %v", t, i, err)
		}
		o, err := csb.ParseOrder(strings.Join(f, " "), csb.Live)
		if err != nil || len(f) != 3 {
			return r.fail("test %d command %d: %q: want tx ty thrust|SHIELD|BOOST", t, i, strings.Join(f, " "))
		}
		s.Apply(i, o.Command)
	}
	s.Move(nil)
	return nil
}

// wholeDegrees returns p's facing as the first protocol prints it: Java's
// Math.round of the angle in degrees within [0, 360), 360 written 0; -1 if
// p has no angle.
func wholeDegrees(p *csb.Pod) int64 {
	if !p.HasAngle {
		return -1
	}
	const tau = 2 * math.Pi
	d := int64(sim.Round(math.Mod(math.Mod(p.Angle, tau)+tau, tau) * 180 / math.Pi))
	if d == 360 {
		d = 0
	}
	return d
}

// floats reads n fields as numbers, finite ones.
func floats(f []string, n int) ([]float64, error) {
	if len(f) != n {
		return nil, fmt.Errorf("%d fields, want %d", len(f), n)
	}
	out := make([]float64, n)
	for i, s := range f {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
			return nil, fmt.Errorf("field %d %q: want a number", i+1, s)
		}
		out[i] = v
	}
	return out, nil
}

// b01 is a flag as the protocols write it: 1 for true, 0 for false.
func b01(b bool) int {
	if b {
		return 1
	}
	return 0
}
