package engine

import (
	"strings"
	"testing"
)

// TestNumbers reads view lines of numbers as the games' view parsers do:
// Java's doubles and longs, and errors naming the line and the field.
func TestNumbers(t *testing.T) {
	tests := []struct {
		line string
		want []float64
		err  string // "" for none
	}{
		{"16000 7500 400 4 150 4000", []float64{16000, 7500, 400, 4, 150, 4000}, ""},
		{"12821.0 -2.19E-5 1.0E7", []float64{12821, -2.19e-5, 1e7}, ""},
		{"", nil, ""},
		{"1 x 3", nil, `view line 2: field 2: "x" is not a number`},
		{"1 null", nil, "view line 2: field 2: null where a number is expected"},
	}
	for _, tc := range tests {
		got, err := Numbers(tc.line, "view line 2")
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("Numbers(%q): error %v, want %q", tc.line, err, tc.err)
			}
			continue
		}
		if err != nil || len(got) != len(tc.want) {
			t.Errorf("Numbers(%q) = %v, %v; want %v", tc.line, got, err, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("Numbers(%q) = %v, want %v", tc.line, got, tc.want)
				break
			}
		}
	}
}

// TestNumReader: a nullable field may be null; too few or too many
// fields are errors; the first error is kept.
func TestNumReader(t *testing.T) {
	r := NewNumReader(strings.Fields("1.5 null 2"), "pod 0")
	if a, b, c := r.Num(), r.Nullable(), r.Nullable(); a != 1.5 || !b.Null || b.String() != "null" || c.V != 2 || c.String() != "2" || r.Done() != nil {
		t.Errorf("read 1.5 null 2 as %v %v %v, %v", a, b, c, r.Done())
	}
	r = NewNumReader(strings.Fields("1 2"), "pod 1")
	r.Num()
	if err := r.Done(); err == nil || err.Error() != "pod 1: 2 fields, expected 1" {
		t.Errorf("a field left: %v", err)
	}
	r = NewNumReader(strings.Fields("1"), "pod 2")
	r.Num()
	r.Num()
	r.Nullable()
	if err := r.Done(); err == nil || err.Error() != "pod 2: 1 fields, expected more" {
		t.Errorf("a field missing: %v", err)
	}
}
