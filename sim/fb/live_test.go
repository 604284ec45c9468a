package fb

import (
	"path/filepath"
	"strings"
	"testing"
)

// The multiplayer referee's four rules (fb.md section 1), each checked on
// the turn of a game it played where the rule shows: fb-live-003, a
// heuristic bot against a random one (replays/fb-live/README.md of the
// shared corpus). The expected values are the replay's.
var live003 = filepath.Join("..", "..", "replays", "fb-live", "fb-live-003.json")

// roundOrders returns the orders of the two frames of the round that
// starts at frame k of the replay at path, player 0's then player 1's.
func roundOrders(t *testing.T, path string, k int) [MaxWizards]Command {
	t.Helper()
	r, _, _ := readReplay(t, path)
	var cmds [MaxWizards]Command
	for pl := 0; pl < 2; pl++ {
		lines := strings.Split(strings.TrimSuffix(*r.GameResult.Frames[k+pl].Stdout, "\n"), "\n")
		for m, line := range lines {
			o, err := ParseOrder(line)
			if err != nil {
				t.Fatalf("frame %d: %v", k+pl, err)
			}
			cmds[2*pl+m] = o.Command
		}
	}
	return cmds
}

// playRound applies cmds to s, prepared, and simulates the round.
func playRound(s *State, cmds [MaxWizards]Command) {
	for i, c := range cmds {
		s.Apply(i, c)
	}
	s.Update(nil)
}

// inputLine returns the line of entity id in player pl's input of s.
func inputLine(t *testing.T, s *State, pl int, id string) string {
	t.Helper()
	for _, l := range s.TurnInput(pl)[3:] {
		if strings.HasPrefix(l, id+" ") {
			return l
		}
	}
	t.Fatalf("round %d: no entity %s in the input", s.Round, id)
	return ""
}

// TestLiveAccioCosts15: fb-live-003, frame 104: player 1 has 16 magic
// (its input's first line, "0 16") and casts ACCIO 8; the key frame 106
// shows "ACCIO 3 8 6 true". The published referee refuses it (ACCIO 20).
func TestLiveAccioCosts15(t *testing.T) {
	cmds := roundOrders(t, live003, 103)
	seen := false
	playReplay(t, live003, func(k int, s *State) {
		if k != 103 {
			return
		}
		seen = true
		if s.Magic[1] != 16 || cmds[3] != Casting(Accio, 8) {
			t.Fatalf("frame 104: magic %d, wizard 3 %v: want 16 and ACCIO 8", s.Magic[1], cmds[3])
		}
		for _, rules := range []Rules{Live, Published} {
			c := *s
			c.Rules = rules
			c.Apply(2, cmds[2])
			paid := c.Apply(3, cmds[3])
			if want := rules == Live; paid != want {
				t.Errorf("%v rules: ACCIO at 16 magic paid %v, want %v", rules, paid, want)
			}
			if want := map[Rules]int32{Live: 1, Published: 16}[rules]; c.Magic[1] != want {
				t.Errorf("%v rules: magic after the cast %d, want %d", rules, c.Magic[1], want)
			}
		}
	})
	if !seen {
		t.Fatal("the replay never reached frame 104")
	}
}

