package csb

import (
	"time"

	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"impulse/sim"
)

// replayConfig is what a replay's referee printed of its setup.
type replayConfig struct {
	rules  Rules
	seed   int64
	cps    string // the map= line's value
	spawns string // frame 0's view line 4: "owner x y" per pod
}

// replayConfigs returns the setup of every CSB replay we can find: the
// project's copies and, when present, the shared corpus, published-engine
// replays (engine key "published-referee") and real live games (a bare
// gameResult, no engine key).
func replayConfigs(t *testing.T) map[string]replayConfig {
	t.Helper()
	out := map[string]replayConfig{}
	for _, dir := range []string{"../../replays/csb", "../../../shared/replays/csb", "../../replays/csb-live", "../../../shared/replays/csb-live"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			type gameResult struct {
				RefereeInput string
				Frames       []struct{ View string }
			}
			var r struct {
				GameResult *gameResult `json:"gameResult"`
				Engine     string      `json:"engine"`
				gameResult
			}
			if err := json.Unmarshal(data, &r); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			g := r.GameResult
			if g == nil {
				g = &r.gameResult
			}
			c := replayConfig{rules: Live}
			if r.Engine == "published-referee" {
				c.rules = Published
			}
			for _, l := range strings.Split(g.RefereeInput, "\n") {
				if v, ok := strings.CutPrefix(l, "seed="); ok {
					if c.seed, err = strconv.ParseInt(v, 10, 64); err != nil {
						t.Fatalf("%s: seed %q", f, v)
					}
				}
				if v, ok := strings.CutPrefix(l, "map="); ok {
					c.cps = v
				}
			}
			if len(g.Frames) == 0 {
				t.Fatalf("%s: no frames", f)
			}
			if view := strings.Split(g.Frames[0].View, "\n"); len(view) > 4 {
				c.spawns = view[4]
			}
			out[f] = c
		}
	}
	if len(out) == 0 {
		t.Fatal("no replays found")
	}
	return out
}

// TestGenerateMapMatchesReplays checks the map and spawns drawn from each
// replay's seed, under its rules, against what the official engine (or the
// live server) printed for it: the map= line and frame 0's spawns.
func TestGenerateMapMatchesReplays(t *testing.T) {
	live := 0
	for f, c := range replayConfigs(t) {
		if c.rules == Live {
			live++
		}
		s := NewFromSeed(c.seed, c.rules)
		var cps, spawns []string
		for k := int32(0); k < s.NumCheckpoints; k++ {
			p := s.Checkpoints[k]
			cps = append(cps, strconv.Itoa(int(p.X)), strconv.Itoa(int(p.Y)))
		}
		for i := range s.Pods {
			p := s.Pods[i].Pos
			spawns = append(spawns, strconv.Itoa(Owner(i)), strconv.FormatFloat(p.X, 'f', 1, 64), strconv.FormatFloat(p.Y, 'f', 1, 64))
		}
		if g := strings.Join(cps, " "); g != c.cps {
			t.Errorf("%s: seed %d (%v) gives map %q, the engine printed %q", f, c.seed, c.rules, g, c.cps)
		}
		if g := strings.Join(spawns, " "); g != c.spawns {
			t.Errorf("%s: seed %d (%v) gives spawns %q, frame 0 shows %q", f, c.seed, c.rules, g, c.spawns)
		}
	}
	if live == 0 {
		t.Error("no live replay found (replays/csb-live)")
	}
}

func TestSpawns(t *testing.T) {
	// csb-002 frame 0: "0 13294.0 2295.0 0 12612.0 1563.0 1 13975.0 3027.0
	// 1 11931.0 831.0" for seed 1758687920.
	s := NewFromSeed(1758687920, Published)
	want := [MaxPods]sim.Vec{{X: 13294, Y: 2295}, {X: 12612, Y: 1563}, {X: 13975, Y: 3027}, {X: 11931, Y: 831}}
	for i := range want {
		if s.Pods[i].Pos != want[i] {
			t.Errorf("pod %d spawns at %v, want %v", i, s.Pods[i].Pos, want[i])
		}
	}
	if s.Laps != 3 || s.NumCheckpoints != 5 {
		t.Errorf("laps %d checkpoints %d, want 3 and 5", s.Laps, s.NumCheckpoints)
	}
}

