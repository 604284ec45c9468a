package fb

import (
	"fmt"
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

// SyntaxExpected is what the engine says it expected of a line that is no
// command at all.
const SyntaxExpected = "MOVE x y thrust | THROW x y power | FLIPENDO id | ACCIO id | OBLIVIATE id | PETRIFICUS id"

// ParseOrder parses one output line as the engine's regular expressions
// do (Java Matcher.matches, tried in the order MOVE, THROW, ACCIO,
// OBLIVIATE, FLIPENDO, PETRIFICUS):
//
//	MOVE (-?[0-9]{1,8})\s+(-?[0-9]{1,8})\s+([0-9]{1,8})(?:\s+(.+))?
//	THROW ... the same
//	ACCIO (-?[0-9]{1,3})(?:\s+(.+))?   and OBLIVIATE, FLIPENDO, PETRIFICUS
//
// The keyword is followed by exactly one space; the other separators are
// runs of ASCII white space; a lone trailing blank makes the line invalid.
// Ranges (thrust, power) and targets are the State's business (Check). A
// line that matches no pattern returns a *CommandError with SyntaxExpected.
// It allocates nothing on success.
func ParseOrder(line string) (Order, error) {
	var o Order
	word, rest, ok := cutKeyword(line)
	if ok {
		switch word {
		case "MOVE", "THROW":
			x, r, ok1 := parseInt(rest, 8, true)
			r, ok2 := skipSpace(r)
			y, r, ok3 := parseInt(r, 8, true)
			r, ok4 := skipSpace(r)
			p, r, ok5 := parseInt(r, 8, false)
			if ok1 && ok2 && ok3 && ok4 && ok5 {
				if msg, has, ok := parseMessage(r); ok {
					o.Action = Move
					if word == "THROW" {
						o.Action = Throw
					}
					o.Target = sim.Vec{X: float64(x), Y: float64(y)}
					o.Power = int32(p)
					o.Message, o.HasMessage = msg, has
					return o, nil
				}
			}
		case "ACCIO", "OBLIVIATE", "FLIPENDO", "PETRIFICUS":
			id, r, ok1 := parseInt(rest, 3, true)
			if ok1 {
				if msg, has, ok := parseMessage(r); ok {
					o.Action = Cast
					switch word {
					case "ACCIO":
						o.Spell = Accio
					case "OBLIVIATE":
						o.Spell = Obliviate
					case "FLIPENDO":
						o.Spell = Flipendo
					default:
						o.Spell = Petrificus
					}
					o.ID = int32(id)
					o.Message, o.HasMessage = msg, has
					return o, nil
				}
			}
		}
	}
	return Order{}, &CommandError{SyntaxExpected, line}
}

// cutKeyword splits "WORD rest" at the first space.
func cutKeyword(line string) (word, rest string, ok bool) {
	for i := 0; i < len(line); i++ {
		if line[i] == ' ' {
			return line[:i], line[i+1:], true
		}
	}
	return "", "", false
}

// parseInt reads -?[0-9]{1,max} (the sign only when signed) that ends the
// string or is followed by a blank, as the patterns' groups must be.
func parseInt(s string, max int, signed bool) (int, string, bool) {
	i := 0
	neg := false
	if signed && i < len(s) && s[i] == '-' {
		neg = true
		i++
	}
	j := i
	n := 0
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		n = n*10 + int(s[j]-'0')
		j++
	}
	if j == i || j-i > max || (j < len(s) && !isSpace(s[j])) {
		return 0, s, false
	}
	if neg {
		n = -n
	}
	return n, s[j:], true
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

func skipSpace(s string) (string, bool) {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	return s[i:], i > 0
}

// parseMessage matches (?:\s+(.+))? against the rest of a line: empty, or
// blanks then at least one character, none a line terminator. Greedy
// blanks give one back when nothing else is left.
func parseMessage(s string) (msg string, has, ok bool) {
	if s == "" {
		return "", false, true
	}
	ws := 0
	for ws < len(s) && isSpace(s[ws]) {
		ws++
	}
	if ws == len(s) {
		ws--
	}
	if ws == 0 {
		return "", false, false
	}
	m := s[ws:]
	for _, r := range m {
		switch r {
		case '\n', '\r', 0x85, 0x2028, 0x2029:
			return "", false, false
		}
	}
	return m, true, true
}

// TruncateMessage cuts a message as the engine shows it: beyond 28 UTF-16
// units, the first 26 and "...".
func TruncateMessage(m string) string { return sim.TruncateMessage(m, 28, 26) }

// appendEntity appends "id TYPE x y vx vy state": the position with Java's
// Math.round, the speed with symmetric rounding.
func appendEntity(b []byte, id int, typ string, p, v sim.Vec, state int) []byte {
	b = strconv.AppendInt(b, int64(id), 10)
	b = append(b, ' ')
	b = append(b, typ...)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(sim.Round(p.X)), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(sim.Round(p.Y)), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(sim.SymRound(v.X)), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(sim.SymRound(v.Y)), 10)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(state), 10)
	return b
}

