package csb

import (
	"math"
	"math/bits"

	"impulse/sim"
)

// This file is the per-turn hot code: Move and what it calls.

// Collision is one pod–pod impact resolved during a turn, as the engine's
// view prints it (PodCollision.toViewString).
type Collision struct {
	ID   int32   // the engine's uniqueId: a counter over every candidate found
	Time float64 // within the turn, 0..1
	// A is the higher pod index, B the lower; PosA and PosB are their
	// positions at impact, before the separation push.
	A, B       int8
	PosA, PosB sim.Vec
	Impulse    float64 // total impulse J
	Mean       sim.Vec // (va+vb)/2 before the impulse
}

// Log receives the collisions of one turn. Collisions beyond MaxLog are
// counted in Dropped, not recorded.
type Log struct {
	Items   [MaxLog]Collision
	N       int
	Dropped int
}

// candidate is a collision found by a scan: pods i > j at time t.
type candidate struct {
	t    float64
	id   int32 // the engine's uniqueId: candidates are numbered as found
	i, j int8
}

// paths follows the bent path of each pod within a turn, from its start
// through its position after each collision (after the separation push,
// one waypoint per collision time) to its rounded end, and marks the
// checkpoints that come within CheckpointRadius of any of its segments.
// A segment is final once a waypoint of a later time starts the next one.
type paths struct {
	from  [MaxPods]sim.Vec // start of the pending segment
	way   [MaxPods]sim.Vec // the latest waypoint, when has
	t     [MaxPods]float64 // its time
	has   [MaxPods]bool
	marks [MaxPods]uint8 // bit k: checkpoint k is near the path
}

// Move plays the physics of one turn, after every pod has had its command
// (Apply or Rotate): collisions in time order, friction and rounding, then
// checkpoint passes for the pods of players still in the game. It
// increments Round. log, when not nil, receives the turn's collisions. It
// allocates nothing.
//
// This is the engine's updateGame without the checkpoint timeout and the
// ranking (see Play): pairs are scanned from pod 3 down, a pair already at
// distance ≤ 800 collides at once, otherwise at its time of impact; every
// pod moves to the earliest time T, then every candidate within T + 1e-5 is
// resolved in time order (stable), with the impulse f + max(120, f) and a
// separation push of half the overlap + 1e-5 each.
func (s *State) Move(log *Log) {
	s.Round++
	if log != nil {
		log.N, log.Dropped = 0, 0
	}
	var start [MaxPods]sim.Vec
	for i := range s.Pods {
		start[i] = s.Pods[i].Pos
	}
	var c [MaxPods * (MaxPods - 1) / 2]candidate
	if nc := s.scan(0, &c); nc > 0 {
		s.moveColliding(&start, &c, nc, log)
		return
	}
	for i := range s.Pods {
		p := &s.Pods[i]
		p.Pos.X += p.Vel.X
		p.Pos.Y += p.Vel.Y
	}
	s.endTurn(&start, nil)
}

// scan finds the collision candidates from time begin to the end of the
// turn, in the engine's pair order, and counts them in s.Collisions.
//
// It is the hottest loop of a search, and most pairs cannot collide: a
// first pass (mayMeet) marks the pairs that might, then only those take
// the exact test (contact), in the engine's order, so that the branches a
// processor mispredicts are taken once per scan rather than once per pair.
func (s *State) scan(begin float64, c *[MaxPods * (MaxPods - 1) / 2]candidate) int {
	window := 1 - begin
	var q [8]quad
	m := mayMeet(&s.Pods, window, &q)
	if m == 0 {
		return 0
	}
	n := 0
	for ; m != 0; m &= m - 1 {
		k := bits.TrailingZeros64(m) & 7
		if t, ok := contact(&q[k], window); ok {
			c[n] = candidate{begin + t, s.Collisions + int32(n), pairI[k], pairJ[k]}
			n++
		}
	}
	s.Collisions += int32(n)
	return n
}

// The pods of the six pairs in the engine's scan order (arrays of 8, so
// that an index k&7 needs no bounds check).
var (
	pairI = [8]int8{3, 3, 3, 2, 2, 1}
	pairJ = [8]int8{2, 1, 0, 1, 0, 0}
)

