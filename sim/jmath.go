package sim

import (
	"math"
	"math/bits"
)

// This file holds the exact numerics of the official Java engines: atan2 as
// fdlibm 5.3 computes it (the algorithm of Java's Math.atan2 and
// StrictMath.atan2), and sine and cosine correctly rounded.
//
// Every product that feeds an addition is wrapped in an explicit float64
// conversion, which keeps the compiler from fusing it into an FMA on arm64,
// ppc64 and s390x (see the package doc): fdlibm's results are defined by
// separately rounded operations.

// Constants of fdlibm's e_atan2.c. The bits are those of the C source's
// hexadecimal comments.
const (
	atan2Pi    = 0x1.921fb54442d18p+01 // 0x400921FB_54442D18, π rounded
	atan2PiO2  = 0x1.921fb54442d18p+00 // 0x3FF921FB_54442D18, π/2 rounded
	atan2PiO4  = 0x1.921fb54442d18p-01 // 0x3FE921FB_54442D18, π/4 rounded
	atan2PiLo  = 0x1.1a62633145c07p-53 // 0x3CA1A626_33145C07, π − atan2Pi
	atan2Pi3O4 = 0x1.2d97c7f3321d2p+01 // 3.0*atan2PiO4 as fdlibm computes it, rounded once
)

// Constants of fdlibm's s_atan.c: atan(0.5), atan(1), atan(1.5) and atan(∞)
// as a rounded high part and a low correction, and the coefficients of the
// odd polynomial for atan on [-7/16, 7/16]. The bits are those of the C
// source's hexadecimal comments.
var (
	atanHi = [4]float64{
		0x1.dac670561bb4fp-02, // 0x3FDDAC67_0561BB4F
		0x1.921fb54442d18p-01, // 0x3FE921FB_54442D18
		0x1.f730bd281f69bp-01, // 0x3FEF730B_D281F69B
		0x1.921fb54442d18p+00, // 0x3FF921FB_54442D18
	}
	atanLo = [4]float64{
		0x1.a2b7f222f65e2p-56, // 0x3C7A2B7F_222F65E2
		0x1.1a62633145c07p-55, // 0x3C81A626_33145C07
		0x1.007887af0cbbdp-56, // 0x3C700788_7AF0CBBD
		0x1.1a62633145c07p-54, // 0x3C91A626_33145C07
	}
	atanT = [11]float64{
		0x1.555555555550dp-02,  // 0x3FD55555_5555550D
		-0x1.999999998ebc4p-03, // 0xBFC99999_9998EBC4
		0x1.24924920083ffp-03,  // 0x3FC24924_920083FF
		-0x1.c71c6fe231671p-04, // 0xBFBC71C6_FE231671
		0x1.745cdc54c206ep-04,  // 0x3FB745CD_C54C206E
		-0x1.3b0f2af749a6dp-04, // 0xBFB3B0F2_AF749A6D
		0x1.10d66a0d03d51p-04,  // 0x3FB10D66_A0D03D51
		-0x1.dde2d52defd9ap-05, // 0xBFADDE2D_52DEFD9A
		0x1.97b4b24760debp-05,  // 0x3FA97B4B_24760DEB
		-0x1.2b4442c6a6c2fp-05, // 0xBFA2B444_2C6A6C2F
		0x1.0ad3ae322da11p-06,  // 0x3F90AD3A_E322DA11
	}
)