// InitInput returns the line a bot reads before its first turn: its team.
func InitInput(pl int) []string { return []string{strconv.Itoa(pl)} }

// ReadInit is the bot's side of InitInput: the player, 0 or 1, from the
// init line (myTeamId).
func ReadInit(lines []string) (pl int, err error) {
	if len(lines) != 1 {
		return 0, fmt.Errorf("init: %d lines, want 1 (myTeamId)", len(lines))
	}
	id, err := strconv.Atoi(strings.TrimSpace(lines[0]))
	if err != nil || id < 0 || id > 1 {
		return 0, fmt.Errorf("init: myTeamId %q: want 0 or 1", lines[0])
	}
	return id, nil
}

// TurnInput returns the lines player pl reads each turn: "myScore
// myMagic", "oppScore oppMagic" (the live game's lines, which the
// published replays record too), the entity count, then own wizards,
// opponent wizards, live snaffles and both bludgers, one "id TYPE x y vx vy
// state" each. A wizard's state is 1 while it holds a snaffle, else 0.
// Under Live rules a snaffle's is 1 while a wizard carries it, else 0, and
// a bludger's the id of the last wizard it hit, or -1; the published
// referee sends 0 for both (fb.md section 1).
func (s *State) TurnInput(pl int) []string {
	lines := make([]string, 0, 3+MaxWizards+MaxSnaffles+NumBludgers)
	lines = append(lines,
		strconv.Itoa(int(s.Score[pl]))+" "+strconv.Itoa(int(s.Magic[pl])),
		strconv.Itoa(int(s.Score[1-pl]))+" "+strconv.Itoa(int(s.Magic[1-pl])))
	n := MaxWizards + s.LiveSnaffles() + NumBludgers
	lines = append(lines, strconv.Itoa(n))
	var b []byte
	for _, own := range []bool{true, false} {
		for i := range s.Wizards {
			if (Owner(i) == pl) != own {
				continue
			}
			w := &s.Wizards[i]
			typ := "WIZARD"
			if !own {
				typ = "OPPONENT_WIZARD"
			}
			holding := 0
			if w.Holding != NoID {
				holding = 1
			}
			lines = append(lines, string(appendEntity(b[:0], i, typ, w.Pos, w.Vel, holding)))
		}
	}
	for k := 0; k < int(s.NumSnaffles); k++ {
		if sn := &s.Snaffles[k]; !sn.Scored {
			carried := 0
			if sn.Carrier != NoID && s.Rules == Live {
				carried = 1
			}
			lines = append(lines, string(appendEntity(b[:0], s.SnaffleID(k), "SNAFFLE", sn.Pos, sn.Vel, carried)))
		}
	}
	for k := range s.Bludgers {
		bl := &s.Bludgers[k]
		victim := 0
		if s.Rules == Live {
			victim = int(bl.LastVictim)
		}
		lines = append(lines, string(appendEntity(b[:0], s.BludgerID(k), "BLUDGER", bl.Pos, bl.Vel, victim)))
	}
	return lines
}

