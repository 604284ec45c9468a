package sim

import (
	"strings"
	"testing"
)

// TestTruncateMessage: lengths counted in UTF-16 units as Java's
// String.length (csb.md, fb.md: CSB keeps 50, FB 26 of more than 28); the
// cases are worked out by hand.
func TestTruncateMessage(t *testing.T) {
	a := strings.Repeat
	emoji := "\U0001F600" // 2 units
	for _, c := range []struct {
		in          string
		limit, keep int
		want        string
	}{
		{a("x", 50), 50, 50, a("x", 50)},
		{a("x", 51), 50, 50, a("x", 50) + "..."},
		{a("x", 48) + emoji, 50, 50, a("x", 48) + emoji},                    // 50 units
		{a("x", 49) + emoji, 50, 50, a("x", 49) + "..."},                    // 51: the emoji is not cut in half
		{a("é", 50), 50, 50, a("é", 50)},                                    // 2 bytes, 1 unit
		{a("x", 28), 28, 26, a("x", 28)},                                    // FB: 28 kept whole
		{a("x", 29), 28, 26, a("x", 26) + "..."},                            // 29: 26 and "..."
		{a("x", 25) + emoji + "yy", 28, 26, a("x", 25) + "..."},             // 29 units; the emoji would end at 27
		{a("x", 24) + emoji + "y" + "z", 28, 26, a("x", 24) + emoji + "yz"}, // 28 units
	} {
		if got := TruncateMessage(c.in, c.limit, c.keep); got != c.want {
			t.Errorf("TruncateMessage(%q, %d, %d) = %q, want %q", c.in, c.limit, c.keep, got, c.want)
		}
	}
}
