package sim

import "math"

// Round returns x rounded to the nearest integer, ties toward positive
// infinity (Java's Math.round), as an integral float64.
//
// Special cases are:
//
//	Round(-0.4) = 0 (never -0: Java's round goes through a long)
//	Round(-2.5) = -2
//	Round(0.49999999999999994) = 0
//
// x must lie within ±2^62; Java's answer for NaN (0) is not reproduced.
func Round(x float64) float64 {
	// floor(x + 1/2), then the case where x + 1/2 itself rounds up to the
	// next integer (0.49999999999999994 + 0.5 = 1): there x < r − 1/2,
	// which is exact, and r is one too many. Never -0: x + 1/2 is -0 for
	// no x.
	r := math.Floor(x + 0.5)
	if r-0.5 > x {
		r--
	}
	return r
}

// Trunc returns x truncated toward zero, as Java's (int) cast of a double
// within the int range; the result is never -0.
func Trunc(x float64) float64 { return float64(int64(x)) }

// SymRound returns x rounded to the nearest integer, ties away from zero
// (Fantastic Bits' symmetricRound: sign·Math.round(|x|)); never -0.
func SymRound(x float64) float64 {
	// trunc(x + h), h the half of x's sign: x + h is exactly −(|x| + 1/2)
	// for a negative x, so this is sign·floor(|x| + 1/2) without a branch
	// on the sign, unpredictable for a velocity. Then Round's case, where
	// |x| + 1/2 itself rounded up: r − h lies beyond x, on x's side.
	// Through an integer, never -0.
	h := math.Copysign(0.5, x)
	r := float64(int64(x + h))
	if float64((r-h-x)*x) > 0 {
		r -= 2 * h
	}
	return r
}
