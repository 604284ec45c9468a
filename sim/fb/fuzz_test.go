package fb

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// javaCommand is the engine's grammar (the six patterns of fb.md section
// 4) in Go's regexp syntax, with Java's \s (ASCII blanks including \v) and
// . (anything but a line terminator). Go's regexp picks the submatches a
// backtracking engine would (leftmost-first), so it is an independent
// oracle for ParseOrder.
var javaCommand = func() *regexp.Regexp {
	const s = `[ \t\n\x0B\f\r]`
	const msg = `(?:` + s + `+([^\n\r\x{85}\x{2028}\x{2029}]+))?`
	return regexp.MustCompile(`^(?:(MOVE|THROW) (-?[0-9]{1,8})` + s + `+(-?[0-9]{1,8})` + s + `+([0-9]{1,8})` + msg +
		`|(ACCIO|OBLIVIATE|FLIPENDO|PETRIFICUS) (-?[0-9]{1,3})` + msg + `)$`)
}()

// checkCommand parses line with ParseOrder and with the oracle and
// reports a difference.
func checkCommand(t *testing.T, line string) {
	t.Helper()
	o, err := ParseOrder(line)
	m := javaCommand.FindStringSubmatch(line)
	if m == nil || !utf8.ValidString(line) {
		if err == nil && m == nil {
			t.Errorf("%q: parsed %+v, the engine's grammar rejects it", line, o)
		}
		return
	}
	if err != nil {
		t.Errorf("%q: %v, the engine's grammar accepts it", line, err)
		return
	}
	atoi := func(s string) float64 { n, _ := strconv.Atoi(s); return float64(n) }
	var want Order
	if m[1] != "" {
		want.Action = Move
		if m[1] == "THROW" {
			want.Action = Throw
		}
		want.Target.X, want.Target.Y, want.Power = atoi(m[2]), atoi(m[3]), int32(atoi(m[4]))
		want.Message = m[5]
	} else {
		want.Action = Cast
		want.Spell = map[string]Spell{"ACCIO": Accio, "OBLIVIATE": Obliviate, "FLIPENDO": Flipendo, "PETRIFICUS": Petrificus}[m[6]]
		want.ID = int32(atoi(m[7]))
		want.Message = m[8]
	}
	want.HasMessage = want.Message != ""
	if o != want {
		t.Errorf("%q = %+v, the grammar says %+v", line, o, want)
	}
}

// FuzzParseOrder checks ParseOrder against the engine's grammar, then
// plays the command in a game: neither may panic, whatever the line.
// Seeded with every distinct line the bots of replays/fb sent.
func FuzzParseOrder(f *testing.F) {
	for _, path := range fbReplays(f) {
		if !strings.Contains(path, "../../replays/") {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		r, _ := readReplayData(f, path, data)
		seen := map[string]bool{}
		for _, fr := range r.GameResult.Frames {
			if fr.Stdout == nil {
				continue
			}
			for _, l := range strings.Split(*fr.Stdout, "\n") {
				if !seen[l] {
					seen[l] = true
					f.Add(l)
				}
			}
		}
	}
	for _, l := range []string{"MOVE 1 2 3  ", "ACCIO 4\t", "THROW 1\v2\f3 \u2028", "FLIPENDO -99 x", "MOVE 99999999 -99999999 99999999 é"} {
		f.Add(l)
	}
	base := busy()
	f.Fuzz(func(t *testing.T, line string) {
		checkCommand(t, line)
		o, err := ParseOrder(line)
		if err != nil {
			return
		}
		for i := 0; i < MaxWizards; i++ {
			s := base
			s.Prepare()
			if s.Check(i, o.Command) != nil {
				continue
			}
			s.Apply(i, o.Command)
			s.Update(nil)
		}
	})
}

// FuzzReadTurn feeds arbitrary turn inputs to ReadTurn, then plays a turn
// from what it read: an error is fine, a panic or a hang is not. Seeded
// with player inputs of replays/fb.
func FuzzReadTurn(f *testing.F) {
	for _, path := range fbReplays(f) {
		if !strings.Contains(path, "../../replays/") {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		r, _ := readReplayData(f, path, data)
		for k, fr := range r.GameResult.Frames {
			if k%40 == 1 && len(fr.PlayerInput) > 3 {
				in := fr.PlayerInput
				if k == 1 {
					in = in[1:]
				}
				f.Add(strings.Join(in, "\n"), fr.AgentID)
			}
		}
	}
	f.Add("0 0\n0 0\n6\n0 WIZARD 1 2 3 4 1\n", 0)
	f.Fuzz(func(t *testing.T, text string, pl int) {
		if pl < 0 || pl > 1 {
			return
		}
		var s State
		if err := s.ReadTurn(strings.Split(text, "\n"), pl); err != nil {
			return
		}
		var cmds [MaxWizards]Command
		s.Play(&cmds, nil)
	})
}
