package csb

import (
	"math"

	"impulse/sim"
)

// Command is one pod's order for a turn, as a bot writes it: "x y thrust",
// "x y SHIELD" or "x y BOOST".
type Command struct {
	Target sim.Vec // integral
	Thrust int32   // 0..MaxThrust; ignored with Shield or Boost
	Shield bool
	Boost  bool // live rules only
}

// Apply gives pod i its command for this turn, as the engine does when the
// output arrives (handlePlayerOutput): SHIELD and the engine lock, BOOST,
// the rotation towards the target limited to 18 degrees (free on the first
// command), and the thrust added to the speed. It returns the thrust
// actually applied, which the view shows.
//
// The angle is Java's: atan2 (fdlibm), the short angle difference with
// Java's remainder, and the acceleration (c/ℓ, s/ℓ)·thrust with c, s the
// correctly rounded cosine and sine and ℓ = √(c²+s²): the engine normalises
// the direction before scaling it, which changes the last bit in some
// turns (sim/MEASUREMENTS.md). A target equal to the pod's position
// accelerates nothing and leaves the angle untouched.
func (s *State) Apply(i int, c Command) (power int32) {
	p := &s.Pods[i]
	p.Shield = c.Shield
	switch {
	case c.Shield:
		p.Lock = ShieldLockTurns + 1
	case c.Boost:
		power = MaxThrust
		if !p.Boosted {
			power = BoostThrust
			p.Boosted = true
		}
	default:
		power = c.Thrust
	}
	if p.Lock > 0 {
		power = 0
	}
	if p.Pos == c.Target {
		return power
	}
	angle := sim.Atan2(c.Target.Y-p.Pos.Y, c.Target.X-p.Pos.X)
	if p.HasAngle {
		rel := shortAngleDist(p.Angle, angle)
		if math.Abs(rel) >= MaxRotation {
			angle = p.Angle + float64(MaxRotation*signum(rel))
		}
	}
	p.Angle, p.HasAngle = angle, true
	dir := sim.Vec{X: sim.Cos(angle), Y: sim.Sin(angle)}.Normalize()
	p.Vel = p.Vel.Add(dir.Scale(float64(power)))
	return power
}

// shortAngleDist is the engine's signed difference from a0 to a1, in
// (−2π, 2π): da = (a1 − a0) mod 2π; 2·da mod 2π − da, with Java's %
// (the sign of the dividend), which math.Mod also has.
func shortAngleDist(a0, a1 float64) float64 {
	const max = 2 * math.Pi
	da := math.Mod(a1-a0, max)
	return math.Mod(2*da, max) - da
}

func signum(x float64) float64 {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return x
}

// Rotate is the search's form of a command: it turns pod i by delta
// radians from its current facing (no limit is applied: the caller keeps
// |delta| ≤ 18 degrees) and accelerates it by thrust along the new facing
// with the given cosine and sine of the new angle, so that a caller with a
// table or a fast approximation avoids calling the trigonometric functions.
// shield and boost act as in Apply. It returns the thrust applied.
func (s *State) Rotate(i int, angle, cos, sin float64, thrust int32, shield, boost bool) int32 {
	p := &s.Pods[i]
	p.Shield = shield
	switch {
	case shield:
		p.Lock = ShieldLockTurns + 1
	case boost:
		thrust = MaxThrust
		if !p.Boosted {
			thrust = BoostThrust
			p.Boosted = true
		}
	}
	if p.Lock > 0 {
		thrust = 0
	}
	p.Angle, p.HasAngle = angle, true
	t := float64(thrust)
	p.Vel.X += float64(cos * t)
	p.Vel.Y += float64(sin * t)
	return thrust
}
