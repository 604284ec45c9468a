package csb

import (
	"errors"
	"fmt"
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
		return o, errors.New("want 'x y power'")
	}
	rest, ok = skipSpace(rest)
	if !ok {
		return o, errors.New("want 'x y power'")
	}
	y, rest, ok := parseCoord(rest)
	if !ok {
		return o, errors.New("want 'x y power'")
	}
	o.Target = sim.Vec{X: float64(x), Y: float64(y)}
	ws := spaceLen(rest)
	if ws == 0 {
		return o, errors.New("want 'x y power'")
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
	return Order{}, errors.New("want 'x y power'")
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

// ReadInit is the bot's side of InitInput: it returns the start of a race
// from the init lines (laps, checkpoint count, then "x y" per checkpoint),
// the pods not yet placed (the first ReadTurn places them). Errors name the
// line and field.
func ReadInit(lines []string) (State, error) {
	var s State
	var v [2]int
	if len(lines) < 2 {
		return s, fmt.Errorf("init: %d lines, want 2 at least", len(lines))
	}
	if err := parseInts(lines[0], v[:1], 1, 1000); err != nil {
		return s, fmt.Errorf("init line 1: laps: %v", err)
	}
	laps := v[0]
	if err := parseInts(lines[1], v[:1], 2, MaxCheckpoints); err != nil {
		return s, fmt.Errorf("init line 2: checkpoint count: %v", err)
	}
	n := v[0]
	if len(lines) != 2+n {
		return s, fmt.Errorf("init: %d lines, want %d for %d checkpoints", len(lines), 2+n, n)
	}
	for k := 0; k < n; k++ {
		if err := parseInts(lines[2+k], v[:], -1e9, 1e9); err != nil {
			return s, fmt.Errorf("init line %d: checkpoint %d: %v", 3+k, k, err)
		}
		s.Checkpoints[k] = sim.Vec{X: float64(v[0]), Y: float64(v[1])}
	}
	s.NumCheckpoints, s.Laps = int32(n), int32(laps)
	s.PodTimeout = DefaultPodTimeout
	for i := range s.Pods {
		s.Pods[i].Next = 1 % s.NumCheckpoints
	}
	return s, nil
}

// ReadSeat returns the player that reads the first turn's lines: player 0
// spawns 500 from checkpoint 0, player 1 1500 (New), so the nearer pair of
// pods is player 0's. The lines are checked by ReadTurn.
func (s *State) ReadSeat(lines []string) int {
	var mine, theirs [6]int
	if len(lines) != MaxPods || parseInts(lines[0], mine[:], -1e9, 1e9) != nil || parseInts(lines[2], theirs[:], -1e9, 1e9) != nil {
		return 0
	}
	cp0 := s.Checkpoints[0]
	a := sim.Vec{X: float64(mine[0]), Y: float64(mine[1])}.Dist2(cp0)
	b := sim.Vec{X: float64(theirs[0]), Y: float64(theirs[1])}.Dist2(cp0)
	if a > b {
		return 1
	}
	return 0
}

// ReadTurn is the bot's side of TurnInput: it sets s from one turn's four
// pod lines as player pl reads them (its own pods first). What the input
// does not show is kept or inferred: the checkpoints passed (from the
// change of next checkpoint), the round of the last pass, and an opponent
// pod's BOOST (its speed before friction grew by more than 1.5 × MaxThrust
// in a turn, which collisions aside only a BOOST does). A next checkpoint
// of -1 marks the pod's player as eliminated. s.Round is the caller's.
// Errors name the line and field.
func (s *State) ReadTurn(lines []string, pl int) error {
	if len(lines) != MaxPods {
		return fmt.Errorf("%d pod lines, want %d", len(lines), MaxPods)
	}
	// x y vx vy angle nextCheckPointId per pod
	var pods [MaxPods][6]int
	for k, l := range lines {
		p := &pods[k]
		if err := parseInts(l, p[:], -1e9, 1e9); err != nil {
			return fmt.Errorf("pod line %d: %v", k+1, err)
		}
		if n := int(s.NumCheckpoints); p[5] < -1 || p[5] >= n {
			return fmt.Errorf("pod line %d: next checkpoint %d out of range -1..%d", k+1, p[5], n-1)
		}
	}
	for k, p := range pods {
		i := 2*pl + k
		if k >= 2 {
			i = 2*(1-pl) + k - 2
		}
		pod := &s.Pods[i]
		vel := sim.Vec{X: float64(p[2]), Y: float64(p[3])}
		if k >= 2 && s.Round > 0 && !pod.Boosted &&
			vel.Scale(1/(1-Friction)).Sub(pod.Vel).Len() > 1.5*MaxThrust && vel.Len2() > pod.Vel.Len2() {
			pod.Boosted = true
		}
		pod.Pos = sim.Vec{X: float64(p[0]), Y: float64(p[1])}
		pod.Vel = vel
		pod.HasAngle = p[4] >= 0
		if pod.HasAngle {
			pod.Angle = float64(p[4]) * (math.Pi / 180)
		}
		if p[5] < 0 {
			s.Dead[Owner(i)] = true
			continue
		}
		if next := int32(p[5]); next != pod.Next {
			pod.Passed += (next - pod.Next + s.NumCheckpoints) % s.NumCheckpoints
			pod.Next = next
			pod.LastPass = s.Round
		}
	}
	return nil
}

// parseInts reads len(dst) integers in lo..hi separated by blanks.
func parseInts(line string, dst []int, lo, hi int) error {
	f := strings.Fields(line)
	if len(f) != len(dst) {
		return fmt.Errorf("%d numbers in %q, want %d", len(f), line, len(dst))
	}
	for k, s := range f {
		v, err := strconv.Atoi(s)
		if err != nil || v < lo || v > hi {
			return fmt.Errorf("field %d of %q: want an integer in %d..%d", k+1, line, lo, hi)
		}
		dst[k] = v
	}
	return nil
}

// String returns the command as a bot prints it: "x y thrust", "x y
// SHIELD" or "x y BOOST".
func (c Command) String() string { return string(c.Append(nil)) }

// Append appends the command as a bot prints it (String) to dst.
func (c Command) Append(dst []byte) []byte {
	dst = strconv.AppendInt(dst, int64(c.Target.X), 10)
	dst = append(dst, ' ')
	dst = strconv.AppendInt(dst, int64(c.Target.Y), 10)
	dst = append(dst, ' ')
	switch {
	case c.Shield:
		return append(dst, "SHIELD"...)
	case c.Boost:
		return append(dst, "BOOST"...)
	}
	return strconv.AppendInt(dst, int64(c.Thrust), 10)
}

// TruncateMessage cuts a message as the engine shows it: beyond 50 UTF-16
// code units, the first 50 and "..." (an emoji counts 2;
// replays/csb-live/battle_891669749.json).
func TruncateMessage(m string) string { return sim.TruncateMessage(m, 50, 50) }
