package csb

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"impulse/sim"
)

// Order is one parsed output line: the command and the text after it.
type Order struct {
	Command
	Message    string
	HasMessage bool
}

// PowerError is the error of a thrust above MaxThrust; the engine reports
// it as "Expected '0 <= power <= 200' but found 'power = P'".
type PowerError struct{ Power int }

func (e *PowerError) Error() string { return "power = " + strconv.Itoa(e.Power) }

// ParseOrder parses one output line exactly as the engine's regular
// expression does (Java Matcher.matches of
// `(-?[0-9]{1,9})\s+(-?[0-9]{1,9})\s+([0-9]{1,9}|SHIELD)?(?:\s+(.+))?`,
// with BOOST beside SHIELD under the live rules), backtracking included:
//
//	"8000 4500 150 hi"  thrust 150, message "hi"
//	"8000 4500 "        thrust 200 (no power: the maximum)
//	"8000 4500  shield" thrust 200, message "shield"
//	"8000 4500 150 "    invalid (a lone trailing blank)
//	"8000 4500 201"     *PowerError
//
// \s is ASCII white space and . anything but a line terminator, as in Java.
// A line that does not match returns an error; the engine then eliminates
// the player.
func ParseOrder(line string, rules Rules) (Order, error) {
	var o Order
	x, rest, ok := parseCoord(line)
	if !ok {
		return o, errors.New("expected 'x y power'")
	}
	rest, ok = skipSpace(rest)
	if !ok {
		return o, errors.New("expected 'x y power'")
	}
	y, rest, ok := parseCoord(rest)
	if !ok {
		return o, errors.New("expected 'x y power'")
	}
	o.Target = sim.Vec{X: float64(x), Y: float64(y)}
	ws := spaceLen(rest)
	if ws == 0 {
		return o, errors.New("expected 'x y power'")
	}
	tail := rest[ws:]
	// With a power: the blank run before it is taken whole.
	if kind, after, ok := parsePower(tail, rules); ok {
		msg, hasMsg, ok := parseMessage(after)
		if ok {
			switch kind {
			case "SHIELD":
				o.Shield = true
			case "BOOST":
				o.Boost = true
			default:
				n, _ := strconv.Atoi(kind)
				if n > MaxThrust {
					return o, &PowerError{n}
				}
				o.Thrust = int32(n)
			}
			o.Message, o.HasMessage = msg, hasMsg
			return o, nil
		}
	}
	// Without a power: the maximum thrust, and either nothing more or a
	// second blank run (at least one blank of the run before) and a message.
	o.Thrust = MaxThrust
	if tail == "" {
		return o, nil
	}
	if ws >= 2 && !hasTerminator(tail) {
		o.Message, o.HasMessage = tail, true
		return o, nil
	}
	return Order{}, errors.New("expected 'x y power'")
}

// parseCoord reads -?[0-9]{1,9} followed by a blank or the end.
func parseCoord(s string) (int, string, bool) {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == i || j-i > 9 {
		return 0, s, false
	}
	n, _ := strconv.Atoi(s[:j])
	return n, s[j:], true
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

func spaceLen(s string) int {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	return i
}

func skipSpace(s string) (string, bool) {
	n := spaceLen(s)
	return s[n:], n > 0
}

// parsePower reads [0-9]{1,9}, SHIELD or (live) BOOST that ends the line
// or is followed by a blank.
func parsePower(s string, rules Rules) (kind, rest string, ok bool) {
	for _, w := range []string{"SHIELD", "BOOST"} {
		if w == "BOOST" && rules != Live {
			continue
		}
		if strings.HasPrefix(s, w) {
			if r := s[len(w):]; r == "" || isSpace(r[0]) {
				return w, r, true
			}
		}
	}
	j := 0
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j == 0 || j > 9 || (j < len(s) && !isSpace(s[j])) {
		return "", s, false
	}
	return s[:j], s[j:], true
}

// parseMessage matches (?:\s+(.+))? against the rest of a line: empty, or
// blanks then at least one character, none a line terminator. Greedy
// blanks give back one when nothing else is left.
func parseMessage(s string) (msg string, has, ok bool) {
	if s == "" {
		return "", false, true
	}
	ws := spaceLen(s)
	if ws == 0 {
		return "", false, false
	}
	if ws == len(s) {
		ws--
	}
	if ws == 0 {
		return "", false, false
	}
	m := s[ws:]
	if hasTerminator(m) {
		return "", false, false
	}
	return m, true, true
}

// hasTerminator reports whether s holds a character that Java's . does not
// match: \n, \r, U+0085, U+2028 or U+2029.
func hasTerminator(s string) bool {
	for _, r := range s {
		switch r {
		case '\n', '\r', 0x85, 0x2028, 0x2029:
			return true
		}
	}
	return false
}

// PodInput returns the line a bot reads for pod i (Pod.toPlayerString):
// "x y vx vy angle nextCheckPointId", with the angle in whole degrees
// 0..360 (360 does occur; -1 until the pod has an angle) and the next
// checkpoint -1 for a pod of an eliminated player.
func (s *State) PodInput(i int) string {
	p := &s.Pods[i]
	angle := int64(-1)
	if p.HasAngle {
		const tau = 2 * math.Pi
		angle = int64(sim.Round(math.Mod(math.Mod(p.Angle, tau)+tau, tau) * 180 / math.Pi))
	}
	next := int64(s.NextCheckpointShown(i))
	if s.Dead[Owner(i)] {
		next = -1
	}
	b := make([]byte, 0, 40)
	b = strconv.AppendInt(b, int64(sim.Round(p.Pos.X)), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(sim.Round(p.Pos.Y)), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(sim.Round(p.Vel.X)), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(sim.Round(p.Vel.Y)), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, angle, 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, next, 10)
	return string(b)
}

// InitInput returns the lines a bot reads before its first turn: laps,
// checkpoint count, then "x y" per checkpoint.
func (s *State) InitInput() []string {
	lines := []string{strconv.Itoa(int(s.Laps)), strconv.Itoa(int(s.NumCheckpoints))}
	for k := int32(0); k < s.NumCheckpoints; k++ {
		c := s.Checkpoints[k]
		lines = append(lines, strconv.Itoa(int(c.X))+" "+strconv.Itoa(int(c.Y)))
	}
	return lines
}

// TurnInput returns the four pod lines player pl reads each turn: its own
// pods first, then the opponent's.
func (s *State) TurnInput(pl int) []string {
	lines := make([]string, 0, MaxPods)
	for i := 2 * pl; i < 2*pl+2; i++ {
		lines = append(lines, s.PodInput(i))
	}
	for i := 0; i < MaxPods; i++ {
		if Owner(i) != pl {
			lines = append(lines, s.PodInput(i))
		}
	}
	return lines
}