// Atan2 returns the arc tangent of y/x, using the signs of the two to
// determine the quadrant of the return value, exactly as Java's Math.atan2
// and StrictMath.atan2: the algorithm of fdlibm 5.3's __ieee754_atan2 and
// atan (e_atan2.c, s_atan.c), bit for bit. Go's math.Atan2 uses another
// algorithm and differs in the last bit on many inputs.
//
// Special cases are (in order):
//
//	Atan2(y, NaN) = NaN
//	Atan2(NaN, x) = NaN
//	Atan2(y, 1) = atan(y), fdlibm's shortcut (no division)
//	Atan2(+0, x>=0) = +0
//	Atan2(-0, x>=0) = -0
//	Atan2(+0, x<=-0) = +π
//	Atan2(-0, x<=-0) = -π
//	Atan2(y>0, 0) = +π/2
//	Atan2(y<0, 0) = -π/2
//	Atan2(+Inf, +Inf) = +π/4
//	Atan2(-Inf, +Inf) = -π/4
//	Atan2(+Inf, -Inf) = 3π/4
//	Atan2(-Inf, -Inf) = -3π/4
//	Atan2(y, +Inf) = 0 (with the sign of y)
//	Atan2(y>0, -Inf) = +π
//	Atan2(y<0, -Inf) = -π
//	Atan2(+Inf, x) = +π/2
//	Atan2(-Inf, x) = -π/2
//
// where π, π/2 and π/4 are the doubles nearest to them, and 3π/4 is
// 3·(π/4) rounded. Beyond these, fdlibm skips the division when the
// exponents of y and x differ by more than 60: atan|y/x| is taken as π/2 +
// π_lo/2 rounded when |y| is the larger, and as 0 when |x| is and x < 0
// (the result is then ±π).
func Atan2(y, x float64) float64 {
	if x != x || y != y {
		return x + y // NaN
	}
	if x == 1 {
		return atan(y)
	}
	bx, by := math.Float64bits(x), math.Float64bits(y)
	ix, iy := int32(bx>>32)&0x7fffffff, int32(by>>32)&0x7fffffff // high words without sign
	m := by>>63 | bx>>63<<1                                      // 2·sign(x) + sign(y)

	if y == 0 {
		switch m {
		case 0, 1:
			return y // atan(±0, +anything) = ±0
		case 2:
			return atan2Pi // atan(+0, -anything) = π
		default:
			return -atan2Pi // atan(-0, -anything) = -π
		}
	}
	if x == 0 {
		if by>>63 != 0 {
			return -atan2PiO2
		}
		return atan2PiO2
	}
	if math.IsInf(x, 0) {
		if math.IsInf(y, 0) {
			switch m {
			case 0:
				return atan2PiO4
			case 1:
				return -atan2PiO4
			case 2:
				return atan2Pi3O4
			default:
				return -atan2Pi3O4
			}
		}
		switch m {
		case 0:
			return 0
		case 1:
			return math.Copysign(0, -1)
		case 2:
			return atan2Pi
		default:
			return -atan2Pi
		}
	}
	if math.IsInf(y, 0) {
		if by>>63 != 0 {
			return -atan2PiO2
		}
		return atan2PiO2
	}

	// fdlibm compares the difference of the biased exponents (the high
	// words shifted right by 20), not the quotient, against ±60.
	var z float64
	k := (iy - ix) >> 20
	switch {
	case k > 60: // |y/x| > 2^60
		z = atan2PiO2 + 0.5*atan2PiLo // both exact constants: one rounding, as in C
	case bx>>63 != 0 && k < -60: // |y|/x < -2^60
		z = 0
	default:
		z = atan(math.Abs(y / x))
	}
	switch m {
	case 0:
		return z
	case 1:
		return -z
	case 2:
		return atan2Pi - (z - atan2PiLo)
	default:
		return (z - atan2PiLo) - atan2Pi
	}
}