// TestLiveObliviateLastsFourTurns: fb-live-003: wizard 2 casts
// OBLIVIATE 12 at frame 16; the key frames 18 to 24 count it down from 4
// to 1, and bludger 12's first victim is wizard 3, at frame 27. Had the
// spell lasted the contest's 3 turns, bludger 12 would have hit wizard 3
// in the round of frames 23 and 24, its fourth.
func TestLiveObliviateLastsFourTurns(t *testing.T) {
	cmds := roundOrders(t, live003, 23)
	seen := false
	playReplay(t, live003, func(k int, s *State) {
		switch k {
		case 17:
			if w := &s.Wizards[2]; w.Countdown[Obliviate] != 4 || w.Target[Obliviate] != 12 {
				t.Errorf("frame 18's round: wizard 2's OBLIVIATE countdown %d on %d, want 4 on 12", w.Countdown[Obliviate], w.Target[Obliviate])
			}
		case 23:
			seen = true
			w := &s.Wizards[2]
			if w.Countdown[Obliviate] != 1 || w.Target[Obliviate] != 12 {
				t.Fatalf("frame 24's round: wizard 2's OBLIVIATE countdown %d on %d, want 1 on 12", w.Countdown[Obliviate], w.Target[Obliviate])
			}
			four, three := *s, *s
			three.Wizards[2].Countdown[Obliviate], three.Wizards[2].Target[Obliviate] = 0, NoID
			playRound(&four, cmds)
			playRound(&three, cmds)
			if v := four.Bludgers[1].LastVictim; v != NoID {
				t.Errorf("fourth turn of OBLIVIATE: bludger 12 hit wizard %d, want none", v)
			}
			if v := three.Bludgers[1].LastVictim; v != 3 {
				t.Errorf("OBLIVIATE over after 3 turns: bludger 12's victim %d, want wizard 3", v)
			}
		}
	})
	if !seen {
		t.Fatal("the replay never reached frame 24")
	}
}

// TestLiveBludgerState: fb-live-003's inputs: bludger 11's state goes
// from -1 (frame 17) to 1 (frame 19), its first victim; bludger 12's from
// 3 (frame 49) to 0 (frame 51), its second. The published referee sends 0.
func TestLiveBludgerState(t *testing.T) {
	want := map[int]struct {
		bludger int
		line    string
	}{
		17: {0, "11 BLUDGER 4020 3034 -593 -207 -1"},
		19: {0, "11 BLUDGER 3421 2813 -539 -197 1"},
		49: {1, "12 BLUDGER 10142 5532 -335 292 3"},
		51: {1, "12 BLUDGER 9785 5858 -326 222 0"},
	}
	seen := 0
	playReplay(t, live003, func(k int, s *State) {
		w, ok := want[k]
		if !ok {
			return
		}
		seen++
		id := w.line[:2]
		if got := inputLine(t, s, 0, id); got != w.line {
			t.Errorf("frame %d: %q, want %q", k, got, w.line)
		}
		pub := *s
		pub.Rules = Published
		if got, want := inputLine(t, &pub, 0, id), w.line[:strings.LastIndexByte(w.line, ' ')]+" 0"; got != want {
			t.Errorf("frame %d, published rules: %q, want %q", k, got, want)
		}
		var back State
		back.Rules = Live
		if err := back.ReadTurn(s.TurnInput(0), 0); err != nil {
			t.Fatal(err)
		}
		if back.Bludgers[w.bludger].LastVictim != s.Bludgers[w.bludger].LastVictim {
			t.Errorf("frame %d: ReadTurn's victim %d, want %d", k, back.Bludgers[w.bludger].LastVictim, s.Bludgers[w.bludger].LastVictim)
		}
	})
	if seen != len(want) {
		t.Fatalf("saw %d of the %d frames", seen, len(want))
	}
}

// TestLiveSnaffleState: fb-live-003, frame 11: wizard 0 carries snaffle
// 6 (both states 1, one position) and throws it; at frame 13 the snaffle's
// state is 0. The published referee sends 0 while it is carried too.
func TestLiveSnaffleState(t *testing.T) {
	seen := 0
	playReplay(t, live003, func(k int, s *State) {
		switch k {
		case 11:
			seen++
			if got, want := inputLine(t, s, 0, "6"), "6 SNAFFLE 2582 5632 334 81 1"; got != want {
				t.Errorf("frame 11: %q, want %q", got, want)
			}
			pub := *s
			pub.Rules = Published
			if got, want := inputLine(t, &pub, 0, "6"), "6 SNAFFLE 2582 5632 334 81 0"; got != want {
				t.Errorf("frame 11, published rules: %q, want %q", got, want)
			}
		case 13:
			seen++
			if got := inputLine(t, s, 0, "6"); !strings.HasSuffix(got, " 0") {
				t.Errorf("frame 13, after the throw: %q, want state 0", got)
			}
		}
	})
	if seen != 2 {
		t.Fatalf("saw %d of the 2 frames", seen)
	}
}
