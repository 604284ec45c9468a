package fb

import (
	"fmt"
	"strings"
	"testing"

	"impulse/bot"
	"impulse/bot/bottest"
	simfb "impulse/sim/fb"
)

func TestGene(t *testing.T) {
	tests := []struct {
		angle, power         int
		wantAngle, wantPower int
	}{
		{0, 0, 0, 0},
		{359, 100, 359, 100},
		{360, 50, 0, 50},
		{-90, 101, 270, 100},
		{725, -3, 5, 0},
	}
	for _, tc := range tests {
		g := MakeMove(tc.angle, tc.power)
		if g.Angle() != tc.wantAngle || g.Power() != tc.wantPower || g.IsSpell() {
			t.Errorf("MakeMove(%d, %d) = angle %d power %d spell %v, want %d %d false",
				tc.angle, tc.power, g.Angle(), g.Power(), g.IsSpell(), tc.wantAngle, tc.wantPower)
		}
		s := MakeSpell(simfb.Petrificus, 13, g)
		if !s.IsSpell() || s.Spell() != simfb.Petrificus || s.Target() != 13 || s.Angle() != g.Angle() || s.Power() != g.Power() {
			t.Errorf("MakeSpell(PETRIFICUS, 13, %#x) = %#x: spell %v target %d angle %d power %d",
				g, s, s.Spell(), s.Target(), s.Angle(), s.Power())
		}
	}
	// geneOf: directions in screen degrees (y down), powers in percent of
	// the thrust or, for a holder, of the throw.
	st := simfb.NewFromSeed(1, simfb.Live) // wizard 0 at (1000, 5250)
	bludger := st.BludgerID(0)             // at (7450, 3750)
	for _, tc := range []struct {
		c            simfb.Command
		angle, power int
		spell        bool
	}{
		{simfb.Moving(2000, 5250, 150), 0, 100, false},
		{simfb.Moving(1000, 6250, 75), 90, 50, false},
		{simfb.Moving(0, 4250, 0), 225, 0, false},
		{simfb.Casting(simfb.Obliviate, bludger), 347, 100, true}, // atan2(-1500, 6450)
	} {
		g := geneOf(&st, 0, tc.c)
		if g.Angle() != tc.angle || g.Power() != tc.power || g.IsSpell() != tc.spell {
			t.Errorf("geneOf(%s) = angle %d power %d spell %v, want %d %d %v", tc.c, g.Angle(), g.Power(), g.IsSpell(), tc.angle, tc.power, tc.spell)
		}
	}
	st.Wizards[0].Holding, st.Snaffles[0].Carrier = 0, 0
	if g := geneOf(&st, 0, simfb.Throwing(1000, 0, 250)); g.Angle() != 270 || g.Power() != 50 {
		t.Errorf("geneOf(THROW up at 250) = angle %d power %d, want 270 50", g.Angle(), g.Power())
	}

	st = midGame(3, 30)
	r := bot.NewRand(1)
	var p Plan
	p.randomize(&r, &st, 0, Depth, &DefaultGenes)
	for i := 0; i < 20000; i++ {
		p.mutate(&r, &st, i%2, Depth, r.Float64(), &DefaultGenes)
		for _, g := range []Gene{randomGene(&r, &st, 1, 50), p[i%Depth][i%2]} {
			if g.Angle() >= numAngles || g.Power() > 100 {
				t.Fatalf("gene %#x: angle %d power %d out of range", g, g.Angle(), g.Power())
			}
		}
	}
}

// midGame returns the state after rounds turns of two baseline bots with
// the snaffles of seed, the search's kind of root.
func midGame(seed int64, rounds int) simfb.State {
	st := simfb.NewFromSeed(seed, simfb.Live)
	for r := 0; r < rounds; r++ {
		var c [simfb.MaxWizards]simfb.Command
		for pl := 0; pl < 2; pl++ {
			cmds := DefaultBaseline.Commands(&st, pl)
			c[2*pl], c[2*pl+1] = cmds[0], cmds[1]
		}
		if res := st.Play(&c, nil); res.Over {
			break
		}
	}
	return st
}