// atan returns the arc tangent of x as fdlibm 5.3's atan (s_atan.c).
// The argument is reduced to one of five intervals by the high word of x,
// and atan of the reduced argument is an odd polynomial of degree 23 split
// into an odd and an even half.
func atan(x float64) float64 {
	hx := int32(math.Float64bits(x) >> 32)
	ix := hx & 0x7fffffff
	if ix >= 0x44100000 { // |x| >= 2^66
		if x != x {
			return x + x
		}
		if hx > 0 {
			return atanHi[3] + atanLo[3]
		}
		return -atanHi[3] - atanLo[3]
	}
	id := -1
	if ix < 0x3fdc0000 { // |x| < 0.4375
		if ix < 0x3e200000 { // |x| < 2^-29: fdlibm returns x, raising inexact
			return x
		}
	} else {
		x = math.Abs(x)
		switch {
		case ix < 0x3fe60000: // 7/16 <= |x| < 11/16
			id = 0
			x = (float64(2*x) - 1) / (2 + x)
		case ix < 0x3ff30000: // 11/16 <= |x| < 19/16
			id = 1
			x = (x - 1) / (x + 1)
		case ix < 0x40038000: // 19/16 <= |x| < 39/16
			id = 2
			x = (x - 1.5) / (1 + float64(1.5*x))
		default: // 39/16 <= |x| < 2^66
			id = 3
			x = -1 / x
		}
	}
	z := float64(x * x)
	w := float64(z * z)
	// The sum of atanT[i]·z^(i+1), as an odd and an even polynomial in w.
	s1 := atanT[8] + float64(w*atanT[10])
	s1 = atanT[6] + float64(w*s1)
	s1 = atanT[4] + float64(w*s1)
	s1 = atanT[2] + float64(w*s1)
	s1 = atanT[0] + float64(w*s1)
	s1 = float64(z * s1)
	s2 := atanT[7] + float64(w*atanT[9])
	s2 = atanT[5] + float64(w*s2)
	s2 = atanT[3] + float64(w*s2)
	s2 = atanT[1] + float64(w*s2)
	s2 = float64(w * s2)
	if id < 0 {
		return x - float64(x*(s1+s2))
	}
	z = atanHi[id] - ((float64(x*(s1+s2)) - atanLo[id]) - x)
	if hx < 0 {
		return -z
	}
	return z
}

// Sin returns the sine of the radian argument x, correctly rounded: the
// double nearest to the true value (which is never halfway between two).
//
// Special cases are:
//
//	Sin(±0) = ±0
//	Sin(±Inf) = NaN
//	Sin(NaN) = NaN
//
// Method: for |x| < 2^-26 the answer is x. Otherwise x is reduced by π/2
// (Cody and Waite, π/2 in four parts, in double-double arithmetic), the
// Taylor series of sine or cosine is summed in double-double, and the result
// is rounded once if its error bound allows only one answer; if not (for
// one argument in about 2^45), it is computed again in 256-bit fixed point.
// Sin does not allocate.
func Sin(x float64) float64 {
	ax := math.Abs(x)
	if ax < 0x1p-26 {
		// |sin x − x| < |x|³/6 < |x|·2^-54.5, less than half the spacing
		// of the doubles just below |x|; this also returns ±0 as is.
		return x
	}
	if !(ax < sinCosMax) {
		return math.Sin(x) // ±Inf, NaN, or beyond the range of the exact method
	}
	if v, ok := roundDD(sinCosDD(x, 0)); ok {
		return v
	}
	return sinCosFixed(x, 0)
}

// Cos returns the cosine of the radian argument x, correctly rounded: the
// double nearest to the true value (which is never halfway between two).
//
// Special cases are:
//
//	Cos(±0) = 1
//	Cos(±Inf) = NaN
//	Cos(NaN) = NaN
//
// The method is Sin's; for |x| < 2^-27 the answer is 1. Cos does not
// allocate.
func Cos(x float64) float64 {
	ax := math.Abs(x)
	if ax < 0x1p-27 {
		// 1 − cos x < x²/2 < 2^-55, less than half the spacing (2^-53)
		// of the doubles just below 1.
		return 1
	}
	if !(ax < sinCosMax) {
		return math.Cos(x)
	}
	if v, ok := roundDD(sinCosDD(x, 1)); ok {
		return v
	}
	return sinCosFixed(x, 1)
}

// BUG(sim): Sin and Cos are correctly rounded only for |x| < 2^30
// (sinCosMax, about 1.07e9); beyond it they return math.Sin and math.Cos,
// which may differ from the correctly rounded value in the last bit. The
// games' angles stay within a few multiples of 2π.