func TestLaps(t *testing.T) {
	// csb.md §1: published (int)(15.0/n): 3 → 5, 4 and 5 → 3, 6 → 2; live 3.
	for n, want := range map[int]int32{3: 5, 4: 3, 5: 3, 6: 2} {
		if got := Laps(n, Published); got != want {
			t.Errorf("published Laps(%d) = %d, want %d", n, got, want)
		}
		if got := Laps(n, Live); got != 3 {
			t.Errorf("live Laps(%d) = %d, want 3", n, got)
		}
	}
}

func TestParseOrder(t *testing.T) {
	// The table of csb.md §6.
	type want struct {
		thrust         int32
		shield, boost  bool
		msg            string
		hasMsg, errors bool
	}
	tests := []struct {
		line  string
		rules Rules
		want  want
	}{
		{"8000 4500 150", Published, want{thrust: 150}},
		{"8000 4500 150 hello", Published, want{thrust: 150, msg: "hello", hasMsg: true}},
		{"8000 4500 SHIELD", Published, want{shield: true}},
		{"8000 4500 SHIELD bubble", Published, want{shield: true, msg: "bubble", hasMsg: true}},
		{"8000 4500 ", Published, want{thrust: 200}},
		{"8000 4500  shield", Published, want{thrust: 200, msg: "shield", hasMsg: true}},
		{"1 2 3 4", Published, want{thrust: 3, msg: "4", hasMsg: true}},
		{"8000\t4500\t77", Published, want{thrust: 77}},
		{"8000 4500 007", Published, want{thrust: 7}},
		{"-123456789 -5 0", Published, want{thrust: 0}},
		{"8000 4500 200  two blanks", Published, want{thrust: 200, msg: "two blanks", hasMsg: true}},
		{"8000 4500 100  ", Published, want{thrust: 100, msg: " ", hasMsg: true}},
		{"8000 4500 BOOST", Live, want{boost: true}},
		{"8000 4500 BOOST go", Live, want{boost: true, msg: "go", hasMsg: true}},
		{"8000 4500", Published, want{errors: true}},
		{"8000 4500 150 ", Published, want{errors: true}},
		{" 8000 4500 150", Published, want{errors: true}},
		{"MOVE 1 2", Published, want{errors: true}},
		{"abc", Published, want{errors: true}},
		{"8000 4500 -1", Published, want{errors: true}},
		{"8000 4500 +5", Published, want{errors: true}},
		{"8000 4500 BOOST", Published, want{errors: true}},
		{"8000 4500 shield", Published, want{errors: true}},
		{"8000 4500 Shield", Published, want{errors: true}},
		{"1,2,3", Published, want{errors: true}},
		{"1234567890 1 100", Published, want{errors: true}},
		{"8000 4500 201", Published, want{errors: true}},
		{"8000 4500 100\r", Published, want{errors: true}},
		{"8000 4500 100 a\u2028b", Published, want{errors: true}},
	}
	for _, tt := range tests {
		o, err := ParseOrder(tt.line, tt.rules)
		if (err != nil) != tt.want.errors {
			t.Errorf("%q: error %v, want error %v", tt.line, err, tt.want.errors)
			continue
		}
		if err != nil {
			continue
		}
		w := tt.want
		if o.Thrust != w.thrust || o.Shield != w.shield || o.Boost != w.boost || o.Message != w.msg || o.HasMessage != w.hasMsg {
			t.Errorf("%q = %+v, want %+v", tt.line, o, w)
		}
	}
	var pe *PowerError
	if _, err := ParseOrder("1 2 201", Published); err == nil || err.Error() != "power = 201" {
		t.Errorf("201: error %v, want power = 201 (%T)", err, pe)
	}
}

