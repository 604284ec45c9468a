package csbref_test

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"impulse/referee/csbref"
	"impulse/referee/engine"
	"impulse/sim"
	"impulse/sim/csb"
)

// liveRound is one round of a scripted game: each player's two output
// lines, and what the referee must then say and show.
type liveRound struct {
	out   [2][2]string
	infos [2][]string // each player's INFOS after its output
	power [csb.MaxPods]string
	// shield is view field 9 per pod, dead field 5 (always 0 here).
	shield [csb.MaxPods]string
}

// liveCP1 is checkpoint 1 of the map of battle_872272248.json (3
// checkpoints), where every pod of liveRounds heads.
const liveCP1 = "11302 2838"

// liveLocked is a round in which pod 2 of player 1 waits for its engine to
// reload: the second and third locked turns (csb.md §7: the SHIELD turn
// and 3 more turns without thrust).
var liveLocked = liveRound{
	out: [2][2]string{{liveCP1 + " 10", liveCP1 + " 20"}, {liveCP1 + " 100", liveCP1 + " 200"}},
	infos: [2][]string{
		{"Pod 1 of player $0 moves towards (11302, 2838) at power 10", "Pod 2 of player $0 moves towards (11302, 2838) at power 20"},
		{"Pod 1 of player $1 moves towards (11302, 2838) at power 100", "Pod 2 of player $1 waits for its engine to reload"},
	},
	power:  [4]string{"10", "20", "100", "0"},
	shield: [4]string{"0", "0", "0", "0"},
}

// liveRounds are the rounds of TestLiveRules, in order.
var liveRounds = []liveRound{
	{
		// Both pods of a player boost, 650 each (csb.md §1 BOOST row;
		// battle_891669749.json frames 6 and 8 show both pods of
		// player 1 boosting). A SHIELD turn: "enabled its shield",
		// power 0, field 9 set (battle_891669749.json frame 3).
		out: [2][2]string{{liveCP1 + " BOOST", liveCP1 + " BOOST"}, {liveCP1 + " 100", liveCP1 + " SHIELD"}},
		infos: [2][]string{
			{"Pod 1 of player $0 boosts towards (11302, 2838)", "Pod 2 of player $0 boosts towards (11302, 2838)"},
			{"Pod 1 of player $1 moves towards (11302, 2838) at power 100", "Pod 2 of player $1 enabled its shield"},
		},
		power:  [4]string{"650", "650", "100", "0"},
		shield: [4]string{"0", "0", "0", "1"},
	},
	{
		// A BOOST after the pod's boost is used: thrust 200, "moves
		// towards ... at power 200" (battle_872272248.json frame 15).
		// A BOOST in the first locked turn after a SHIELD: "waits for
		// its engine to reload", power 0 (battle_872272248.json frame
		// 43).
		out: [2][2]string{{liveCP1 + " BOOST", liveCP1 + " 50"}, {liveCP1 + " 100", liveCP1 + " BOOST"}},
		infos: [2][]string{
			{"Pod 1 of player $0 moves towards (11302, 2838) at power 200", "Pod 2 of player $0 moves towards (11302, 2838) at power 50"},
			{"Pod 1 of player $1 moves towards (11302, 2838) at power 100", "Pod 2 of player $1 waits for its engine to reload"},
		},
		power:  [4]string{"200", "50", "100", "0"},
		shield: [4]string{"0", "0", "0", "0"},
	},
	liveLocked,
	liveLocked,
	{
		// The lock is over; the BOOST sent in the locked turn was used
		// up: a new BOOST gives 200 (battle_872272248.json: pod 1 of
		// player 0 sends BOOST in a locked turn at frame 43 and
		// "moves ... at power 200" on BOOST at frame 113, having never
		// boosted before).
		out: [2][2]string{{liveCP1 + " 10", liveCP1 + " 20"}, {liveCP1 + " 100", liveCP1 + " BOOST"}},
		infos: [2][]string{
			{"Pod 1 of player $0 moves towards (11302, 2838) at power 10", "Pod 2 of player $0 moves towards (11302, 2838) at power 20"},
			{"Pod 1 of player $1 moves towards (11302, 2838) at power 100", "Pod 2 of player $1 moves towards (11302, 2838) at power 200"},
		},
		power:  [4]string{"10", "20", "100", "200"},
		shield: [4]string{"0", "0", "0", "0"},
	},
}

