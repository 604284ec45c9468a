package fb

import (
	"math"
	"testing"
	"time"

	"impulse/bot"
	"impulse/sim"

	simfb "impulse/sim/fb"
)

// TestForecast: with Weights.Opponents 3 the search keeps the best plan,
// then the next best whose first turn differs by more than a touch
// (distinctOrders), skipping near copies; with 1 it keeps none (the best
// alone is the engine's).
func TestForecast(t *testing.T) {
	plan := func(angle, power int) Plan {
		var p Plan
		p[0] = [2]Gene{MakeMove(angle, power), MakeMove(90, 100)}
		p[1] = [2]Gene{MakeMove(angle+1, power), MakeMove(91, 100)}
		return p
	}
	plans := []Plan{
		plan(10, 100), // 0: score 1, a near copy of 2
		plan(0, 100),  // 1: score 3, the best
		plan(5, 90),   // 2: score 2, 5 degrees and 10% from 1: a copy
		plan(200, 50), // 3: score 0, distinct
		plan(0, 20),   // 4: score -1, distinct by its power
	}
	plans[0][1][1] = MakeMove(300, 0) // a later turn apart counts for nothing
	scores := []float64{1, 3, 2, 0, -1}
	s := NewSearch(0, 1)
	s.W.Opponents = 3
	s.Forecast(plans, scores)
	want := []Plan{plans[1], plans[3], plans[4]}
	if s.nopp != len(want) {
		t.Fatalf("kept %d plans, want %d", s.nopp, len(want))
	}
	for i, p := range want {
		if s.opponents[i] != p {
			t.Errorf("plan %d kept: %v, want %v", i, s.opponents[i][0], p[0])
		}
	}
	s.W.Opponents = 1
	if s.Forecast(plans, scores); s.nopp != 0 {
		t.Errorf("Opponents 1: kept %d plans, want none", s.nopp)
	}
	// A spell is distinct from the same move.
	g := MakeMove(0, 100)
	if a, b := [2]Gene{g, g}, [2]Gene{MakeSpell(simfb.Flipendo, 5, g), g}; !distinctOrders(&a, &b) {
		t.Error("a FLIPENDO and a move: not distinct")
	}
}

// TestInferSpells: with Weights.InferSpells the bot gives the opponent
// the spells that the magic it paid tells (a PETRIFICUS for 10, an ACCIO
// or a FLIPENDO for 20), which act in the turn the bot plays forward, and
// none when it paid nothing; without it, none.
func TestInferSpells(t *testing.T) {
	for _, tc := range []struct {
		name  string
		infer bool
		cast  func(st *simfb.State) simfb.Command // wizard 2's order
		want  []simfb.Spell                       // one of these acts
	}{
		{"petrificus", true, func(st *simfb.State) simfb.Command { return simfb.Casting(simfb.Petrificus, 0) }, []simfb.Spell{simfb.Petrificus}},
		{"flipendo", true, liveSnaffle(simfb.Flipendo), []simfb.Spell{simfb.Flipendo, simfb.Accio}},
		{"accio", true, liveSnaffle(simfb.Accio), []simfb.Spell{simfb.Flipendo, simfb.Accio}},
		{"move", true, func(st *simfb.State) simfb.Command { return simfb.Moving(8000, 3750, 100) }, nil},
		{"not inferred", false, func(st *simfb.State) simfb.Command { return simfb.Casting(simfb.Petrificus, 0) }, nil},
	} {
		st := midGame(3, 30)
		st.Magic = [2]int32{50, 50}
		w := DefaultWeights
		w.InferSpells = tc.infer
		b, err := NewBot(Config{Config: bot.Config{Seed: 1, Iterations: 20}, Weights: w})
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Init(simfb.InitInput(0)); err != nil {
			t.Fatal(err)
		}
		for turn := 0; turn < 2; turn++ {
			st.Prepare()
			out, err := b.Turn(st.TurnInput(0), time.Now())
			if err != nil {
				t.Fatal(err)
			}
			for k, line := range out {
				o, err := simfb.ParseOrder(line)
				if err != nil {
					t.Fatal(err)
				}
				st.Apply(k, o.Command)
			}
			c, other := simfb.Moving(8000, 3750, 100), simfb.Moving(8000, 3750, 100)
			if turn == 0 {
				c = tc.cast(&st)
			}
			if err := st.Check(2, c); err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			st.Apply(2, c)
			st.Apply(3, other)
			st.Update(nil)
		}
		var acting []simfb.Spell
		for i := 2; i < simfb.MaxWizards; i++ {
			for sp, n := range b.st.Wizards[i].Countdown {
				if n > 0 {
					acting = append(acting, simfb.Spell(sp))
				}
			}
		}
		ok := len(acting) == 0
		if tc.want != nil {
			ok = false
			for _, sp := range tc.want {
				ok = ok || len(acting) == 1 && acting[0] == sp
			}
		}
		if !ok {
			t.Errorf("%s: the opponent's spells acting %v, want one of %v", tc.name, acting, tc.want)
		}
	}
}