// TestCommandLegal: whatever the gene, the command it gives is one the
// engine accepts (State.Check) and prints as a line the engine parses back
// to the same command.
func TestCommandLegal(t *testing.T) {
	r := bot.NewRand(7)
	for _, seed := range []int64{1, 2, 3, 4} {
		for _, rounds := range []int{0, 5, 17, 40, 90} {
			st := midGame(seed, rounds)
			st.Magic = [2]int32{int32(r.Intn(101)), int32(r.Intn(101))}
			st.Prepare()
			for n := 0; n < 500; n++ {
				i := r.Intn(simfb.MaxWizards)
				g := randomGene(&r, &st, simfb.Owner(i), 50)
				if r.Intn(4) == 0 {
					g = MakeSpell(simfb.Spell(r.Intn(simfb.NumSpells)), r.Intn(16), g)
				}
				c := command(&st, i, g)
				if err := st.Check(i, c); err != nil {
					t.Fatalf("seed %d round %d wizard %d gene %#x: %s: %v", seed, rounds, i, g, c, err)
				}
				if c.Action == simfb.Cast && st.Magic[simfb.Owner(i)] < st.SpellCost(c.Spell) {
					t.Fatalf("seed %d round %d wizard %d: %s without the magic (%d)", seed, rounds, i, c, st.Magic[simfb.Owner(i)])
				}
				o, err := simfb.ParseOrder(c.String())
				if err != nil || o.Command != c {
					t.Fatalf("%s parses as %+v, %v", c, o.Command, err)
				}
			}
		}
	}
}

// TestSearchZeroAlloc: a whole turn of either search, on an iteration
// count or on a time budget, allocates nothing (the engine's own test
// covers a GA iteration and a beam pass), with the default weights and
// with Robust negative (the worse of two rollouts).
func TestSearchZeroAlloc(t *testing.T) {
	st := midGame(5, 20)
	for _, v := range []struct {
		name string
		set  func(w *Weights)
	}{
		{"default", func(w *Weights) {}},
		{"robust-min", func(w *Weights) { w.Robust = -1 }},
	} {
		t.Run(v.name, func(t *testing.T) {
			s := NewSearch(0, 1)
			v.set(&s.Weights)
			bottest.CheckTurnAllocs(t, func(strategy string, first bool, b *bot.Budget) { s.Turn(&st, first, strategy, b) })
		})
	}
}

// gameInput plays a game of two baseline bots with the snaffles of seed
// and returns the input player pl reads (the init line, then each turn's
// lines), for at most rounds turns.
func gameInput(seed int64, pl, rounds int) string {
	return gameInputRules(seed, pl, rounds, simfb.Live)
}