// sinCosMax bounds the arguments of the exact Sin and Cos. Below it, the
// quadrant number k fits in an int64 and a double exactly, k times each part
// of π/2 is exact as a double-double, and 2/π to 384 bits reduces exactly
// enough for the fixed-point fallback.
const sinCosMax = 0x1p30

// π/2 = pio2A + pio2B + pio2C + pio2D + O(2^-218): each part is the double
// nearest to what remains of π/2 after the previous ones (computed with
// math/big from Machin's formula; the test checks them). pio2A is the
// double nearest to π/2 (fdlibm's pio2_hi, 0x3FF921FB_54442D18).
const (
	pio2A = 0x1.921fb54442d18p+00
	pio2B = 0x1.1a62633145c07p-54
	pio2C = -0x1.f1976b7ed8fbcp-110
	pio2D = 0x1.4cf98e804177dp-164

	twoOverPi = 0x1.45f306dc9c883p-01 // 2/π rounded, only to pick the quadrant
)

// sinCoef[n] is (−1)^n/(2n+1)!, the coefficient of z^n in sin(r)/r with
// z = r², and cosCoef[n] is (−1)^n/(2n)!, that of z^n in cos r: the double
// nearest to each, then for the first sinDDTerms and cosDDTerms the double
// nearest to the remainder (computed with math/big; the test checks them).
// The later terms are below 2^-53 and 2^-58 of the result on |r| <= π/4 and
// are summed in double.
var sinCoef = [15][2]float64{
	{1, 0}, // +1/1!
	{-0x1.5555555555555p-03, -0x1.5555555555555p-57}, // −1/3!
	{0x1.1111111111111p-07, 0x1.1111111111111p-63},   // +1/5!
	{-0x1.a01a01a01a01ap-13, -0x1.a01a01a01a01ap-73}, // −1/7!
	{0x1.71de3a556c734p-19, -0x1.c154f8ddc6cp-73},    // +1/9!
	{-0x1.ae64567f544e4p-26, 0x1.c062e06d1f209p-80},  // −1/11!
	{0x1.6124613a86d09p-33, 0x1.f28e0cc748ebep-87},   // +1/13!
	{-0x1.ae7f3e733b81fp-41, -0x1.1d8656b0ee8cbp-97}, // −1/15!
	{0x1.952c77030ad4ap-49, 0},                       // +1/17!
	{-0x1.2f49b46814157p-57, 0},                      // −1/19!
	{0x1.71b8ef6dcf572p-66, 0},                       // +1/21!
	{-0x1.761b41316381ap-75, 0},                      // −1/23!
	{0x1.3f3ccdd165fa9p-84, 0},                       // +1/25!
	{-0x1.d1ab1c2dccea3p-94, 0},                      // −1/27!
	{0x1.259f98b4358adp-103, 0},                      // +1/29!
}

var cosCoef = [16][2]float64{
	{1, 0},        // +1/0!
	{-0x1p-01, 0}, // −1/2!
	{0x1.5555555555555p-05, 0x1.5555555555555p-59},   // +1/4!
	{-0x1.6c16c16c16c17p-10, 0x1.f49f49f49f49fp-65},  // −1/6!
	{0x1.a01a01a01a01ap-16, 0x1.a01a01a01a01ap-76},   // +1/8!
	{-0x1.27e4fb7789f5cp-22, -0x1.cbbc05b4fa99ap-76}, // −1/10!
	{0x1.1eed8eff8d898p-29, -0x1.2aec959e14c06p-83},  // +1/12!
	{-0x1.93974a8c07c9dp-37, -0x1.05d6f8a2efd1fp-92}, // −1/14!
	{0x1.ae7f3e733b81fp-45, 0x1.1d8656b0ee8cbp-101},  // +1/16!
	{-0x1.6827863b97d97p-53, 0},                      // −1/18!
	{0x1.e542ba4020225p-62, 0},                       // +1/20!
	{-0x1.0ce396db7f853p-70, 0},                      // −1/22!
	{0x1.f2cf01972f578p-80, 0},                       // +1/24!
	{-0x1.88e85fc6a4e5ap-89, 0},                      // −1/26!
	{0x1.0a18a2635085dp-98, 0},                       // +1/28!
	{-0x1.3932c5047d60ep-108, 0},                     // −1/30!
}

