package engine

import (
	"math"
	"strconv"
	"strings"
)

// FormatDouble formats x as Java's Double.toString does: "12821.0",
// "0.3141592653589793", "-2.19E-5", "1.0E7". Digits are the shortest that
// read back to x; JDK 17 sometimes prints one digit more
// (5.6843418860808015E-14 for 5.684341886080802E-14), which reads back to
// the same double, so replays are compared as numbers, never as text.
func FormatDouble(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	case x == 0:
		if math.Signbit(x) {
			return "-0.0"
		}
		return "0.0"
	}
	sign := ""
	if x < 0 {
		sign, x = "-", -x
	}
	e := strconv.FormatFloat(x, 'e', -1, 64) // d.ddde±xx
	mant, exps, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	exp, _ := strconv.Atoi(exps)
	if x >= 1e-3 && x < 1e7 {
		var s string
		if exp >= 0 {
			for len(digits) <= exp {
				digits += "0"
			}
			s = digits[:exp+1] + "." + digits[exp+1:]
			if strings.HasSuffix(s, ".") {
				s += "0"
			}
		} else {
			s = "0." + strings.Repeat("0", -exp-1) + digits
		}
		return sign + s
	}
	frac := digits[1:]
	if frac == "" {
		frac = "0"
	}
	return sign + digits[:1] + "." + frac + "E" + strconv.Itoa(exp)
}
