package bench

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"impulse/sim"
	"impulse/sim/csb"
)

// CSB-R6 (../shared/bench/csb-r6.md): 52 start states, 3,206 rollouts of 6
// turns of 4 pods from each, commands drawn from a fixed generator.
const (
	R6Rollouts = 3206
	R6Depth    = 6
	// R6Collisions and R6Checksum are the workload's fingerprint: two
	// simulators that implement the official physics agree on them.
	R6Collisions = 355157
	R6Checksum   = 9.487374e9 // 7 significant digits
)

// ReadR6States reads the workload's start states: the state count, then per
// state the checkpoint count n, n lines "x y", and 4 pod lines
// "x y vx vy angleDegrees next".
func ReadR6States(r io.Reader, name string) ([]csb.State, error) {
	sc := bufio.NewScanner(r)
	line := 0
	fields := func(n int) ([]float64, error) {
		if !sc.Scan() {
			if err := sc.Err(); err != nil {
				return nil, err
			}
			return nil, fmt.Errorf("%s:%d: unexpected end of file", name, line+1)
		}
		line++
		f := strings.Fields(sc.Text())
		if len(f) != n {
			return nil, fmt.Errorf("%s:%d: %d fields, want %d", name, line, len(f), n)
		}
		out := make([]float64, n)
		for i, s := range f {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return nil, fmt.Errorf("%s:%d: field %d: %q is not a number", name, line, i+1, s)
			}
			out[i] = v
		}
		return out, nil
	}
	h, err := fields(1)
	if err != nil {
		return nil, err
	}
	states := make([]csb.State, int(h[0]))
	for k := range states {
		nf, err := fields(1)
		if err != nil {
			return nil, err
		}
		n := int(nf[0])
		if n < 2 || n > csb.MaxCheckpoints {
			return nil, fmt.Errorf("%s:%d: %d checkpoints, want 2..%d", name, line, n, csb.MaxCheckpoints)
		}
		cps := make([]sim.Vec, n)
		for i := range cps {
			v, err := fields(2)
			if err != nil {
				return nil, err
			}
			cps[i] = sim.Vec{X: v[0], Y: v[1]}
		}
		s, err := csb.New(cps, csb.Live)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, line, err)
		}
		for i := range s.Pods {
			v, err := fields(6)
			if err != nil {
				return nil, err
			}
			next := int32(v[5])
			if next < 0 || int(next) >= n {
				return nil, fmt.Errorf("%s:%d: next checkpoint %d outside 0..%d", name, line, next, n-1)
			}
			p := &s.Pods[i]
			p.Pos, p.Vel = sim.Vec{X: v[0], Y: v[1]}, sim.Vec{X: v[2], Y: v[3]}
			p.Angle, p.HasAngle = v[4]*degToRad, true
			p.Next, p.Passed = next, (next-1+int32(n))%int32(n)
		}
		states[k] = s
	}
	return states, nil
}

// LoadR6States reads the states file.
func LoadR6States(path string) ([]csb.State, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadR6States(f, path)
}

// degToRad is π/180 computed in doubles, as the C++ simulators do.
var degToRad = func() float64 { pi := math.Pi; return pi / 180 }()

// R6Result is what a run of the workload (or of part of it) adds up.
type R6Result struct {
	Turns      int64
	Collisions int64   // collisions resolved
	Checksum   float64 // Σ over rollouts of x + y of the 4 pods at the end
}

// r6Gen is the state of the workload's command generator: each draw does
// r = r·6364136223846793005 + 1442695040888963407 (wrapping) and returns
// uint32(r >> 33).
type r6Gen uint64

// R6Runner plays the workload. Table selects how a pod's direction is
// found each turn: false calls math.Cos and math.Sin of the angle, true
// rotates the previous direction by a precomputed rotation of the integral
// degree delta (what a search can do, since its deltas are integral).
type R6Runner struct {
	States []csb.State
	Table  bool
	// CommandsOnly draws and gives the commands but plays no turn: the
	// workload's cost outside the simulator's Move, for benchmarks (the
	// results are not the workload's).
	CommandsOnly bool
	rot          [37][2]float64            // cos, sin of −18..18 degrees
	dir0         [][csb.MaxPods][2]float64 // each state's start directions
}