// sinDDTerms and cosDDTerms are how many terms of each series are summed
// in double-double.
const (
	sinDDTerms = 8
	cosDDTerms = 9
)

// sinCosDD returns sin x (cos == 0) or cos x (cos == 1) for 2^-27 <= |x| <
// sinCosMax as a double-double h + l, and eb, more than twice a bound on its
// error.
func sinCosDD(x float64, cos int) (h, l, eb float64) {
	rh, rl, k, rerr := reducePio2DD(x)
	// sin(x) = sin(r + kπ/2) is sin r, cos r, −sin r, −cos r for
	// k mod 4 = 0, 1, 2, 3; cos(x) = sin(x + π/2).
	q := (k + int64(cos)) & 3
	if q&1 == 0 {
		h, l = sinDD(rh, rl)
	} else {
		h, l = cosDD(rh, rl)
	}
	if q >= 2 {
		h, l = -h, -l
	}
	// The series is summed to within |h|·2^-100 of sin or cos of rh + rl
	// (the test measures the worst case, near 2^-106), and an error of rerr
	// in the argument moves the result by at most rerr.
	eb = float64(math.Abs(h)*0x1p-99) + 2*rerr
	return h, l, eb
}

// roundDD returns h + l rounded to the nearest double, and reports whether
// that is also the rounding of every value within eb of h + l. It is, if
// the roundings of the two ends agree: rounding is monotonic. Each end is
// computed with two roundings, h + fl(l ± eb); when eb is more than twice
// the error of h + l and far above ulp(l), the first rounding cannot move
// an end past the true value.
func roundDD(h, l, eb float64) (float64, bool) {
	lo := h + (l - eb)
	hi := h + (l + eb)
	return hi, lo == hi
}

// reducePio2DD returns r = rh + rl and k with x = kπ/2 + r and |r| <= π/4
// (plus a rounding), and a bound on the absolute error of rh + rl.
// x must be below sinCosMax in magnitude.
func reducePio2DD(x float64) (rh, rl float64, k int64, rerr float64) {
	kf := math.Floor(float64(x*twoOverPi) + 0.5)
	if kf == 0 {
		return x, 0, 0, 0
	}
	k = int64(kf)
	// x − k·pio2A is exact: k·pio2A is split into a + b exactly, and a is
	// within a factor of 2 of x (Sterbenz).
	a, b := twoProd(kf, pio2A)
	rh, rl = twoSum(x-a, -b)
	c, d := twoProd(kf, pio2B)
	rh, rl = ddAdd(rh, rl, -c, -d)
	c, d = twoProd(kf, pio2C)
	rh, rl = ddAdd(rh, rl, -c, -d)
	rh, rl = ddAdd(rh, rl, -float64(kf*pio2D), 0)
	// Each ddAdd is within 3·2^-106 of its exact sum (Joldes, Muller and
	// Popescu 2017, Algorithm 6), which differs from r by less than
	// |k|·2^-160; k·pio2D is rounded (|k|·2^-216), and π/2 minus the four
	// parts is below 2^-217.
	rerr = float64(math.Abs(rh)*0x1p-102) + float64(math.Abs(kf)*0x1p-200)
	return rh, rl, k, rerr
}

