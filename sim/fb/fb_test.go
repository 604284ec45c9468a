package fb

import (
	"errors"
	"fmt"
	"testing"

	"impulse/sim"
)

func TestParseCommand(t *testing.T) {
	// fb.md section 4, and lines bots sent in the replays (fb-018 frame
	// 109: separators of blanks and tabs; fb-051 frame 7: "MOVE 1 2").
	tests := []struct {
		line string
		want Order
		bad  bool
	}{
		{line: "MOVE 8000 3750 150", want: Order{Command: Moving(8000, 3750, 150)}},
		{line: "MOVE 10943   3427\t150", want: Order{Command: Moving(10943, 3427, 150)}},
		{line: "MOVE 008000 -03750 0150", want: Order{Command: Moving(8000, -3750, 150)}},
		{line: "MOVE 1 2 3 going for snaffle 5", want: Order{Command: Moving(1, 2, 3), Message: "going for snaffle 5", HasMessage: true}},
		{line: "MOVE 1 2 3  ", want: Order{Command: Moving(1, 2, 3), Message: " ", HasMessage: true}},
		{line: "MOVE -99999999 5 99999999", want: Order{Command: Moving(-99999999, 5, 99999999)}},
		{line: "MOVE 1 2 151", want: Order{Command: Moving(1, 2, 151)}}, // a range error is Check's
		{line: "THROW 16000 3750 500", want: Order{Command: Throwing(16000, 3750, 500)}},
		{line: "ACCIO 4", want: Order{Command: Casting(Accio, 4)}},
		{line: "ACCIO -1 hi", want: Order{Command: Casting(Accio, -1), Message: "hi", HasMessage: true}},
		{line: "OBLIVIATE 11", want: Order{Command: Casting(Obliviate, 11)}},
		{line: "FLIPENDO 012", want: Order{Command: Casting(Flipendo, 12)}},
		{line: "PETRIFICUS 9", want: Order{Command: Casting(Petrificus, 9)}},
		{line: "MOVE 1 2", bad: true},
		{line: "MOVE 1 2 3 ", bad: true}, // a lone trailing blank
		{line: "MOVE  1 2 3", bad: true}, // two blanks after the keyword
		{line: "MOVE\t1 2 3", bad: true}, // a tab after the keyword
		{line: "MOVE 1 2 -3", bad: true}, // thrust is unsigned
		{line: "MOVE 123456789 2 3", bad: true},
		{line: "MOVE 1 2 3x", bad: true},
		{line: "ACCIO 1234", bad: true},
		{line: "ACCIO 4\t", bad: true},
		{line: "ACCIO", bad: true},
		{line: "accio 4", bad: true},
		{line: "WAIT", bad: true},
		{line: "", bad: true},
		{line: "MOVE 1 2 3 a\rb", bad: true},
	}
	for _, tt := range tests {
		got, err := ParseOrder(tt.line)
		if tt.bad {
			var ce *CommandError
			if !errors.As(err, &ce) || ce.Expected != SyntaxExpected || ce.Found != tt.line {
				t.Errorf("%q: %+v, %v; want the syntax error", tt.line, got, err)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("%q = %+v, %v; want %+v", tt.line, got, err, tt.want)
		}
	}
}

func TestCheck(t *testing.T) {
	// The errors of the replays (fb-053 frame 25, fb-054 frame 18, fb-059
	// frame 125, fb-055 frame 13, fb-058 frame 22) and, absent from the
	// corpus, the engine's texts for ACCIO on a wizard and OBLIVIATE on
	// anything but a bludger. A 5-snaffle game: snaffles 4..8, bludgers 9
	// and 10, posts 11..14.
	var none [5]sim.Vec
	s := New(none[:], Published)
	s.Snaffles[1].Scored = true // id 5
	s.Wizards[2].Holding, s.Snaffles[0].Carrier = 0, 2
	tests := []struct {
		wizard          int
		c               Command
		expected, found string
	}{
		{0, Moving(1, 2, 151), "0 <= move power <= 150", "power = 151"},
		{2, Throwing(1, 2, 501), "0 <= throw power <= 500", "power = 501"},
		{0, Throwing(1, 2, 100), "Impossible to throw a snaffle without holding one.", "id = 0"},
		{1, Casting(Accio, 42), "Target not found", "id = 42"},
		{3, Casting(Flipendo, 2), "Target can't be yourself", "id = 2"},
		{3, Casting(Petrificus, 3), "Target can't be yourself", "id = 3"},
		{0, Casting(Accio, 2), "Target can't be a player", "id = 2"},
		{0, Casting(Obliviate, 4), "Target is not a bludger", "id = 4"},
		{0, Casting(Obliviate, 1), "Target is not a bludger", "id = 1"},
		{0, Casting(Flipendo, 5), "Target not found", "id = 5"},   // scored
		{0, Casting(Flipendo, 11), "Target not found", "id = 11"}, // a post
		{0, Casting(Accio, -1), "Target not found", "id = -1"},
	}
	for _, tt := range tests {
		err := s.Check(tt.wizard, tt.c)
		var ce *CommandError
		if !errors.As(err, &ce) || ce.Expected != tt.expected || ce.Found != tt.found {
			t.Errorf("wizard %d %v: %v, want expected %q found %q", tt.wizard, tt.c, err, tt.expected, tt.found)
		}
	}
	for _, c := range []struct {
		wizard int
		c      Command
	}{
		{0, Moving(1, 2, 150)}, {2, Throwing(1, 2, 500)}, {0, Casting(Accio, 10)}, {0, Casting(Flipendo, 2)},
		{0, Casting(Petrificus, 4)}, {0, Casting(Obliviate, 9)}, {1, Command{}},
	} {
		if err := s.Check(c.wizard, c.c); err != nil {
			t.Errorf("wizard %d %v: %v, want valid", c.wizard, c.c, err)
		}
	}
}

// quiet returns a 5-snaffle game with every body parked far from the
// others, so that a test moves only what it places.
func quiet() State {
	snaffles := []sim.Vec{{X: 2000, Y: 600}, {X: 4000, Y: 600}, {X: 6000, Y: 600}, {X: 8000, Y: 600}, {X: 10000, Y: 600}}
	s := New(snaffles, Published)
	s.Wizards[0].Pos = sim.Vec{X: 3000, Y: 3750}
	s.Wizards[1].Pos = sim.Vec{X: 1000, Y: 6900}
	s.Wizards[2].Pos = sim.Vec{X: 15000, Y: 6900}
	s.Wizards[3].Pos = sim.Vec{X: 12000, Y: 6900}
	return s
}

func idle() [MaxWizards]Command { return [MaxWizards]Command{} }

func TestBludgerChase(t *testing.T) {
	// fb.md 6.3 step 4: a bludger gains 1000/8 = 125 towards the nearest
	// wizard; friction 0.9 leaves 112.5, rounded half away from zero
	// (section 7) to -113.
	s := quiet()
	cmds := idle()
	s.Play(&cmds, nil)
	b := s.Bludgers[0]
	if b.Pos != (sim.Vec{X: 7325, Y: 3750}) || b.Vel != (sim.Vec{X: -113, Y: 0}) {
		t.Errorf("bludger 0 = %+v, want at (7325,3750) speed (-113,0)", b)
	}
	// Ties go to the lower id; the last victim is not chased.
	s = quiet()
	s.Wizards[1].Pos = sim.Vec{X: 11900, Y: 3750} // 4450 from bludger 0, as wizard 0
	s.Bludgers[1].Pos = sim.Vec{X: 8000, Y: 7000}
	s.Play(&cmds, nil)
	if v := s.Bludgers[0].Vel; v.X >= 0 {
		t.Errorf("tie: bludger 0 speed %v, want it towards wizard 0 (−x)", v)
	}
	s = quiet()
	s.Bludgers[0].LastVictim = 0
	s.Play(&cmds, nil)
	if v := s.Bludgers[0].Vel; v.X <= 0 {
		t.Errorf("last victim 0: bludger 0 speed %v, want it away from wizard 0", v)
	}
}

func TestThrow(t *testing.T) {
	// fb.md 6.3 step 3: a THROW of power 500 adds 1000 to the snaffle
	// (mass 0.5), which keeps the wizard's speed from before the thrust;
	// after friction 0.75 its speed is 750.
	s := quiet()
	w := &s.Wizards[0]
	w.Holding, s.Snaffles[0].Carrier = 0, 0
	s.Snaffles[0].Pos = w.Pos
	cmds := idle()
	cmds[0] = Throwing(16000, 3750, 500)
	s.Play(&cmds, nil)
	sn := s.Snaffles[0]
	if sn.Pos != (sim.Vec{X: 4000, Y: 3750}) || sn.Vel != (sim.Vec{X: 750, Y: 0}) || sn.Carrier != NoID {
		t.Errorf("thrown snaffle = %+v, want at (4000,3750) speed (750,0), free", sn)
	}
	if w.Holding != NoID || w.Cooldown != CaptureCooldown-1 || w.Vel != (sim.Vec{}) {
		t.Errorf("thrower = %+v, want empty-handed, cooldown 2, at rest", *w)
	}
}

func TestSpells(t *testing.T) {
	// fb.md 6.1 and 6.3 step 5: a spell cast in turn T acts from turn
	// T+1; ACCIO on a snaffle 2000 away: P = min(3000·(1e6/2000²), 1000)
	// = 750, Δv = 750/0.5 = 1500 towards the wizard; after the move and
	// friction 1125.
	s := quiet()
	s.Magic[0] = 20
	s.Snaffles[2].Pos = sim.Vec{X: 5000, Y: 3750} // id 6
	cmds := idle()
	cmds[0] = Casting(Accio, 6)
	s.Prepare()
	if !s.Apply(0, cmds[0]) || s.Magic[0] != 0 {
		t.Fatalf("ACCIO with 20 magic: magic %d left, want paid", s.Magic[0])
	}
	s.Update(nil)
	if sn := s.Snaffles[2]; sn.Vel != (sim.Vec{}) || s.Magic[0] != 1 {
		t.Fatalf("turn T: snaffle %+v, magic %d; want still at rest, magic 1", sn, s.Magic[0])
	}
	cmds[0] = Command{}
	s.Play(&cmds, nil)
	if sn := s.Snaffles[2]; sn.Pos != (sim.Vec{X: 3500, Y: 3750}) || sn.Vel != (sim.Vec{X: -1125, Y: 0}) {
		t.Errorf("turn T+1: snaffle %+v, want at (3500,3750) speed (-1125,0)", sn)
	}
	if w := s.Wizards[0]; w.Countdown[Accio] != 6 || int(w.Target[Accio]) != 6 {
		t.Errorf("ACCIO countdown %d target %d, want 6 on 6", w.Countdown[Accio], w.Target[Accio])
	}
	// Too little magic: valid, nothing paid, nothing cast.
	s.Magic[1] = 9
	s.Prepare()
	if s.Apply(2, Casting(Petrificus, 0)) || s.Magic[1] != 9 || s.Wizards[2].Cast != NoSpell {
		t.Errorf("PETRIFICUS with 9 magic: paid, or magic %d, or cast %v", s.Magic[1], s.Wizards[2].Cast)
	}
	// Magic is capped at 100.
	s.Magic[1] = 100
	s.Update(nil)
	if s.Magic[1] != MaxMagic {
		t.Errorf("magic %d after a turn at 100", s.Magic[1])
	}
}

func TestFlipendoAndPetrificus(t *testing.T) {
	// FLIPENDO on bludger 0 (id 9) from 3000 away: min(6000·(1e6/3000²),
	// 1000) = 666.67, Δv = 666.67/8 = 83.33 away from the wizard, on top
	// of the bludger's own 125 towards it: -41.67 along x, then 0.9:
	// -37.5 → -38. PETRIFICUS on wizard 3 (id 3) stops it, thrust
	// included.
	s := quiet()
	s.Wizards[0].Pos = sim.Vec{X: 4450, Y: 3750}
	s.Wizards[0].Countdown[Flipendo], s.Wizards[0].Target[Flipendo] = 4, 9
	s.Wizards[0].Countdown[Petrificus] = 0
	s.Wizards[1].Cast, s.Wizards[1].LastTarget = Petrificus, 3
	s.Wizards[3].Vel = sim.Vec{X: 300, Y: 0}
	cmds := idle()
	cmds[3] = Moving(0, 6900, 150)
	s.Play(&cmds, nil)
	if v := s.Bludgers[0].Vel; v != (sim.Vec{X: -38, Y: 0}) {
		t.Errorf("flipped bludger speed %v, want (-38,0)", v)
	}
	if w := s.Wizards[3]; w.Vel != (sim.Vec{}) || w.Pos != (sim.Vec{X: 12000, Y: 6900}) {
		t.Errorf("petrified wizard %+v, want at rest where it was", w)
	}
}

// The scenes of TestCaptureAndGoal and TestWallBounce, whose collision
// logs view_test.go checks (the contest build has no log).
//
// captureScene: fb.md 6.4, a wizard catches a snaffle within 399 at once.
// goalScene: a snaffle whose centre reaches x = 16000 scores for player 0.
// wallScene: a wizard 100 from the bottom wall (its centre at 7000, the
// wall at 7500 − 400) moving down at 300 hits it at t = 1/3, bounces to
// −300 with impulse 2·300·1 and ends at 7100 − 200 = 6900; friction:
// −225.
func captureScene(dist float64) State {
	s := quiet()
	s.Snaffles[0].Pos = sim.Vec{X: 3000 + dist, Y: 3750}
	return s
}

func goalScene() State {
	s := quiet()
	s.Snaffles[4].Pos, s.Snaffles[4].Vel = sim.Vec{X: 15700, Y: 3750}, sim.Vec{X: 400, Y: 0}
	return s
}

func wallScene() State {
	s := quiet()
	s.Wizards[1].Pos, s.Wizards[1].Vel = sim.Vec{X: 1000, Y: 7000}, sim.Vec{X: 0, Y: 300}
	return s
}

func TestCaptureAndGoal(t *testing.T) {
	for _, tt := range []struct {
		dist  float64
		catch bool
	}{{399, true}, {400, false}} {
		s := captureScene(tt.dist)
		cmds := idle()
		s.Play(&cmds, nil)
		if got := s.Wizards[0].Holding == 0; got != tt.catch {
			t.Errorf("snaffle %v away: caught %v, want %v", tt.dist, got, tt.catch)
		}
	}
	s := goalScene()
	cmds := idle()
	res := s.Play(&cmds, nil)
	if !s.Snaffles[4].Scored || s.Score != [2]int32{1, 0} || res.Scored != [2]int8{1, 0} {
		t.Errorf("goal: snaffle %+v, scores %v, result %+v", s.Snaffles[4], s.Score, res)
	}
	if s.ScoreToWin != 3 || res.Over {
		t.Errorf("score to win %d, over %v; want 3, not over", s.ScoreToWin, res.Over)
	}
}

func TestWallBounce(t *testing.T) {
	s := wallScene()
	cmds := idle()
	s.Play(&cmds, nil)
	if w := s.Wizards[1]; w.Pos != (sim.Vec{X: 1000, Y: 6900}) || w.Vel != (sim.Vec{X: 0, Y: -225}) {
		t.Errorf("wizard 1 = %+v, want at (1000,6900) speed (0,-225)", w)
	}
}

func TestNewFromSeed(t *testing.T) {
	// fb-001 (seed 1429053283): 7 snaffles, frame 0 "4 5209 5537 ... 10
	// 8000 3750", bludgers 11 and 12, majority 4.
	s := NewFromSeed(1429053283, Published)
	if s.NumSnaffles != 7 || s.ScoreToWin != 4 || s.Snaffles[0].Pos != (sim.Vec{X: 5209, Y: 5537}) || s.BludgerID(0) != 11 || s.PostID(3) != 16 {
		t.Errorf("seed 1429053283: %d snaffles, to win %d, first %v, bludger %d, post %d", s.NumSnaffles, s.ScoreToWin, s.Snaffles[0].Pos, s.BludgerID(0), s.PostID(3))
	}
	if kind, k := s.Entity(12); kind != BludgerEntity || k != 1 {
		t.Errorf("Entity(12) = %v %d, want bludger 1", kind, k)
	}
}

func TestTruncateMessage(t *testing.T) {
	// fb.md section 3: beyond 28 chars, 26 and "..." (fb-018 frame 101).
	for in, want := range map[string]string{
		"this message is definitely longer than 28 chars": "this message is definitely...",
		"élève!":                       "élève!",
		"exactly twenty-eight chars!!": "exactly twenty-eight chars!!",
	} {
		if got := TruncateMessage(in); got != want {
			t.Errorf("TruncateMessage(%q) = %q, want %q", in, got, want)
		}
	}
}

// busy returns a mid-game state of fb-001's seed: 40 turns of every wizard
// chasing the snaffle nearest to it.
func busy() State {
	s := NewFromSeed(1429053283, Published)
	for k := 0; k < 40; k++ {
		cmds := chase(&s)
		s.Play(&cmds, nil)
	}
	return s
}

func chase(s *State) [MaxWizards]Command {
	var cmds [MaxWizards]Command
	for i := range s.Wizards {
		w := &s.Wizards[i]
		if w.Holding != NoID {
			cmds[i] = Throwing(float64(Width*(1-Owner(i))), Height/2, MaxThrowPower)
			continue
		}
		best, bd := sim.Vec{X: Width / 2, Y: Height / 2}, -1.0
		for k := 0; k < int(s.NumSnaffles); k++ {
			if sn := &s.Snaffles[k]; !sn.Scored {
				if d := sn.Pos.Dist2(w.Pos); bd < 0 || d < bd {
					best, bd = sn.Pos, d
				}
			}
		}
		cmds[i] = Moving(best.X, best.Y, MaxThrust)
	}
	return cmds
}

func TestPlayAllocs(t *testing.T) {
	s := busy()
	cmds := chase(&s)
	var log Log
	for _, l := range []*Log{nil, &log} {
		if n := testing.AllocsPerRun(100, func() {
			next := s
			next.Play(&cmds, l)
		}); n != 0 {
			t.Errorf("Play (log %v) allocates %v times per turn", l != nil, n)
		}
	}
	if n := testing.AllocsPerRun(100, func() { ParseOrder("MOVE 1 2 3 hi") }); n != 0 {
		t.Errorf("ParseOrder allocates %v times", n)
	}
}

func ExampleState_Play() {
	s := NewFromSeed(1429053283, Published)
	cmds := [MaxWizards]Command{
		Moving(5209, 5537, 150), Moving(5992, 868, 150),
		Moving(10791, 1963, 150), Moving(10008, 6632, 150),
	}
	var log Log
	s.Play(&cmds, &log)
	fmt.Println(s.Wizards[0].Pos, s.Wizards[0].Vel, s.Bludgers[0].Pos, s.Magic)
	// Output: {1150 5260} {112 8} {7328 3778} [1 1]
}

func TestObliviate(t *testing.T) {
	// fb.md 6.3 step 4: a bludger under a team's OBLIVIATE chases none of
	// that team's wizards. Bludger 0 (id 9) would chase wizard 0 (4450
	// away); with player 0's OBLIVIATE running it chases wizard 3 instead
	// (4550 away, towards +x).
	s := quiet()
	s.Wizards[3].Pos = sim.Vec{X: 12000, Y: 3750}
	s.Wizards[1].Cast, s.Wizards[1].LastTarget = Obliviate, 9
	cmds := idle()
	s.Play(&cmds, nil)
	if v := s.Bludgers[0].Vel; v.X <= 0 {
		t.Errorf("obliviated bludger speed %v, want it towards wizard 3 (+x)", v)
	}
	if w := s.Wizards[1]; w.Countdown[Obliviate] != 3 || w.Target[Obliviate] != 9 {
		t.Errorf("OBLIVIATE countdown %d target %d, want 3 on 9", w.Countdown[Obliviate], w.Target[Obliviate])
	}
	// It acts in 3 simulations: countdown 1 in the third, then over.
	for k := 0; k < 2; k++ {
		s.Play(&cmds, nil)
	}
	if w := s.Wizards[1]; w.Countdown[Obliviate] != 1 {
		t.Errorf("after 3 turns OBLIVIATE countdown %d, want 1 (its last turn)", w.Countdown[Obliviate])
	}
	s.Play(&cmds, nil)
	if w := s.Wizards[1]; w.Countdown[Obliviate] != 0 || w.Target[Obliviate] != NoID {
		t.Errorf("after 4 turns OBLIVIATE countdown %d target %d, want over", w.Countdown[Obliviate], w.Target[Obliviate])
	}
}