// NewR6Runner returns a runner over the given start states.
func NewR6Runner(states []csb.State, table bool) *R6Runner {
	r := &R6Runner{States: states, Table: table}
	r.dir0 = make([][csb.MaxPods][2]float64, len(states))
	for k := range states {
		for i := range states[k].Pods {
			a := states[k].Pods[i].Angle
			r.dir0[k][i] = [2]float64{math.Cos(a), math.Sin(a)}
		}
	}
	for d := -18; d <= 18; d++ {
		a := float64(d) * degToRad
		r.rot[d+18] = [2]float64{math.Cos(a), math.Sin(a)}
	}
	return r
}

// rollouts plays n rollouts of state k with generator g, adding to res.
// The plan of a rollout is drawn turn by turn as it is played, which draws
// the same numbers in the same order as drawing it whole first. It
// allocates nothing.
func (r *R6Runner) rollouts(k int, g *r6Gen, n int, res *R6Result) {
	// The generator advanced one, two and three steps from x: x·mul + add
	// taken twice is x·mul² + (add·mul + add), and so on (mod 2⁶⁴). A pod's
	// three draws then come from x by independent multiplications, not by
	// a chain of three.
	var mul, add uint64 = 6364136223846793005, 1442695040888963407
	mul2, add2 := mul*mul, add*mul+add
	mul3, add3 := mul2*mul, add2*mul+add
	base := &r.States[k]
	x := uint64(*g)
	for ; n > 0; n-- {
		s := *base
		dir := r.dir0[k]
		before := s.Impacts
		for t := 0; t < R6Depth; t++ {
			for i := range s.Pods {
				x1, x2, x3 := x*mul+add, x*mul2+add2, x*mul3+add3
				x = x3
				d := int(uint32(x1>>33)%37) - 18
				thrust := uint32(x2>>33) % 151
				if thrust > 100 {
					thrust = 100
				}
				shield := uint32(x3>>33)%100 < 3
				angle := s.Pods[i].Angle + float64(d)*degToRad
				var c, sn float64
				if r.Table {
					rc := &r.rot[d+18]
					c = dir[i][0]*rc[0] - dir[i][1]*rc[1]
					sn = dir[i][1]*rc[0] + dir[i][0]*rc[1]
					dir[i] = [2]float64{c, sn}
				} else {
					sn, c = math.Sincos(angle)
				}
				s.Rotate(i, angle, c, sn, int32(thrust), shield, false)
			}
			if !r.CommandsOnly {
				s.Move(nil)
			}
		}
		res.Turns += R6Depth
		res.Collisions += int64(s.Impacts - before)
		for i := range s.Pods {
			res.Checksum += s.Pods[i].Pos.X + s.Pods[i].Pos.Y
		}
	}
	*g = r6Gen(x)
}

// Run plays the whole workload: 52 × 3,206 × 6 turns.
func (r *R6Runner) Run() R6Result {
	var res R6Result
	for k := range r.States {
		g := r6Gen(12345 + uint64(k))
		r.rollouts(k, &g, R6Rollouts, &res)
	}
	return res
}

// Turns plays about n turns of the workload from its start (whole
// rollouts, cycling through the states), for benchmarks.
func (r *R6Runner) Turns(n int, res *R6Result) {
	for n > 0 {
		for k := range r.States {
			g := r6Gen(12345 + uint64(k))
			m := (n + R6Depth - 1) / R6Depth
			if m > R6Rollouts {
				m = R6Rollouts
			}
			r.rollouts(k, &g, m, res)
			n -= m * R6Depth
			if n <= 0 {
				return
			}
		}
	}
}