// sinDD returns sin r as a double-double for |r| <= π/4 + 2^-50: Horner's
// scheme in z = r² on the Taylor series to r^29/29!, then times r.
func sinDD(rh, rl float64) (h, l float64) {
	zh, zl := ddMul(rh, rl, rh, rl)
	p := sinCoef[len(sinCoef)-1][0]
	for n := len(sinCoef) - 2; n >= sinDDTerms; n-- {
		p = sinCoef[n][0] + float64(zh*p)
	}
	sh, sl := p, 0.0
	for n := sinDDTerms - 1; n >= 0; n-- {
		sh, sl = ddMul(zh, zl, sh, sl)
		sh, sl = ddAddSmall(sinCoef[n][0], sinCoef[n][1], sh, sl)
	}
	return ddMul(rh, rl, sh, sl)
}

// cosDD returns cos r as a double-double for |r| <= π/4 + 2^-50: Horner's
// scheme in z = r² on the Taylor series to r^30/30!.
func cosDD(rh, rl float64) (h, l float64) {
	zh, zl := ddMul(rh, rl, rh, rl)
	p := cosCoef[len(cosCoef)-1][0]
	for n := len(cosCoef) - 2; n >= cosDDTerms; n-- {
		p = cosCoef[n][0] + float64(zh*p)
	}
	sh, sl := p, 0.0
	for n := cosDDTerms - 1; n >= 0; n-- {
		sh, sl = ddMul(zh, zl, sh, sl)
		sh, sl = ddAddSmall(cosCoef[n][0], cosCoef[n][1], sh, sl)
	}
	return sh, sl
}

// Double-double arithmetic: a value is an unevaluated sum hi + lo of two
// doubles with |lo| <= ulp(hi)/2. The error-free transformations need
// every operation rounded on its own, hence the float64 conversions.

// twoSum returns s = fl(a+b) and e with s + e = a + b exactly (Knuth).
func twoSum(a, b float64) (s, e float64) {
	s = a + b
	bb := s - a
	e = (a - (s - bb)) + (b - bb)
	return s, e
}

// fastTwoSum returns s = fl(a+b) and e with s + e = a + b exactly,
// provided a is zero or |a| >= |b| (Dekker).
func fastTwoSum(a, b float64) (s, e float64) {
	s = a + b
	e = b - (s - a)
	return s, e
}

// twoProd returns p = fl(a·b) and e with p + e = a·b exactly.
func twoProd(a, b float64) (p, e float64) {
	p = float64(a * b)
	e = math.FMA(a, b, -p)
	return p, e
}

// ddAdd returns (ah+al) + (bh+bl) within 3·2^-106 of the exact sum, even
// under cancellation (Joldes, Muller and Popescu, "Tight and rigorous error
// bounds for basic building blocks of double-word arithmetic", 2017,
// Algorithm 6, AccurateDWPlusDW).
func ddAdd(ah, al, bh, bl float64) (h, l float64) {
	sh, sl := twoSum(ah, bh)
	th, tl := twoSum(al, bl)
	sl += th
	sh, sl = fastTwoSum(sh, sl)
	sl += tl
	return fastTwoSum(sh, sl)
}

// ddAddSmall returns (ah+al) + (bh+bl) for |bh| <= |ah|/4, as in Horner's
// scheme on a series with quickly decreasing terms: no cancellation, so the
// high parts need only fastTwoSum, and the low parts are added once
// (SloppyDWPlusDW, Algorithm 5 of the same paper, with fastTwoSum).
func ddAddSmall(ah, al, bh, bl float64) (h, l float64) {
	sh, sl := fastTwoSum(ah, bh)
	sl += al + bl
	return fastTwoSum(sh, sl)
}

// ddMul returns (ah+al)·(bh+bl) within 5·2^-106 relative (Algorithm 11 of
// the same paper, DWTimesDW2, with the cross terms rounded separately).
func ddMul(ah, al, bh, bl float64) (h, l float64) {
	ph, pl := twoProd(ah, bh)
	pl += float64(ah*bl) + float64(al*bh)
	return fastTwoSum(ph, pl)
}

// The fixed-point fallback. A fix256 is a number in [0, 1): the sum of
// v[i]·2^(64i−256), least significant limb first.
type fix256 [4]uint64

