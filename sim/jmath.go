package sim

import "math"

// PLACEHOLDER: replaced by the exact implementations (fdlibm atan2,
// correctly rounded sin and cos). Do not rely on the last bit until then.

// Atan2 returns the arc tangent of y/x as Java's Math.atan2 (fdlibm).
func Atan2(y, x float64) float64 { return math.Atan2(y, x) }

// Sin returns sin x correctly rounded.
func Sin(x float64) float64 { return math.Sin(x) }

// Cos returns cos x correctly rounded.
func Cos(x float64) float64 { return math.Cos(x) }
