package arena

import (
	"strings"
	"testing"

	"impulse/sim"
)

// TestFingerprint: a built-in bot's fingerprint is the same each time it
// is taken and whatever its time budgets, and changes with a flag or a
// strategy that changes its moves; a command that is not a built-in bot
// has none.
func TestFingerprint(t *testing.T) {
	fp := func(spec string) string {
		t.Helper()
		d, err := Fingerprint(spec, sim.Live)
		if err != nil {
			t.Fatalf("Fingerprint(%q): %v", spec, err)
		}
		if !strings.HasPrefix(d, "play:") || len(d) != len("play:")+16 {
			t.Fatalf("Fingerprint(%q) = %q, want play: and 16 hex digits", spec, d)
		}
		return d
	}
	for _, g := range []struct{ bot, same, other, strategy string }{
		{"csb/ga", "csb/ga -turn 5ms -first 50ms", "csb/ga -population 40", "csb/beam"},
		{"fb/ga", "fb/ga -turn 5ms -first 50ms", "fb/ga -depth 5", "fb/beam"},
	} {
		base := fp(g.bot)
		if again := fp(g.bot); again != base {
			t.Errorf("%s: two fingerprints %s and %s", g.bot, base, again)
		}
		if d := fp(g.same); d != base {
			t.Errorf("%q: fingerprint %s, want %s as %s's (time budgets are left out)", g.same, d, base, g.bot)
		}
		for _, spec := range []string{g.other, g.strategy} {
			if d := fp(spec); d == base {
				t.Errorf("%q plays otherwise than %s and has its fingerprint %s", spec, g.bot, d)
			}
		}
	}
	if d, err := Fingerprint("./mybot", sim.Live); err == nil {
		t.Errorf("Fingerprint(./mybot) = %q; want an error (not a built-in bot)", d)
	}
}