// twoOverPiFix is 2/π to 384 bits: the sum of twoOverPiFix[i]·2^(64i−384),
// truncated (computed with math/big; the top limbs are fdlibm's ipio2
// table, A2F983 6E4E44 1529FC ...; the test checks them).
var twoOverPiFix = [6]uint64{
	0x06492eea09d1921c,
	0xb7246e3a424dd2e0,
	0xfe5163abdebbc561,
	0xdb6295993c439041,
	0xfc2757d1f534ddc0,
	0xa2f9836e4e441529,
}

// pio4Fix is π/4 to 256 bits, truncated (0.C90FDAA22168C234C4C6628B...).
var pio4Fix = fix256{
	0x020bbea63b139b22,
	0x29024e088a67cc74,
	0xc4c6628b80dc1cd1,
	0xc90fdaa22168c234,
}

// sinCosFixed returns sin x (cos == 0) or cos x (cos == 1), correctly
// rounded, for 2^-27 <= |x| < sinCosMax, in 256-bit fixed point: x·2/π is
// formed from 2/π to 384 bits (as in Payne and Hanek's reduction), the
// reduced argument r is within 2^-250 of the true one, and the Taylor series
// is summed to within 2^-248. No double leaves |r| below 2^-61 (the closest
// to a multiple of π/2 of all doubles, found by Kahan and McDonald, leaves
// 2^-60.9), so the result is known to better than 2^-180 relative, far
// beyond what the hardest cases of exhaustive searches need (Lefèvre and
// Muller: about 2^-120). It is far slower than the double-double path
// (BenchmarkSinCosFixed, MEASUREMENTS.md), which decides all but about one
// argument in 2^45.
func sinCosFixed(x float64, cos int) float64 {
	ax := math.Abs(x)
	b := math.Float64bits(ax)
	mant := b&(1<<52-1) | 1<<52
	exp := int(b>>52) - 1075 // ax = mant·2^exp; -79 <= exp <= -23

	// p = mant·twoOverPiFix; x·2/π = p·2^(exp−384).
	var p [7]uint64
	var carry uint64
	for i, t := range twoOverPiFix {
		hi, lo := bits.Mul64(mant, t)
		var c uint64
		p[i], c = bits.Add64(lo, carry, 0)
		carry = hi + c
	}
	p[6] = carry
	shift := uint(384 - exp) // position of the binary point in p
	k := window(&p, shift)
	f := fix256{window(&p, shift-256), window(&p, shift-192), window(&p, shift-128), window(&p, shift-64)}
	neg := false // whether r is negative
	if f[3]>>63 != 0 {
		// Fraction >= 1/2: round k up, r = −(1 − fraction)·π/2.
		k++
		neg = true
		f = f.neg()
	}
	// r = fraction·π/2 = (2·fraction)·π/4, 2·fraction < 1.
	f = f.shl1()
	r := f.mul(pio4Fix)

	q := (k + uint64(cos)) & 3
	var v fix256
	if q&1 == 0 {
		v = sinFix(r)
	} else {
		v = cosFix(r)
		neg = false // cos is even
	}
	if q >= 2 {
		neg = !neg
	}
	if x < 0 && cos == 0 {
		neg = !neg // sin is odd; cos is even
	}
	y := v.float64()
	if neg {
		return -y
	}
	return y
}

// window returns bits pos to pos+63 of the 448-bit number p.
func window(p *[7]uint64, pos uint) uint64 {
	i, s := pos/64, pos%64
	if i >= uint(len(p)) {
		return 0
	}
	w := p[i] >> s
	if s != 0 && i+1 < uint(len(p)) {
		w |= p[i+1] << (64 - s)
	}
	return w
}

// sinFix returns sin r for 0 <= r <= π/4: r − r³/3! + r⁵/5! − ..., every
// partial sum in (0, 1). Each term is truncated, so the sum is within
// 2^-248 of sin r.
func sinFix(r fix256) fix256 {
	r2 := r.mul(r)
	s, t := r, r
	for n := uint64(1); ; n++ {
		t = t.mul(r2).div((2 * n) * (2*n + 1))
		if t == (fix256{}) {
			return s
		}
		if n&1 != 0 {
			s = s.sub(t)
		} else {
			s = s.add(t)
		}
	}
}