// ReadTurn is the bot's side of TurnInput: it sets s from player pl's
// lines for one turn, score/magic lines first. On the first turn
// (s.NumSnaffles 0) the entity count gives the number of snaffles and s is
// reset to a new game; later turns mark the snaffles missing from the
// input as scored. A wizard whose state is 1 holds the snaffle at its
// position (under Live rules, the one whose state says it is carried).
// Under Live rules a bludger's state is its LastVictim; under Published it
// is 0 and LastVictim is kept, as is the spell state, absent from the input
// under both. Errors name the line.
func (s *State) ReadTurn(lines []string, pl int) error {
	if len(lines) < 3 {
		return fmt.Errorf("turn input: %d lines, want 3 at least", len(lines))
	}
	var nums [2][2]int
	for k := 0; k < 2; k++ {
		f := strings.Fields(lines[k])
		if len(f) != 2 {
			return fmt.Errorf("line %d: %q: want 'score magic'", k+1, lines[k])
		}
		for m := range f {
			v, err := strconv.Atoi(f[m])
			if err != nil {
				return fmt.Errorf("line %d: %q is not an integer", k+1, f[m])
			}
			nums[k][m] = v
		}
	}
	n, err := strconv.Atoi(strings.TrimSpace(lines[2]))
	if err != nil || n < MaxWizards+NumBludgers || n > MaxWizards+MaxSnaffles+NumBludgers {
		return fmt.Errorf("line 3: %q: want an entity count", lines[2])
	}
	if len(lines) != 3+n {
		return fmt.Errorf("turn input: %d lines, want %d", len(lines), 3+n)
	}
	if s.NumSnaffles == 0 {
		var none [MaxSnaffles]sim.Vec
		*s = New(none[:n-MaxWizards-NumBludgers], s.Rules)
	}
	s.Score[pl], s.Magic[pl] = int32(nums[0][0]), int32(nums[0][1])
	s.Score[1-pl], s.Magic[1-pl] = int32(nums[1][0]), int32(nums[1][1])
	live := s.Rules == Live
	var seen, carried [MaxSnaffles]bool
	var holds [MaxWizards]bool
	for k, line := range lines[3:] {
		f := strings.Fields(line)
		if len(f) != 7 {
			return fmt.Errorf("line %d: %q: want 'id type x y vx vy state'", k+4, line)
		}
		var v [7]int
		for m := range f {
			if m == 1 {
				continue
			}
			x, err := strconv.Atoi(f[m])
			if err != nil {
				return fmt.Errorf("line %d: field %d: %q is not an integer", k+4, m+1, f[m])
			}
			v[m] = x
		}
		pos, vel := sim.Vec{X: float64(v[2]), Y: float64(v[3])}, sim.Vec{X: float64(v[4]), Y: float64(v[5])}
		kind, i := s.Entity(v[0])
		switch {
		case kind == WizardEntity && (f[1] == "WIZARD") == (Owner(i) == pl) && (f[1] == "WIZARD" || f[1] == "OPPONENT_WIZARD"):
			s.Wizards[i].Pos, s.Wizards[i].Vel = pos, vel
			holds[i] = v[6] == 1
		case kind == SnaffleEntity && f[1] == "SNAFFLE":
			if live && v[6] != 0 && v[6] != 1 {
				return fmt.Errorf("line %d: %q: snaffle state %d, want 0 or 1", k+4, line, v[6])
			}
			s.Snaffles[i].Pos, s.Snaffles[i].Vel = pos, vel
			seen[i], carried[i] = true, v[6] == 1
		case kind == BludgerEntity && f[1] == "BLUDGER":
			s.Bludgers[i].Pos, s.Bludgers[i].Vel = pos, vel
			if live {
				if v[6] < NoID || v[6] >= MaxWizards {
					return fmt.Errorf("line %d: %q: bludger state %d, want a wizard id or -1", k+4, line, v[6])
				}
				s.Bludgers[i].LastVictim = int8(v[6])
			}
		default:
			return fmt.Errorf("line %d: %q: id %d is no %s", k+4, line, v[0], f[1])
		}
	}
	for k := 0; k < int(s.NumSnaffles); k++ {
		s.Snaffles[k].Scored = !seen[k]
		s.Snaffles[k].Carrier = NoID
	}
	for i := range s.Wizards {
		w := &s.Wizards[i]
		w.Holding = NoID
		if !holds[i] {
			continue
		}
		for k := 0; k < int(s.NumSnaffles); k++ {
			if sn := &s.Snaffles[k]; !sn.Scored && sn.Carrier == NoID && sn.Pos == w.Pos && (carried[k] || !live) {
				w.Holding, sn.Carrier = int8(k), int8(i)
				break
			}
		}
	}
	return nil
}
