package fb

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"impulse/sim"
)

// replayFile is the part of a replay these tests read.
type replayFile struct {
	// Engine names the rules (sim.RulesOfEngineKey).
	Engine     string `json:"engine"`
	GameResult struct {
		RefereeInput string `json:"refereeInput"`
		Scores       []int  `json:"scores"`
		Frames       []struct {
			View        string   `json:"view"`
			Keyframe    bool     `json:"keyframe"`
			AgentID     int      `json:"agentId"`
			Stdout      *string  `json:"stdout"`
			PlayerInput []string `json:"playerInput"`
		} `json:"frames"`
	} `json:"gameResult"`
}

func readReplay(t *testing.T, path string) (*replayFile, int64, Rules) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	r, seed := readReplayData(t, path, data)
	rules, err := sim.RulesOfEngineKey(r.Engine)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return r, seed, rules
}

func readReplayData(t testing.TB, path string, data []byte) (*replayFile, int64) {
	t.Helper()
	var r replayFile
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	seed, err := strconv.ParseInt(strings.TrimPrefix(r.GameResult.RefereeInput, "seed="), 10, 64)
	if err != nil {
		t.Fatalf("%s: refereeInput %q", path, r.GameResult.RefereeInput)
	}
	return &r, seed
}

// TestReplaysThroughState plays every FB replay with the simulator alone
// (Prepare, ParseOrder, Check, Apply, Update), without the referee, under
// the rules its engine key names, and compares each turn's TurnInput with
// the playerInput the official engine sent, the final scores with the
// replay's, and ReadTurn of the official input with the state.
func TestReplaysThroughState(t *testing.T) {
	for _, f := range fbReplays(t) {
		f := f
		t.Run(filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f), func(t *testing.T) {
			playReplay(t, f, nil)
		})
	}
}

// playReplay plays the replay at path as TestReplaysThroughState says,
// failing t at the first difference. visit, when not nil, sees the state
// at the start of each round, after Prepare, with the index of the round's
// first frame.
func playReplay(t *testing.T, path string, visit func(k int, s *State)) {
	t.Helper()
	r, seed, rules := readReplay(t, path)
	s := NewFromSeed(seed, rules)
	frames := r.GameResult.Frames
	var log Log
	var back [2]State // what each player's bot reads
	back[0].Rules, back[1].Rules = rules, rules
	over := false
	for k := 1; k < len(frames) && !over; {
		s.Prepare()
		if visit != nil {
			visit(k, &s)
		}
		// Both inputs are taken before either player moves.
		inputs := [2][]string{s.TurnInput(0), s.TurnInput(1)}
		turnStart := k
		for pl := 0; pl < 2 && k < len(frames); pl++ {
			fr := &frames[k]
			if fr.AgentID != pl {
				t.Fatalf("frame %d: agent %d, want %d", k, fr.AgentID, pl)
			}
			want := fr.PlayerInput
			if s.Round == 0 {
				want = want[1:] // the init line
			}
			if got := inputs[pl]; strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Fatalf("frame %d (round %d): player %d input\n got %q\nwant %q", k, s.Round, pl, got, want)
			}
			b := &back[pl]
			if err := b.ReadTurn(want, pl); err != nil {
				t.Fatalf("frame %d: ReadTurn: %v", k, err)
			}
			for i := range s.Wizards {
				if b.Wizards[i].Pos != s.Wizards[i].Pos || b.Wizards[i].Vel != s.Wizards[i].Vel || b.Wizards[i].Holding != s.Wizards[i].Holding {
					t.Fatalf("frame %d: ReadTurn wizard %d = %+v, state %+v", k, i, b.Wizards[i], s.Wizards[i])
				}
			}
			for m := 0; m < int(s.NumSnaffles); m++ {
				if b.Snaffles[m].Scored != s.Snaffles[m].Scored || (!s.Snaffles[m].Scored && b.Snaffles[m].Pos != s.Snaffles[m].Pos) {
					t.Fatalf("frame %d: ReadTurn snaffle %d = %+v, state %+v", k, m, b.Snaffles[m], s.Snaffles[m])
				}
			}
			// The live input says each bludger's last victim; the
			// published one does not, and the reader keeps its own.
			for m := range s.Bludgers {
				if rules == Live && b.Bludgers[m].LastVictim != s.Bludgers[m].LastVictim {
					t.Fatalf("frame %d: ReadTurn bludger %d's victim %d, state %d", k, m, b.Bludgers[m].LastVictim, s.Bludgers[m].LastVictim)
				}
			}
			k++
			if fr.Stdout == nil {
				s.Dead[pl] = true
				continue
			}
			lines := strings.Split(strings.TrimSuffix(*fr.Stdout, "\n"), "\n")
			for m := 0; m < 2 && !s.Dead[pl]; m++ {
				line := ""
				if m < len(lines) {
					line = lines[m]
				}
				i := 2*pl + m
				o, err := ParseOrder(line)
				if err == nil {
					err = s.Check(i, o.Command)
				}
				var ce *CommandError
				if err != nil && !errors.As(err, &ce) {
					t.Fatalf("frame %d: %v is no CommandError", k-1, err)
				}
				if err != nil {
					s.Dead[pl] = true
					break
				}
				s.Apply(i, o.Command)
			}
		}
		res := s.Update(&log)
		if !frames[k-1].Keyframe {
			t.Fatalf("frames %d..%d: a round that does not end on a key frame", turnStart, k-1)
		}
		over = res.Over || s.Round >= MaxRounds
	}
	got := []int{int(s.Score[0]), int(s.Score[1])}
	for pl := range got {
		if s.Dead[pl] {
			got[pl] = -1
		}
	}
	if want := r.GameResult.Scores; got[0] != want[0] || got[1] != want[1] {
		t.Errorf("scores %v, the engine's %v", got, want)
	}
}