// cosFix returns cos r for 0 <= r <= π/4, as 1 − (r²/2! − r⁴/4! + ...), or
// 1 − 2^-256 for r = 0.
func cosFix(r fix256) fix256 {
	r2 := r.mul(r)
	t := r2.div(2)
	s := t
	for n := uint64(2); ; n++ {
		t = t.mul(r2).div((2*n - 1) * (2 * n))
		if t == (fix256{}) {
			break
		}
		if n&1 == 0 {
			s = s.sub(t)
		} else {
			s = s.add(t)
		}
	}
	if s == (fix256{}) {
		return fix256{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	}
	return s.neg()
}

// neg returns 1 − a for a in (0, 1) (two's complement).
func (a fix256) neg() fix256 {
	var z fix256
	var b uint64
	for i := range a {
		z[i], b = bits.Sub64(0, a[i], b)
	}
	return z
}

// shl1 returns 2a for a in [0, 1/2], or the largest fix256 if 2a = 1.
func (a fix256) shl1() fix256 {
	if a[3]>>63 != 0 {
		return fix256{^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0)}
	}
	return fix256{a[0] << 1, a[1]<<1 | a[0]>>63, a[2]<<1 | a[1]>>63, a[3]<<1 | a[2]>>63}
}

// add returns a + b; the sum must be below 1.
func (a fix256) add(b fix256) fix256 {
	var z fix256
	var c uint64
	for i := range a {
		z[i], c = bits.Add64(a[i], b[i], c)
	}
	return z
}

// sub returns a − b; a must be at least b.
func (a fix256) sub(b fix256) fix256 {
	var z fix256
	var c uint64
	for i := range a {
		z[i], c = bits.Sub64(a[i], b[i], c)
	}
	return z
}

// mul returns a·b truncated to 256 bits (too small by less than 2^-255).
func (a fix256) mul(b fix256) fix256 {
	var p [8]uint64
	for i := range a {
		var carry uint64
		for j := range b {
			hi, lo := bits.Mul64(a[i], b[j])
			var c uint64
			lo, c = bits.Add64(lo, p[i+j], 0)
			hi += c
			lo, c = bits.Add64(lo, carry, 0)
			hi += c
			p[i+j] = lo
			carry = hi
		}
		p[i+4] = carry
	}
	return fix256{p[4], p[5], p[6], p[7]}
}

// div returns a/d truncated.
func (a fix256) div(d uint64) fix256 {
	var z fix256
	var rem uint64
	for i := len(a) - 1; i >= 0; i-- {
		z[i], rem = bits.Div64(rem, a[i], d)
	}
	return z
}

// float64 returns a (which must be at least 2^-192) rounded to the nearest
// double, ties to even.
func (a fix256) float64() float64 {
	i := len(a) - 1
	for a[i] == 0 {
		i--
	}
	lz := uint(bits.LeadingZeros64(a[i]))
	top := a[i] << lz // the leading bit at bit 63
	var below uint64  // the bits after top's 64, left-aligned
	if i > 0 {
		if lz != 0 {
			top |= a[i-1] >> (64 - lz)
		}
		below = a[i-1] << lz
		for j := 0; j < i-1; j++ {
			below |= a[j]
		}
	}
	mant := top >> 11
	half := top>>10&1 != 0
	sticky := top&(1<<10-1) != 0 || below != 0
	if half && (sticky || mant&1 != 0) {
		mant++ // may carry into bit 53: still exact as a float64
	}
	// top's leading bit is worth 2^(64i + 63 − lz − 256); mant's lowest bit
	// 2^(64i + 11 − lz − 256).
	return math.Ldexp(float64(mant), 64*i+11-int(lz)-256)
}