// mayMeet returns the set of pairs that may collide within the window
// (bit k for pair k of the engine's order), that is those contact may
// report: already at distance ≤ 800, or approaching with a first root
// that may lie in the window. A pair left out is one contact would not
// report.
// q[k] receives pair k's terms of the quadratic when its bit is set.
//
// Most pairs of a search are far apart: far leaves them out, inlined,
// with a branch the processor predicts well, and only the others cost a
// call to may (sim/MEASUREMENTS.md).
func mayMeet(p *[MaxPods]Pod, window float64, q *[8]quad) uint64 {
	var m uint64
	w2 := 2 * float64(window*window)
	if d, v := gap(&p[3], &p[2]); !far(d, v, w2) {
		m |= may(d, v, window, &q[0])
	}
	if d, v := gap(&p[3], &p[1]); !far(d, v, w2) {
		m |= may(d, v, window, &q[1]) << 1
	}
	if d, v := gap(&p[3], &p[0]); !far(d, v, w2) {
		m |= may(d, v, window, &q[2]) << 2
	}
	if d, v := gap(&p[2], &p[1]); !far(d, v, w2) {
		m |= may(d, v, window, &q[3]) << 3
	}
	if d, v := gap(&p[2], &p[0]); !far(d, v, w2) {
		m |= may(d, v, window, &q[4]) << 4
	}
	if d, v := gap(&p[1], &p[0]); !far(d, v, w2) {
		m |= may(d, v, window, &q[5]) << 5
	}
	return m
}

// gap returns pod a's position and speed relative to pod b's.
func gap(a, b *Pod) (d, v sim.Vec) { return a.Pos.Sub(b.Pos), a.Vel.Sub(b.Vel) }

// far reports whether two pods at relative position d and speed v are
// more than 801 + |v|·window apart (its square is at most 2·801² +
// 2·|v|²·window², w2 = 2·window²): still more than 800 apart at window +
// 1/|v|, a margin far above the rounding error of contact's root.
func far(d, v sim.Vec, w2 float64) bool {
	return float64(d.X*d.X)+float64(d.Y*d.Y) > 2*(2*PodRadius+1)*(2*PodRadius+1)+float64((float64(v.X*v.X)+float64(v.Y*v.Y))*w2)
}

// quad is a pair's terms of the time-of-impact quadratic, as sim.Overlap
// and sim.TimeOfImpact compute them: the squared distance dd, bb = d·v,
// aa = |v|² and the discriminant delta = bb² − aa·(dd − 800²). may
// computes them to decide, and contact solves with them.
type quad struct{ dd, bb, aa, delta float64 }

// lateMargin is how much later than the window, relative to the pair's
// scale of time 1 + |bb|/aa, a first root must be for may to leave the
// pair out: a million times the rounding errors of contact's root and of
// may's own test, which are below 1e-14 of that scale.
const lateMargin = 1e-6

// may is mayMeet's test of two pods that are not far, at relative
// position d and speed v (gap). It tests without branches: contact's
// quantities, computed as contact computes them, with sign bits read
// where contact compares with 0 (a zero of either sign counts as may):
// dd ≤ r2 makes c = dd − r2 at most 0 and c − 1 negative (a rounded
// difference keeps the sign of the exact one); bb < 0 and delta > 0 make
// bb and −delta negative.
//
// An approaching pair is still left out when its first root is surely
// late: t₁ = (−bb − √delta)/aa > W, with W = window + lateMargin·(1 +
// |bb|/aa), holds exactly when e = −bb − aa·W > 0 and e² > delta, which
// needs neither the square root nor the division.
func may(d, v sim.Vec, window float64, q *quad) uint64 {
	const r2 = 2 * PodRadius * 2 * PodRadius
	dx, dy, vx, vy := d.X, d.Y, v.X, v.Y
	dd := float64(dx*dx) + float64(dy*dy)
	aa := float64(vx*vx) + float64(vy*vy)
	bb := float64(dx*vx) + float64(dy*vy)
	c := dd - r2
	delta := float64(bb*bb) - float64(aa*c)
	*q = quad{dd, bb, aa, delta}
	near := math.Float64bits(c - 1)
	approach := math.Float64bits(bb) & math.Float64bits(-delta)
	e := -bb - (float64(aa*window) + float64(lateMargin*(aa-bb)))
	late := math.Float64bits(-e) & math.Float64bits(delta-float64(e*e))
	return (near | approach&^late) >> 63
}

