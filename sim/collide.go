package sim

import "math"

// TimeOfImpact returns the earliest time t in (0, tmax] at which two circles
// come to distance r (the sum of their radii), d and v being the first
// centre and velocity minus the second's, both constant; false when they
// do not meet in that window.
//
// The arithmetic is the official engines' contactPosition, bit for bit:
// a = v·v, b = d·v, c = d·d − r², Δ = b² − a·c, t = (−b − √Δ)/a. A
// separating pair (b ≥ 0), a zero relative speed (a = 0) or Δ ≤ 0 (they
// pass each other) gives no impact. Circles already within r are the
// caller's case (see Overlap): the engines date those "now" beforehand.
func TimeOfImpact(d, v Vec, r, tmax float64) (t float64, ok bool) {
	b := float64(d.X*v.X) + float64(d.Y*v.Y)
	if b >= 0 {
		// With c > 0 both roots are ≤ 0: the engines reject them too.
		return 0, false
	}
	a := float64(v.X*v.X) + float64(v.Y*v.Y)
	c := float64(d.X*d.X) + float64(d.Y*d.Y) - float64(r*r)
	delta := float64(b*b) - float64(a*c)
	if delta <= 0 || a == 0 {
		return 0, false
	}
	// For a > 0 the smaller of the engines' two roots is always this one.
	t = (-b - math.Sqrt(delta)) / a
	if t > 0 && t <= tmax {
		return t, true
	}
	return 0, false
}

// Overlap reports whether two circles whose centres differ by d are at
// distance ≤ r. It equals the engines' two tests, √(d·d) ≤ r (CSB) and
// d·d ≤ r² (FB), for both games' integral r: the square root is monotonic
// and r² is exact.
func Overlap(d Vec, r float64) bool {
	return float64(d.X*d.X)+float64(d.Y*d.Y) <= r*r
}

// WallTimeOfImpact returns the time t ≥ 0 at which a coordinate x moving at
// speed v reaches hi (when v > 0) or lo (when v < 0), the axis-aligned walls
// of a field already shrunk by the body's radius. It reports false when v is
// 0 or the wall is behind the body. As in the official engine
// (contactPositionWall), t = (hi − x)/v or (lo − x)/v, and t = 0 counts.
func WallTimeOfImpact(x, v, lo, hi float64) (t float64, ok bool) {
	switch {
	case v > 0:
		t = (hi - x) / v
	case v < 0:
		t = (lo - x) / v
	default:
		return 0, false
	}
	return t, t >= 0
}

// Bounce resolves an impact between two bodies at pa and pb with masses ma
// and mb: it changes the velocities va and vb in place and returns the total
// impulse. It is the official engines' collision reaction, in their exact
// arrangement:
//
//	n = unit(pb − pa)
//	f = n·(va − vb) / (1/ma + 1/mb)
//	J = f + max(minImpulse, f)
//	va += (n·(−J))·(1/ma); vb += (n·J)·(1/mb)
//
// so two unit masses meeting head-on at ±200 along n exchange
// J = 200 + max(minImpulse, 200). The velocity change is multiplied by the
// inverse mass, not divided by the mass: with mass 10 the two differ in the
// last bit. Special case: pa = pb gives n = 0 and J = minImpulse, with no
// velocity change.
func Bounce(pa, pb Vec, va, vb *Vec, ma, mb, minImpulse float64) (n Vec, impulse float64) {
	n = pb.Sub(pa).Normalize()
	rel := va.Sub(*vb)
	f := n.Dot(rel) / (1/ma + 1/mb)
	impulse = f + minImpulse // Java's Math.max(minImpulse, f); f is never NaN here
	if f > minImpulse {
		impulse = f + f
	}
	j := n.Scale(-1 * impulse)
	*va = va.Add(j.Scale(1 / ma))
	*vb = vb.Add(j.Scale(-1).Scale(1 / mb))
	return n, impulse
}

// Reflect returns the velocity v reflected off the line through a and b:
// its component along the line is kept and its component across is negated,
// 2(v·u)u − v with u the unit direction from a to b. A velocity [50 10] off
// the line from (50,25) to (200,250) becomes about [-10 50]. Special case:
// a = b gives −v.
func Reflect(v, a, b Vec) Vec {
	u := b.Sub(a).Normalize()
	return u.Scale(2 * v.Dot(u)).Sub(v)
}
