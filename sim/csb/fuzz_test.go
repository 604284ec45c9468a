package csb

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// javaOrder is the engine's output grammar in Go's regexp syntax, with
// Java's meaning of \s (ASCII blanks including \v) and of . (anything but
// a line terminator). Go's regexp picks the submatches a backtracking
// engine would (leftmost-first), so it is an independent oracle for
// ParseOrder.
var javaOrder = func(rules Rules) *regexp.Regexp {
	const s = `[ \t\n\x0B\f\r]`
	const dot = `[^\n\r\x{85}\x{2028}\x{2029}]`
	power := `[0-9]{1,9}|SHIELD`
	if rules == Live {
		power += `|BOOST`
	}
	return regexp.MustCompile(`^(-?[0-9]{1,9})` + s + `+(-?[0-9]{1,9})` + s + `+(` + power + `)?(?:` + s + `+(` + dot + `+))?$`)
}

var oracles = map[Rules]*regexp.Regexp{Live: javaOrder(Live), Published: javaOrder(Published)}

// checkAgainstOracle parses line both ways and reports a difference.
func checkAgainstOracle(t *testing.T, line string, rules Rules) {
	t.Helper()
	o, err := ParseOrder(line, rules)
	m := oracles[rules].FindStringSubmatchIndex(line)
	if m == nil || !utf8Valid(line) {
		if err == nil && m == nil {
			t.Errorf("%q (%v): parsed %+v, the engine's grammar rejects it", line, rules, o)
		}
		return
	}
	if err != nil {
		var pe *PowerError
		if p := powerText(line, m); m[6] >= 0 && p != "SHIELD" && p != "BOOST" {
			n, _ := strconv.Atoi(p)
			if n > MaxThrust && strings.Contains(err.Error(), "power") {
				return
			}
		}
		t.Errorf("%q (%v): error %v (%T), the engine's grammar accepts it", line, rules, err, pe)
		return
	}
	x, _ := strconv.Atoi(line[m[2]:m[3]])
	y, _ := strconv.Atoi(line[m[4]:m[5]])
	if o.Target.X != float64(x) || o.Target.Y != float64(y) {
		t.Errorf("%q: target %v, grammar says %d %d", line, o.Target, x, y)
	}
	power := ""
	if m[6] >= 0 {
		power = line[m[6]:m[7]]
	}
	switch power {
	case "":
		if o.Thrust != MaxThrust || o.Shield || o.Boost {
			t.Errorf("%q: no power means thrust 200, got %+v", line, o)
		}
	case "SHIELD":
		if !o.Shield {
			t.Errorf("%q: SHIELD not parsed: %+v", line, o)
		}
	case "BOOST":
		if !o.Boost {
			t.Errorf("%q: BOOST not parsed: %+v", line, o)
		}
	default:
		n, _ := strconv.Atoi(power)
		if int(o.Thrust) != n {
			t.Errorf("%q: thrust %d, grammar says %d", line, o.Thrust, n)
		}
	}
	msg := ""
	if m[8] >= 0 {
		msg = line[m[8]:m[9]]
	}
	if o.Message != msg || o.HasMessage != (m[8] >= 0) {
		t.Errorf("%q: message %q (%v), grammar says %q (%v)", line, o.Message, o.HasMessage, msg, m[8] >= 0)
	}
}

func utf8Valid(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }

func TestParseOrderOracle(t *testing.T) {
	lines := []string{
		"8000 4500 150", "8000 4500 ", "8000 4500  shield", "8000 4500 150 ", "1 2 3 4",
		"8000 4500  150 ", "8000 4500\v200", "8000 4500 200\vx", "0 0 SHIELD\t\t", "0 0 SHIELDX",
		"0 0 1234567890", "0 0  1234567890", "-0 -0 0", "1 2 BOOST", "1 2 BOOST  x ", "1 2 \u2028",
		"1 2 3 \u0085", "1 2   ", "1 2 3\n4",
	}
	for _, l := range lines {
		for _, r := range []Rules{Live, Published} {
			checkAgainstOracle(t, l, r)
		}
	}
}

// FuzzParseOrder checks ParseOrder against the engine's grammar on any
// line, seeded with the doc's table and the outputs of the official
// replays.
func FuzzParseOrder(f *testing.F) {
	for _, l := range []string{"8000 4500 150 hello", "8000 4500 ", "8000 4500  shield", "1 2 3 4", "8000 4500 SHIELD bubble", "-123456789 -5 0"} {
		f.Add(l)
	}
	files, _ := filepath.Glob(filepath.Join("..", "..", "replays", "csb", "*.json"))
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		var r struct {
			GameResult struct {
				Frames []struct{ Stdout *string } `json:"frames"`
			} `json:"gameResult"`
		}
		if err := json.Unmarshal(data, &r); err != nil {
			f.Fatal(err)
		}
		for k, fr := range r.GameResult.Frames {
			if fr.Stdout != nil && k%40 == 1 {
				for _, l := range strings.Split(strings.TrimSuffix(*fr.Stdout, "\n"), "\n") {
					f.Add(l)
				}
			}
		}
	}
	f.Fuzz(func(t *testing.T, line string) {
		checkAgainstOracle(t, line, Live)
		checkAgainstOracle(t, line, Published)
	})
}

func powerText(line string, m []int) string {
	if m[6] < 0 {
		return ""
	}
	return line[m[6]:m[7]]
}