// liveSnaffle returns wizard 2's order to cast sp on the first live
// snaffle.
func liveSnaffle(sp simfb.Spell) func(st *simfb.State) simfb.Command {
	return func(st *simfb.State) simfb.Command {
		for k := 0; k < int(st.NumSnaffles); k++ {
			if sn := &st.Snaffles[k]; !sn.Scored && sn.Carrier == simfb.NoID {
				return simfb.Casting(sp, st.SnaffleID(k))
			}
		}
		return simfb.Command{}
	}
}

// TestRolloutOpponents: against the opponent plans kept, our plan scores
// (1−SoftMin) times the mix of their mean with the heuristic plan's score
// (by Robust) plus SoftMin times the worst of them all; the opponent's
// plans are scored as before.
func TestRolloutOpponents(t *testing.T) {
	s := NewSearch(0, 1)
	s.root = midGame(2, 20)
	s.heuristic = heuristicPlans(&s.root, &s.B, s.depth)
	r := bot.NewRand(3)
	var mine Plan
	mine.randomize(&r, &s.root, 0, s.depth, &s.G)
	for i := 0; i < 3; i++ {
		s.opponents[i].randomize(&r, &s.root, 1, s.depth, &s.G)
	}
	s.nopp = 3
	var v [3]float64
	for i := range v {
		v[i] = s.rollout(0, &mine, &s.opponents[i])
	}
	h := s.rollout(0, &mine, &s.heuristic[1])
	mean := (v[0] + v[1] + v[2]) / 3
	worst := math.Min(math.Min(v[0], v[1]), math.Min(v[2], h))
	if mean == worst {
		t.Fatalf("scores %v and %v: no spread to test", v, h)
	}
	for _, tc := range []struct{ robust, softMin, want float64 }{
		{0, 0, mean},
		{0.5, 0, (mean + h) / 2},
		{0.5, 1, worst},
		{0.5, 0.25, 0.75*(mean+h)/2 + 0.25*worst},
	} {
		s.W.Robust, s.W.SoftMin = tc.robust, tc.softMin
		if got := s.Rollout(0, &mine, &s.opponents[0]); math.Abs(got-tc.want) > 1e-9*math.Abs(tc.want) {
			t.Errorf("Robust %v, SoftMin %v: %v, want %v", tc.robust, tc.softMin, got, tc.want)
		}
	}
	// The opponent's side ignores the plans kept: Robust alone.
	s.W.Robust = 0.5
	want := (s.rollout(1, &s.opponents[0], &mine) + s.rollout(1, &s.opponents[0], &s.heuristic[0])) / 2
	if got := s.Rollout(1, &s.opponents[0], &mine); got != want {
		t.Errorf("the opponent's rollout: %v, want %v", got, want)
	}
}

// TestSaveTarget: with SaveTurns 3 the baseline petrifies a free snaffle
// that would enter its own goal in the second or third turn from now (the
// spell stops it the turn after it is cast), not one that scores in the
// next turn anyway, nor one wide of the posts or held.
func TestSaveTarget(t *testing.T) {
	h := DefaultThresholds
	h.SaveTurns = 3
	for _, tc := range []struct {
		name     string
		pos, vel sim.Vec
		held     bool
		save     bool
	}{
		{"second turn", sim.Vec{X: 600, Y: 3750}, sim.Vec{X: -500}, false, true}, // x 100, then -275
		{"next turn", sim.Vec{X: 300, Y: 3750}, sim.Vec{X: -500}, false, false},
		{"wide", sim.Vec{X: 600, Y: 1000}, sim.Vec{X: -500}, false, false},
		{"too slow", sim.Vec{X: 3000, Y: 3750}, sim.Vec{X: -500}, false, false},
		{"held", sim.Vec{X: 600, Y: 3750}, sim.Vec{X: -500}, true, false},
	} {
		st := simfb.NewFromSeed(1, simfb.Live)
		for k := 1; k < int(st.NumSnaffles); k++ {
			st.Snaffles[k].Scored = true
		}
		sn := &st.Snaffles[0]
		sn.Pos, sn.Vel = tc.pos, tc.vel
		if tc.held {
			sn.Carrier, st.Wizards[2].Holding = 2, 0
		}
		st.Magic = [2]int32{10, 10}
		want := simfb.NoID
		if tc.save {
			want = st.SnaffleID(0)
		}
		if got := h.saveTarget(&st, 0); got != want {
			t.Errorf("%s: saveTarget %d, want %d", tc.name, got, want)
		}
		cmds := h.Commands(&st, 0)
		if cast := cmds[0].Action == simfb.Cast && cmds[0].Spell == simfb.Petrificus; cast != tc.save {
			t.Errorf("%s: player 0's first order %s", tc.name, cmds[0])
		}
	}
}