// contact returns when the pair of terms q collides within the window: 0
// when already at distance ≤ 800, else its time of impact. It is
// sim.Overlap then sim.TimeOfImpact, written out because it is the hottest
// code of a search, on the terms may computed.
func contact(q *quad, window float64) (float64, bool) {
	const r2 = 2 * PodRadius * 2 * PodRadius
	if q.dd <= r2 {
		return 0, true
	}
	if q.bb >= 0 {
		return 0, false // moving apart: no root in the future
	}
	if q.delta <= 0 {
		return 0, false
	}
	t := (-q.bb - math.Sqrt(q.delta)) / q.aa
	return t, t > 0 && t <= window
}

// maxSteps bounds the collision loop of a turn; the official games take a
// few steps. See the BUG note in the package documentation.
const maxSteps = 1000

// moveColliding finishes a turn whose first scan found nc candidates.
func (s *State) moveColliding(start *[MaxPods]sim.Vec, c *[MaxPods * (MaxPods - 1) / 2]candidate, nc int, log *Log) {
	var w paths
	w.from = *start
	t := 0.0
	for steps := 0; ; steps++ {
		if steps == maxSteps {
			// The same pair colliding again and again at one time (two
			// pods at one position): finish the turn in a straight line.
			s.advance(1 - t)
			break
		}
		if nc == 0 {
			s.advance(1 - t)
			t += 1 - t
		} else {
			// Stable insertion sort by time: the engine's Collections.sort.
			for k := 1; k < nc; k++ {
				for m := k; m > 0 && c[m].t < c[m-1].t; m-- {
					c[m], c[m-1] = c[m-1], c[m]
				}
			}
			first := c[0].t
			s.advance(first - t)
			for k := 0; k < nc && c[k].t <= first+Epsilon; k++ {
				s.react(c[k], &w, log)
			}
			t += first - t
		}
		if t >= 1 {
			break
		}
		nc = s.scan(t, c)
	}
	s.endTurn(start, &w)
}

// advance moves every pod by its speed times dt (Pod.step: nothing when
// dt ≤ 0).
func (s *State) advance(dt float64) {
	if dt <= 0 {
		return
	}
	for i := range s.Pods {
		p := &s.Pods[i]
		p.Pos.X += float64(p.Vel.X * dt)
		p.Pos.Y += float64(p.Vel.Y * dt)
	}
}

func (p *Pod) mass() float64 {
	if p.Shield {
		return ShieldMass
	}
	return 1
}

// react resolves candidate c (PodCollision.react) and records the bent
// paths of both pods.
func (s *State) react(c candidate, w *paths, log *Log) {
	s.Impacts++
	a, b := &s.Pods[c.i], &s.Pods[c.j]
	posA, posB := a.Pos, b.Pos
	mean := a.Vel.Add(b.Vel).Scale(0.5)
	n, impulse := sim.Bounce(a.Pos, b.Pos, &a.Vel, &b.Vel, a.mass(), b.mass(), MinImpulse)
	s.addWaypoint(w, int(c.i), c.t, a.Pos)
	s.addWaypoint(w, int(c.j), c.t, b.Pos)
	if diff := a.Pos.Dist(b.Pos) - 2*PodRadius; diff <= 0 {
		a.Pos = a.Pos.Add(n.Scale(-(float64(-diff/2) + Epsilon)))
		b.Pos = b.Pos.Add(n.Scale(float64(-diff/2) + Epsilon))
		w.way[c.i] = a.Pos // Pod.fixPosition moves the waypoint just added
		w.way[c.j] = b.Pos
	}
	if log != nil {
		if log.N == len(log.Items) {
			log.Dropped++
			return
		}
		log.Items[log.N] = Collision{
			ID: c.id, Time: c.t, A: c.i, B: c.j,
			PosA: posA, PosB: posB, Impulse: impulse, Mean: mean,
		}
		log.N++
	}
}

// addWaypoint records pod i's position p at collision time t
// (Pod.addWayPoint): a waypoint of the same time is replaced; one of a
// later time makes the pending segment final.
func (s *State) addWaypoint(w *paths, i int, t float64, p sim.Vec) {
	if w.has[i] && w.t[i] != t {
		w.marks[i] |= s.marksNear(w.from[i], w.way[i])
		w.from[i] = w.way[i]
	}
	w.way[i], w.t[i], w.has[i] = p, t, true
}

// marksNear returns the set of checkpoints near the segment from a to b.
func (s *State) marksNear(a, b sim.Vec) uint8 {
	var m uint8
	for k := int32(0); k < s.NumCheckpoints; k++ {
		if c := s.Checkpoints[k]; !farFrom(a, b, c) && near(a, b, c) {
			m |= 1 << uint(k)
		}
	}
	return m
}

