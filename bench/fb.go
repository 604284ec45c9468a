package bench

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"impulse/referee/replay"
	"impulse/sim/fb"
)

// FBTurn is one turn of a real Fantastic Bits game: the state before it
// (before Prepare) and the four wizards' commands (Idle for a wizard whose
// line the engine never parsed).
type FBTurn struct {
	State fb.State
	Cmds  [fb.MaxWizards]fb.Command
	// Collisions is the number of collision lines the turn printed.
	Collisions int
}

// FBGame is the turns of one replay and its final scores as the simulator
// played them (-1 for an eliminated player).
type FBGame struct {
	Name   string
	Turns  []FBTurn
	Scores [2]int
}

// LoadFBGame plays a Fantastic Bits replay's recorded outputs through the
// simulator alone and returns every turn. The caller compares Scores with
// the replay's to know the simulation followed the official game.
func LoadFBGame(path string) (FBGame, error) {
	g := FBGame{Name: path}
	r, err := replay.Read(path)
	if err != nil {
		return g, err
	}
	seed, err := strconv.ParseInt(strings.TrimPrefix(strings.Join(r.InitLines(), ""), "seed="), 10, 64)
	if err != nil {
		return g, fmt.Errorf("%s: refereeInput %q: want seed=N", path, r.InitLines())
	}
	s := fb.NewFromSeed(seed, fb.Published)
	frames := r.GameResult.Frames
	var log fb.Log
	for k := 1; k < len(frames); {
		t := FBTurn{State: s}
		s.Prepare()
		for pl := 0; pl < 2 && k < len(frames); pl++ {
			fr := &frames[k]
			k++
			if fr.Stdout == nil {
				s.Dead[pl] = true
				continue
			}
			lines := strings.Split(strings.TrimSuffix(*fr.Stdout, "\n"), "\n")
			for m := 0; m < 2 && m < len(lines); m++ {
				i := 2*pl + m
				o, err := fb.ParseOrder(lines[m])
				if err == nil {
					err = s.Check(i, o.Command)
				}
				var ce *fb.CommandError
				if errors.As(err, &ce) {
					s.Dead[pl] = true
					break
				}
				s.Apply(i, o.Command)
				t.Cmds[i] = o.Command
			}
		}
		res := s.Update(&log)
		t.Collisions = log.N
		g.Turns = append(g.Turns, t)
		if res.Over || s.Round >= fb.MaxRounds {
			break
		}
	}
	for pl := range g.Scores {
		g.Scores[pl] = int(s.Score[pl])
		if s.Dead[pl] {
			g.Scores[pl] = -1
		}
	}
	return g, nil
}

// BusyFBTurns returns the busy mid-game turns of games: from round 10 on,
// every player alive, at least 5 live snaffles or a spell running, and at
// least one collision.
func BusyFBTurns(games []FBGame) []FBTurn {
	var out []FBTurn
	for _, g := range games {
		for _, t := range g.Turns {
			s := &t.State
			if s.Round < 10 || s.Dead[0] || s.Dead[1] || t.Collisions == 0 {
				continue
			}
			spells := false
			for i := range s.Wizards {
				w := &s.Wizards[i]
				if w.Cast != fb.NoSpell || w.Countdown != [fb.NumSpells]int8{} {
					spells = true
				}
			}
			if s.LiveSnaffles() >= 5 || spells {
				out = append(out, t)
			}
		}
	}
	return out
}

// FBTurns plays n turns, cycling through turns, each from a copy of its
// state, and returns the number of collision lines (to keep the work).
func FBTurns(turns []FBTurn, n int, log *fb.Log) int {
	total := 0
	for k := 0; k < n; k++ {
		t := &turns[k%len(turns)]
		s := t.State
		s.Play(&t.Cmds, log)
		total += int(s.Collisions - t.State.Collisions)
	}
	return total
}
