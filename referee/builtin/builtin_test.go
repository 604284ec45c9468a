package builtin

import (
	"os"
	"slices"
	"strings"
	"testing"

	"impulse/sim"
)

// TestNames: the names are sorted, each of its game, and each names a
// bot with a doc line.
func TestNames(t *testing.T) {
	names := Names()
	if !slices.IsSorted(names) || len(names) != len(bots) {
		t.Errorf("Names() = %q, want the %d bots sorted", names, len(bots))
	}
	for _, n := range names {
		b, ok := Lookup(n)
		if !ok || b.Name != n || b.Doc == "" || (b.Game() != "csb" && b.Game() != "fb") {
			t.Errorf("Lookup(%q) = %+v, %v", n, b, ok)
		}
	}
	if _, ok := Lookup("csb/nope"); ok {
		t.Error("Lookup(csb/nope): found")
	}
}

// TestPlayer: a built-in bot runs through the launcher, told the rule set
// when it is not the live one; a command is split as a shell would and
// left as written; a built-in bot of the other game is refused, naming
// both games.
func TestPlayer(t *testing.T) {
	p, err := Player("csb/ga -iterations 300", "csb", sim.Live)
	self, _ := os.Executable()
	if err != nil || len(p.Argv) != 5 || p.Argv[0] != self || p.Argv[1] != "bot" || p.Argv[2] != "csb/ga" || p.Argv[4] != "300" {
		t.Errorf("built-in: %q, %v; want [%s bot csb/ga -iterations 300]", p.Argv, err, self)
	}
	p, err = Player(`python3 "my bot.py"`, "csb", sim.Published)
	if err != nil || len(p.Argv) != 2 || p.Argv[1] != "my bot.py" {
		t.Errorf("command: %q, %v", p.Argv, err)
	}
	// A built-in is told the published rules, which the input does not
	// tell on a 3-lap race; a command is left as written (above).
	p, err = Player("csb/ga", "csb", sim.Published)
	if err != nil || strings.Join(p.Argv[1:], " ") != "bot csb/ga -rules published" {
		t.Errorf("built-in under the published rules: %q, %v", p.Argv, err)
	}
	if _, err := Player("csb/ga", "fb", sim.Live); err == nil || !strings.Contains(err.Error(), "-game csb") {
		t.Errorf("csb/ga in an fb match: %v, want an error naming -game csb", err)
	}
}