// endTurn applies friction and rounding, counts down the shield locks and
// records checkpoint passes along each pod's path (w nil: straight paths).
func (s *State) endTurn(start *[MaxPods]sim.Vec, w *paths) {
	const keep = 1 - Friction
	for i := range s.Pods {
		p := &s.Pods[i]
		p.Pos = sim.Vec{X: sim.Round(p.Pos.X), Y: sim.Round(p.Pos.Y)}
		p.Vel = sim.Vec{X: sim.Trunc(p.Vel.X * keep), Y: sim.Trunc(p.Vel.Y * keep)}
		if p.Lock > 0 {
			p.Lock--
		}
		// Each pod's passes depend on its own path only, so they can be
		// counted here rather than in a second loop as the engine does.
		switch {
		case s.Dead[i>>1]:
		case w == nil || !w.has[i]:
			// Most turns pass nothing: the first test is made here,
			// sparing the call (Next < NumCheckpoints ≤ MaxCheckpoints,
			// a power of two: the mask only drops the bounds check).
			if !farFrom(start[i], p.Pos, s.Checkpoints[p.Next&(MaxCheckpoints-1)]) {
				s.passStraight(p, start[i])
			}
		default:
			s.passBent(p, w, i)
		}
	}
}

// passStraight records the checkpoints pod p passes on its way from a. As
// in passBent, the run stops after one lap: on a map whose checkpoints all
// lie near one turn's path the engine would loop forever.
func (s *State) passStraight(p *Pod, a sim.Vec) {
	for k := int32(0); k < s.NumCheckpoints; k++ {
		c := s.Checkpoints[p.Next]
		if farFrom(a, p.Pos, c) || !near(a, p.Pos, c) {
			return
		}
		s.pass(p)
	}
}

// passBent records the checkpoints pod p (index i) passes along its bent
// path. As the engine looks for each next checkpoint along the whole path,
// the pod passes the run of consecutive checkpoints near the path that
// starts at its next one: marked near a finished segment, or near one of
// the last two. (A path near every checkpoint would make the engine loop
// forever; a turn's path is far too short for that on any map, and the run
// stops after one lap.)
func (s *State) passBent(p *Pod, w *paths, i int) {
	for k := int32(0); k < s.NumCheckpoints; k++ {
		c := s.Checkpoints[p.Next]
		if w.marks[i]&(1<<uint(p.Next)) == 0 &&
			(farFrom(w.from[i], w.way[i], c) || !near(w.from[i], w.way[i], c)) &&
			(farFrom(w.way[i], p.Pos, c) || !near(w.way[i], p.Pos, c)) {
			return
		}
		s.pass(p)
	}
}

func (s *State) pass(p *Pod) {
	p.Passed++
	p.Next++
	if p.Next == s.NumCheckpoints {
		p.Next = 0
	}
	p.LastPass = s.Round
}

// farFrom reports whether c lies outside the bounding box of the segment
// from a to b grown by CheckpointRadius, where it cannot be near the
// segment: the common case, decided without a division.
func farFrom(a, b, c sim.Vec) bool {
	const r = CheckpointRadius
	return (c.X < a.X-r && c.X < b.X-r) || (c.X > a.X+r && c.X > b.X+r) ||
		(c.Y < a.Y-r && c.Y < b.Y-r) || (c.Y > a.Y+r && c.Y > b.Y+r)
}

// near reports whether checkpoint c is within CheckpointRadius of the
// segment from a to b: Java's Line2D.ptSegDist(c) ≤ 600, with ptSegDistSq's
// exact arithmetic. √x ≤ 600 holds for a few x just above 600², so those
// take the square root.
func near(a, b, c sim.Vec) bool {
	const r = CheckpointRadius
	x2, y2 := b.X-a.X, b.Y-a.Y
	px, py := c.X-a.X, c.Y-a.Y
	dot := float64(px*x2) + float64(py*y2)
	proj := 0.0
	if dot > 0 {
		px, py = x2-px, y2-py
		dot = float64(px*x2) + float64(py*y2)
		if dot > 0 {
			proj = float64(dot*dot) / (float64(x2*x2) + float64(y2*y2))
		}
	}
	d2 := float64(px*px) + float64(py*py) - proj
	const r2 = r * r
	return d2 <= r2 || (d2 < r2+1 && math.Sqrt(d2) <= r)
}