func TestFirstTurn(t *testing.T) {
	// A pod at rest thrusting 100 along +x: speed 100, position +100, then
	// friction: speed 85 (csb.md §7 step 3). Its first rotation is free.
	s, _ := New([]sim.Vec{{X: 0, Y: 0}, {X: 10000, Y: 0}}, Live)
	for i := range s.Pods {
		s.Pods[i].Pos = sim.Vec{X: float64(i) * 5000, Y: 3000}
	}
	s.Apply(0, Command{Target: sim.Vec{X: 10000, Y: 3000}, Thrust: 100})
	s.Apply(1, Command{Target: sim.Vec{X: 5000, Y: 0}, Thrust: 50}) // straight down the page: −90°, free
	s.Move(nil)
	if p := s.Pods[0]; p.Pos != (sim.Vec{X: 100, Y: 3000}) || p.Vel != (sim.Vec{X: 85, Y: 0}) || p.Angle != 0 {
		t.Errorf("pod 0 = %+v, want at (100,3000) speed (85,0) angle 0", p)
	}
	if p := s.Pods[1]; p.Pos != (sim.Vec{X: 5000, Y: 2950}) || p.Vel != (sim.Vec{X: 0, Y: -42}) {
		t.Errorf("pod 1 = %+v, want at (5000,2950) speed (0,-42)", p)
	}
	// The second command is limited to 18 degrees: aiming back at +x from
	// −90° turns the pod to −72°.
	s.Apply(1, Command{Target: sim.Vec{X: 9000, Y: 2950}, Thrust: 0})
	if got := s.Pods[1].Angle; got != -sim.Atan2(1, 0)+MaxRotation {
		t.Errorf("limited rotation: angle %v, want −π/2 + π/10", got)
	}
}

func TestShieldLock(t *testing.T) {
	// SHIELD: no thrust that turn and the 3 after (csb.md §7 command 2).
	s, _ := New([]sim.Vec{{X: 0, Y: 0}, {X: 10000, Y: 0}}, Live)
	target := Command{Target: sim.Vec{X: 20000, Y: s.Pods[0].Pos.Y}, Thrust: 100}
	powers := []int32{}
	for turn := 0; turn < 6; turn++ {
		c := target
		c.Shield = turn == 0
		powers = append(powers, s.Apply(0, c))
		s.Move(nil)
	}
	if want := []int32{0, 0, 0, 0, 100, 100}; !equal(powers, want) {
		t.Errorf("thrust per turn after SHIELD = %v, want %v", powers, want)
	}
}

func equal(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestFriction(t *testing.T) {
	// The engine keeps 1 − 0.15 of the speed, computed in doubles.
	f := 0.15
	if keep := 1 - f; keep != 1-Friction {
		t.Errorf("1 − 0.15 at run time = %v, constant %v", keep, 1-Friction)
	}
}

func TestMoveAllocs(t *testing.T) {
	s0 := NewFromSeed(42, Live)
	// Pods 0 and 2 head for each other so collisions happen.
	s0.Pods[0].Vel = sim.Vec{X: 600, Y: 0}
	s0.Pods[2].Vel = sim.Vec{X: -600, Y: 0}
	s0.Pods[2].Pos = s0.Pods[0].Pos.Add(sim.Vec{X: 1000, Y: 0})
	var log Log
	n := testing.AllocsPerRun(200, func() {
		s := s0
		for k := 0; k < 4; k++ {
			s.Apply(k, Command{Target: s.Checkpoints[1], Thrust: 100})
		}
		s.Move(&log)
		s.Move(nil)
		s.Play(nil)
		s.Ranks()
	})
	if n != 0 {
		t.Errorf("a turn allocates %v times", n)
	}
	if log.N == 0 {
		t.Error("the allocation test saw no collision")
	}
}

// TestPassesBoundedOnTinyMaps plays a turn on a map whose three checkpoints
// all lie near one turn's straight path (the bot's fuzz target found it):
// the engine's pass loop would never end; ours stops after one lap, the
// pod past every checkpoint once. (passBent had that bound already.)
func TestPassesBoundedOnTinyMaps(t *testing.T) {
	cps := []sim.Vec{{X: 0, Y: 0}, {X: 1000, Y: 0}, {X: 2000, Y: 0}}
	s, err := New(cps, Live)
	if err != nil {
		t.Fatal(err)
	}
	for i := range s.Pods {
		s.Pods[i].Pos = sim.Vec{X: float64(-500 - 3000*i), Y: float64(5000 * i)}
		s.Pods[i].Vel = sim.Vec{}
	}
	s.Pods[0].Vel = sim.Vec{X: 3000, Y: 0}
	done := make(chan State, 1)
	go func(s State) { s.Move(nil); done <- s }(s)
	select {
	case s = <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("Move has not returned after 5 s")
	}
	if p := s.Pods[0]; p.Passed != 3 || p.Next != 1 {
		t.Errorf("pod 0 passed %d checkpoints, next %d; want one lap: 3, next 1", p.Passed, p.Next)
	}
}