// gameInputRules is gameInput under the given rules.
func gameInputRules(seed int64, pl, rounds int, rules simfb.Rules) string {
	st := simfb.NewFromSeed(seed, rules)
	lines := simfb.InitInput(pl)
	for r := 0; r < rounds; r++ {
		st.Prepare()
		lines = append(lines, st.TurnInput(pl)...)
		for p := 0; p < 2; p++ {
			cmds := DefaultBaseline.Commands(&st, p)
			st.Apply(2*p, cmds[0])
			st.Apply(2*p+1, cmds[1])
		}
		if res := st.Update(nil); res.Over {
			break
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// game is this package as bottest's shared tests see it.
var game = bottest.Game{
	Bot:      bottest.BotOf(Run, NewBot, func(c bot.Config, s bot.Settings) Config { return Config{Config: c, Settings: s} }),
	Settings: Settings,
	MaxDepth: MaxDepth,
	Input:    gameInput,
	Referee: func(seed int64) bottest.Referee {
		st := simfb.NewFromSeed(seed, simfb.Live)
		st.Prepare()
		return (*referee)(&st)
	},
}

// TestDeterministic: with Iterations set, the same seed gives the same
// output over a game, for both searches and both seats; another seed
// gives another.
func TestDeterministic(t *testing.T) { game.CheckDeterministic(t) }

// TestRunPlaysGames plays whole games through Run, as a process would:
// the test is the referee, on the simulator, with the opponent an
// in-process bot. Every line Run writes must match the engine's grammar,
// Run must answer each turn before reading the next and return nil at the
// end of the input.
func TestRunPlaysGames(t *testing.T) { game.PlayGames(t) }

// TestRunBadInput: bad input is an error naming the line, never a panic
// or a hang; the empty input is a game that never started.
func TestRunBadInput(t *testing.T) {
	game.CheckBadInputs(t, func(lines bottest.Lines) []bottest.BadInput {
		n := len(lines)
		return []bottest.BadInput{
			{Name: "team", In: lines.Replace(0, "2"), Want: "line 1: init: myTeamId"},
			{Name: "score", In: lines.Replace(1, "0"), Want: "lines 2-17: turn 1: line 1"},
			{Name: "count", In: lines.Replace(3, "99"), Want: "lines 2-4: turn 1: entity count"},
			{Name: "entity fields", In: lines.Replace(n-1, "12 BLUDGER 1 2 3 4"), Want: "want 'id type x y vx vy state'"},
			{Name: "entity kind", In: lines.Replace(4, "0 SNAFFLE 1 2 3 4 0"), Want: "id 0 is no SNAFFLE"},
			{Name: "entity number", In: lines.Replace(n-2, "11 BLUDGER 1 2 x 4 0"), Want: "not an integer"},
			{Name: "short turn", In: lines.Head(n - 2), Want: "entities"},
			{Name: "header only", In: lines.Head(3), Want: "after 2 of 3 header lines"},
		}
	})
}

// FuzzRun feeds Run any input: it must return, without panicking.
func FuzzRun(f *testing.F) { game.Fuzz(f, "1\n0 0\n0 0\n6\n") }

// referee is a game as bottest.PlayThroughRun plays it: the live rules,
// every line through the engine's grammar and checks, in wizard order.
type referee simfb.State

func (r *referee) InitInput(pl int) []string { return simfb.InitInput(pl) }
func (r *referee) TurnInput(pl int) []string { return (*simfb.State)(r).TurnInput(pl) }
func (r *referee) MaxRounds() int            { return simfb.MaxRounds }

func (r *referee) Play(lines [2][2]string) (bool, error) {
	st := (*simfb.State)(r)
	for pl := range lines {
		for k, line := range lines[pl] {
			c, err := simfb.ParseOrder(line)
			if err == nil {
				err = st.Check(2*pl+k, c.Command)
			}
			if err != nil {
				return false, fmt.Errorf("player %d line %q: %v", pl, line, err)
			}
			st.Apply(2*pl+k, c.Command)
		}
	}
	over := st.Update(nil).Over
	st.Prepare()
	return over, nil
}

// TestSpellCostOfTheRules: the bot's spells cost what the rules it plays
// say (fb.md section 1): with 15 magic, ACCIO is an order it may give under
// the live rules (15 magic) and not under the published ones (20); the
// other spells cost the same under both.
func TestSpellCostOfTheRules(t *testing.T) {
	for _, tc := range []struct {
		rules simfb.Rules
		magic int32
		sp    simfb.Spell
		want  bool
	}{
		{simfb.Live, 15, simfb.Accio, true},
		{simfb.Live, 14, simfb.Accio, false},
		{simfb.Published, 19, simfb.Accio, false},
		{simfb.Published, 20, simfb.Accio, true},
		{simfb.Live, 19, simfb.Flipendo, false},
		{simfb.Published, 20, simfb.Flipendo, true},
	} {
		st := simfb.NewFromSeed(1, tc.rules)
		st.Magic[0] = tc.magic
		if got := spellOK(&st, 0, tc.sp, st.SnaffleID(0)); got != tc.want {
			t.Errorf("%v rules, %d magic: %v on a snaffle allowed %v, want %v", tc.rules, tc.magic, tc.sp, got, tc.want)
		}
	}
}
