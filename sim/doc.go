// Package sim is the physics shared by the two games: 2D vectors, the time of
// impact of moving circles, impulse resolution and reflection, the exact
// numerics of the official Java engines (fdlibm's atan2, correctly rounded
// sine and cosine, Java's rounding) and java.util.Random.
//
// The games themselves live in sim/csb (Coders Strike Back) and sim/fb
// (Fantastic Bits). Both advance a turn the same way: find the earliest
// impact, move every body to it, resolve it, repeat until the end of the
// turn, then apply friction and rounding.
//
// Everything here is arithmetic on values: no allocation, no I/O, no global
// state. Formulas are written in the official engines' exact arrangement
// (see each function's doc), because an algebraically equal form can differ
// in the last bit, and the replays of the official engines catch that.
//
// Exactness needs IEEE double arithmetic with every operation rounded on its
// own. The gc compiler never fuses a*b+c on amd64, but may on arm64, ppc64
// and s390x; the exact paths therefore wrap products in explicit float64
// conversions, which the Go specification says prevents fusion.
package sim
