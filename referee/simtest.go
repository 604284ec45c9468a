package referee

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

// SimTest speaks the protocol of the community test suites for CSB
// simulators (their client: src/simulator_test.py of
// github.com/sethorizer/csb), under the live rules: repeatedly a checkpoint
// count n, n lines "x y", a test count T, then T tests of 4 pod lines
// "x y vx vy angle ncpid shield boosted" and 4 command lines
// "tx ty thrust|SHIELD|BOOST". For each test it prints the 4 pods after one
// turn in the pod format. Each test starts from the state it gives. It
// returns nil when the input ends between two maps.
//
// Each answer is written and flushed as soon as its test's 8 lines have been
// read, before anything more is read: the client sends one test and waits
// for its answer before it sends the next.
//
// angle is in degrees, printed with full precision; -1 means the pod has no
// angle yet (its first rotation is free). shield is the engine cooldown: 3
// after a SHIELD turn, then 2, 1, 0; no thrust while it is above 0.
// boosted is 1 once the pod has used its BOOST.
//
// The suite's first protocol (no map and no test count, pods
// "x y vx vy angle shield boost" with integral angles) is not spoken.
func SimTest(in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	w := bufio.NewWriter(out)
	line := 0
	next := func() ([]string, error) {
		for sc.Scan() {
			line++
			if f := strings.Fields(sc.Text()); len(f) > 0 {
				return f, nil
			}
		}
		if err := sc.Err(); err != nil {
			return nil, err
		}
		return nil, io.EOF
	}
	fail := func(format string, a ...any) error {
		return fmt.Errorf("line %d: %s", line, fmt.Sprintf(format, a...))
	}
	for {
		f, err := next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		n, err := strconv.Atoi(f[0])
		if err != nil || n < 2 || n > csb.MaxCheckpoints || len(f) != 1 {
			return fail("checkpoint count: %q, expected 2..%d", strings.Join(f, " "), csb.MaxCheckpoints)
		}
		cps := make([]sim.Vec, n)
		for k := range cps {
			if f, err = next(); err != nil {
				return fail("checkpoint %d: %v", k, err)
			}
			v, err := floats(f, 2)
			if err != nil {
				return fail("checkpoint %d: %v", k, err)
			}
			cps[k] = sim.Vec{X: v[0], Y: v[1]}
		}
		base, err := csb.New(cps, csb.Live)
		if err != nil {
			return fail("%v", err)
		}
		if f, err = next(); err != nil {
			return fail("test count: %v", err)
		}
		tests, err := strconv.Atoi(f[0])
		if err != nil || tests < 0 || len(f) != 1 {
			return fail("test count: %q is not a count", strings.Join(f, " "))
		}
		for t := 0; t < tests; t++ {
			s := base
			for i := range s.Pods {
				if f, err = next(); err != nil {
					return fail("test %d pod %d: %v", t, i, err)
				}
				v, err := floats(f, 8)
				if err != nil {
					return fail("test %d pod %d: %v (want x y vx vy angle ncpid shield boosted)", t, i, err)
				}
				p := &s.Pods[i]
				p.Pos, p.Vel = sim.Vec{X: v[0], Y: v[1]}, sim.Vec{X: v[2], Y: v[3]}
				p.HasAngle = v[4] != -1
				p.Angle = v[4] * math.Pi / 180
				next := int32(v[5])
				if next < 0 || int(next) >= n {
					return fail("test %d pod %d: ncpid %d outside 0..%d", t, i, next, n-1)
				}
				p.Next, p.Passed = next, (next-1+int32(n))%int32(n)
				p.Lock, p.Boosted = int8(v[6]), v[7] != 0
			}
			for i := range s.Pods {
				if f, err = next(); err != nil {
					return fail("test %d command %d: %v", t, i, err)
				}
				o, err := csb.ParseOrder(strings.Join(f, " "), csb.Live)
				if err != nil || len(f) != 3 {
					return fail("test %d command %d: %q, want tx ty thrust|SHIELD|BOOST", t, i, strings.Join(f, " "))
				}
				s.Apply(i, o.Command)
			}
			s.Move(nil)
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
	}
}

func b01(b bool) int {
	if b {
		return 1
	}
	return 0
}

func floats(f []string, n int) ([]float64, error) {
	if len(f) != n {
		return nil, fmt.Errorf("%d fields, expected %d", len(f), n)
	}
	out := make([]float64, n)
	for i, s := range f {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			return nil, fmt.Errorf("field %d: %q is not a number", i+1, s)
		}
		out[i] = v
	}
	return out, nil
}