// TestLiveRules plays scripted rounds (liveRounds) under the live rules
// and checks the texts and view fields against what the live server wrote
// in real games (replays/csb-live, file and frame named per round) and
// csb.md section 1.
func TestLiveRules(t *testing.T) {
	init := []string{"seed=1", "pod_timeout=100", "map=6024 5330 11302 2838 7518 6912", "pod_per_player=2"}
	h, err := engine.NewHost(csbref.New(csb.Live), csbref.Variant(csb.Live), 2, init)
	if err != nil {
		t.Fatal(err)
	}
	f := h.GameInfo()
	// 3 laps on a 3-checkpoint map (csb.md §1 laps row; the published
	// referee would race 5): the first line of the first input.
	if len(f.Input) == 0 || f.Input[0] != "3" {
		t.Fatalf("first input %q, want laps 3 first", f.Input)
	}
	for r, want := range liveRounds {
		f = playLiveRound(t, h, f, r+1, want)
		checkLiveView(t, f, r+1, want)
	}
}

// playLiveRound gives the host, whose last frame is f, both players'
// output of round r, checks the infos after each and returns the frame
// that closes the round.
func playLiveRound(t *testing.T, h *engine.Host, f engine.Frame, r int, want liveRound) engine.Frame {
	t.Helper()
	for pl := 0; pl < 2; pl++ {
		if f.End != nil || f.Player != pl {
			t.Fatalf("round %d: the host asks player %d (end %v), want %d", r, f.Player, f.End != nil, pl)
		}
		h.SetOutput(want.out[pl][:])
		f = h.GameInfo()
		if d := cmp.Diff(want.infos[pl], f.Infos); d != "" {
			t.Errorf("round %d, player %d: infos (-want +got):\n%s", r, pl, d)
		}
	}
	if !f.KeyFrame {
		t.Fatalf("round %d: player 1's frame is not a key frame", r)
	}
	return f
}

// checkLiveView checks the view of f, the key frame that closes round r:
// each pod's power, shield and dead fields.
func checkLiveView(t *testing.T, f engine.Frame, r int, want liveRound) {
	t.Helper()
	v, err := csbref.ParseView(f.View[1:])
	if err != nil {
		t.Fatalf("round %d: %v", r, err)
	}
	var power, shield, dead [csb.MaxPods]string
	for i, p := range v.Pods {
		power[i], dead[i], shield[i] = fmt.Sprint(p.Power), fmt.Sprint(p.Dead), fmt.Sprint(p.Shield)
	}
	if d := cmp.Diff(want.power, power); d != "" {
		t.Errorf("round %d: view field 4, power (-want +got):\n%s", r, d)
	}
	if d := cmp.Diff(want.shield, shield); d != "" {
		t.Errorf("round %d: view field 9, shield (-want +got):\n%s", r, d)
	}
	if d := cmp.Diff([4]string{"0", "0", "0", "0"}, dead); d != "" {
		t.Errorf("round %d: view field 5, dead (-want +got):\n%s", r, d)
	}
}

// TestLiveRaceEnd checks the checkpoint index the live server shows for the
// pod that finishes the race: 0, not advanced (csb.md §1;
// battle_872197069.json frame 244, pod 2), and that the published referee
// shows the next one.
func TestLiveRaceEnd(t *testing.T) {
	for _, c := range []struct {
		rules csb.Rules
		want  int32
	}{{csb.Live, 0}, {csb.Published, 1}} {
		cps := []sim.Vec{{X: 8035, Y: 3259}, {X: 2682, Y: 7016}, {X: 10067, Y: 5980}, {X: 13917, Y: 1950}}
		s, err := csb.New(cps, c.rules)
		if err != nil {
			t.Fatal(err)
		}
		total := s.Laps * s.NumCheckpoints
		p := &s.Pods[0]
		p.Passed, p.Next = total-1, 0
		p.Pos = sim.Vec{X: 9000, Y: 3259}
		p.Vel = sim.Vec{X: -500}
		s.Pods[1].Pos = sim.Vec{X: 15000, Y: 8000}
		res := s.Play(nil)
		if !res.Finished || p.Passed != total {
			t.Fatalf("%v: finished %v with %d passes, want the race over at %d", c.rules, res.Finished, p.Passed, total)
		}
		if got := s.NextCheckpointShown(0); got != c.want {
			t.Errorf("%v: the winner shows next checkpoint %d, want %d", c.rules, got, c.want)
		}
	}
}
