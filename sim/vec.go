package sim

import "math"

// Vec is a 2D vector or point. The zero value is the origin.
type Vec struct{ X, Y float64 }

// Add returns a+b.
func (a Vec) Add(b Vec) Vec { return Vec{a.X + b.X, a.Y + b.Y} }

// Sub returns a-b.
func (a Vec) Sub(b Vec) Vec { return Vec{a.X - b.X, a.Y - b.Y} }

// Scale returns a*k, each component multiplied once (Java's Vector.mult).
func (a Vec) Scale(k float64) Vec { return Vec{float64(a.X * k), float64(a.Y * k)} }

// Dot returns a·b as Java computes it: a.X*b.X + a.Y*b.Y, each product rounded.
func (a Vec) Dot(b Vec) float64 { return float64(a.X*b.X) + float64(a.Y*b.Y) }

// Len2 returns the squared length a·a.
func (a Vec) Len2() float64 { return float64(a.X*a.X) + float64(a.Y*a.Y) }

// Len returns the length √(a·a).
func (a Vec) Len() float64 { return math.Sqrt(a.Len2()) }

// Dist returns the distance from a to b (Java's Vector.distance).
func (a Vec) Dist(b Vec) float64 { return b.Sub(a).Len() }

// Dist2 returns the squared distance from a to b.
func (a Vec) Dist2(b Vec) float64 { return b.Sub(a).Len2() }

// Normalize returns a divided by its length, each component divided once
// (Java's Vector.normalize). Special case: the zero vector gives the zero vector.
func (a Vec) Normalize() Vec {
	l := a.Len()
	if l == 0 {
		return Vec{}
	}
	return Vec{a.X / l, a.Y / l}
}

// Round returns a with both components rounded half up, as Java's Math.round.
func (a Vec) Round() Vec { return Vec{Round(a.X), Round(a.Y)} }

// Trunc returns a with both components truncated toward zero, as Java's (int) cast.
func (a Vec) Trunc() Vec { return Vec{math.Trunc(a.X), math.Trunc(a.Y)} }
