package engine

import "testing"

func TestFormatDouble(t *testing.T) {
	// Expected strings are what Java's Double.toString prints (JDK 17,
	// jshell), the ones marked csb/fb as they appear in ../shared/replays.
	tests := []struct {
		in   float64
		want string
	}{
		{12821, "12821.0"},                                 // csb view x
		{0.3141592653589793, "0.3141592653589793"},         // csb frame 0 max rotation
		{-2.19e-5, "-2.19E-5"},                             // csb.md §3
		{2.449952879679097, "2.449952879679097"},           // csb-002 frame 2
		{-7.105427357601002e-14, "-7.105427357601002E-14"}, // fb.md §3
		{1, "1.0"},
		{0, "0.0"},
		{-0.0 * 1, "0.0"},
		{1e7, "1.0E7"},
		{9999999, "9999999.0"},
		{0.001, "0.001"},
		{0.00099, "9.9E-4"},
		{123456.789, "123456.789"},
		{-400, "-400.0"},
		{1.5e300, "1.5E300"},
	}
	for _, tt := range tests {
		if got := FormatDouble(tt.in); got != tt.want {
			t.Errorf("FormatDouble(%v) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
