package arena

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"

	"impulse/sim"
)

// The game a fingerprint is taken from: its seed, its rounds and the
// search iterations a turn both seats play at.
const (
	fingerprintSeed       = 1
	fingerprintRounds     = 20
	fingerprintIterations = 300
)

// Fingerprint returns a digest of how the built-in bot spec ("csb/ga
// -depth 5") plays under rules: the lines it answers in the first
// fingerprintRounds rounds of a game against itself on the map of
// fingerprintSeed, its search fixed to fingerprintIterations iterations
// a turn (its time budgets, which make no two games alike, left out). Two
// builds of a bot that play these moves alike give the same digest; a
// change of its code, of a default or of a flag that changes one of them
// changes it. A league takes it to see that a built-in bot still plays
// as when it was added.
func Fingerprint(spec string, rules sim.Rules) (string, error) {
	s, err := builtinSetting(spec, rules)
	if err != nil {
		return "", err
	}
	s.Base().Iterations = fingerprintIterations
	h := sha256.New()
	see := func(pl int, line string) { fmt.Fprintf(h, "%d %s\n", pl, line) }
	cfg := s.Value()
	if _, err := playConfigs(fingerprintSeed, rules, [2]any{cfg, cfg}, fingerprintRounds, see); err != nil {
		return "", fmt.Errorf("fingerprint of %s: %w", spec, err)
	}
	io.WriteString(h, rules.String())
	return "play:" + hex.EncodeToString(h.Sum(nil)[:8]), nil
}
