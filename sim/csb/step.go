package csb

import (
	"math"

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
	i, j int8
}

// waypoints is the bent path of each pod within a turn: its position after
// each collision (after the separation push), by collision time.
type waypoints struct {
	pos [MaxPods][MaxWaypoints]sim.Vec
	t   [MaxPods][MaxWaypoints]float64
	n   [MaxPods]int
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
func (s *State) scan(begin float64, c *[MaxPods * (MaxPods - 1) / 2]candidate) int {
	n := 0
	window := 1 - begin
	for i := MaxPods - 1; i >= 0; i-- {
		a := &s.Pods[i]
		for j := i - 1; j >= 0; j-- {
			b := &s.Pods[j]
			d := a.Pos.Sub(b.Pos)
			if sim.Overlap(d, 2*PodRadius) {
				c[n] = candidate{begin, int8(i), int8(j)}
				n++
			} else if tau, ok := sim.TimeOfImpact(d, a.Vel.Sub(b.Vel), 2*PodRadius, window); ok {
				c[n] = candidate{begin + tau, int8(i), int8(j)}
				n++
			}
		}
	}
	s.Collisions += int32(n)
	return n
}

// moveColliding finishes a turn whose first scan found nc candidates.
func (s *State) moveColliding(start *[MaxPods]sim.Vec, c *[MaxPods * (MaxPods - 1) / 2]candidate, nc int, log *Log) {
	var w waypoints
	t := 0.0
	for {
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
func (s *State) react(c candidate, w *waypoints, log *Log) {
	a, b := &s.Pods[c.i], &s.Pods[c.j]
	posA, posB := a.Pos, b.Pos
	mean := a.Vel.Add(b.Vel).Scale(0.5)
	n, impulse := sim.Bounce(a.Pos, b.Pos, &a.Vel, &b.Vel, a.mass(), b.mass(), MinImpulse)
	w.add(int(c.i), c.t, a.Pos)
	w.add(int(c.j), c.t, b.Pos)
	if diff := a.Pos.Dist(b.Pos) - 2*PodRadius; diff <= 0 {
		a.Pos = a.Pos.Add(n.Scale(-(-diff/2 + Epsilon)))
		b.Pos = b.Pos.Add(n.Scale(-diff/2 + Epsilon))
		w.fix(int(c.i), a.Pos)
		w.fix(int(c.j), b.Pos)
	}
	if log != nil {
		if log.N == len(log.Items) {
			log.Dropped++
			return
		}
		log.Items[log.N] = Collision{
			ID: s.Collisions - 1, Time: c.t, A: c.i, B: c.j,
			PosA: posA, PosB: posB, Impulse: impulse, Mean: mean,
		}
		log.N++
	}
}

// add records pod i's position at collision time t, replacing a waypoint
// of the same time (Pod.addWayPoint).
func (w *waypoints) add(i int, t float64, p sim.Vec) {
	n := w.n[i]
	if n > 0 && w.t[i][n-1] == t {
		w.pos[i][n-1] = p
		return
	}
	if n == MaxWaypoints {
		// BUG(csb): a pod with more than MaxWaypoints collisions at
		// distinct times in one turn keeps only the last one's position in
		// its path; no game has come near.
		w.pos[i][n-1], w.t[i][n-1] = p, t
		return
	}
	w.pos[i][n], w.t[i][n] = p, t
	w.n[i]++
}

// fix moves pod i's last waypoint to p (Pod.fixPosition).
func (w *waypoints) fix(i int, p sim.Vec) {
	if n := w.n[i]; n > 0 {
		w.pos[i][n-1] = p
	}
}

// endTurn applies friction and rounding, counts down the shield locks and
// records checkpoint passes along each pod's path (w nil: straight paths).
func (s *State) endTurn(start *[MaxPods]sim.Vec, w *waypoints) {
	const keep = 1 - Friction
	for i := range s.Pods {
		p := &s.Pods[i]
		p.Pos = sim.Vec{X: sim.Round(p.Pos.X), Y: sim.Round(p.Pos.Y)}
		p.Vel = sim.Vec{X: sim.Trunc(p.Vel.X * keep), Y: sim.Trunc(p.Vel.Y * keep)}
		if p.Lock > 0 {
			p.Lock--
		}
	}
	for i := range s.Pods {
		if s.Dead[Owner(i)] {
			continue
		}
		if w == nil || w.n[i] == 0 {
			s.passStraight(i, start[i])
		} else {
			s.passBent(i, start[i], w.pos[i][:w.n[i]])
		}
	}
}

// passStraight records the checkpoints pod i passes on its way from a.
func (s *State) passStraight(i int, a sim.Vec) {
	p := &s.Pods[i]
	for near(a, p.Pos, s.Checkpoints[p.Next]) {
		s.pass(p)
	}
}

// passBent records the checkpoints pod i passes on the path from a through
// the waypoints to its position: as the engine does, each next checkpoint
// is looked for along the whole path.
func (s *State) passBent(i int, a sim.Vec, way []sim.Vec) {
	p := &s.Pods[i]
	for {
		cp := s.Checkpoints[p.Next]
		found := false
		from := a
		for k := 0; k <= len(way) && !found; k++ {
			to := p.Pos
			if k < len(way) {
				to = way[k]
			}
			found = near(from, to, cp)
			from = to
		}
		if !found {
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

// near reports whether checkpoint c is within CheckpointRadius of the
// segment from a to b: Java's Line2D.ptSegDist(c) ≤ 600, with ptSegDistSq's
// exact arithmetic. √x ≤ 600 holds for a few x just above 600², so those
// take the square root.
func near(a, b, c sim.Vec) bool {
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
	const r2 = CheckpointRadius * CheckpointRadius
	return d2 <= r2 || (d2 < r2+1 && math.Sqrt(d2) <= CheckpointRadius)
}
