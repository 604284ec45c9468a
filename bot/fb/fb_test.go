package fb

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"impulse/bot"
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
	p.randomize(&r, &st, 0)
	for i := 0; i < 20000; i++ {
		p.mutate(&r, &st, i%2, r.Float64())
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
			cmds := Baseline(&st, pl)
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
				if c.Action == simfb.Cast && st.Magic[simfb.Owner(i)] < simfb.SpellCost[c.Spell] {
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
// covers a GA iteration and a beam pass).
func TestSearchZeroAlloc(t *testing.T) {
	st := midGame(5, 20)
	s := NewSearch(0, 1)
	for _, strategy := range []string{bot.StrategyGA, bot.StrategyBeam} {
		warm := bot.NewBudget(time.Time{}, 0, 50)
		s.Turn(&st, true, strategy, &warm)
		for _, timed := range []bool{false, true} {
			if n := testing.AllocsPerRun(10, func() {
				b := bot.NewBudget(time.Time{}, 0, 100)
				if timed {
					b = bot.NewBudget(time.Now(), time.Millisecond, 0)
				}
				s.Turn(&st, false, strategy, &b)
			}); n != 0 {
				t.Errorf("a %s turn (on a time budget: %v) allocates %v times", strategy, timed, n)
			}
		}
	}
}

// gameInput plays a game of two baseline bots with the snaffles of seed
// and returns the input player pl reads (the init line, then each turn's
// lines), for at most rounds turns.
func gameInput(seed int64, pl, rounds int) string {
	st := simfb.NewFromSeed(seed, simfb.Live)
	lines := simfb.InitInput(pl)
	for r := 0; r < rounds; r++ {
		st.Prepare()
		lines = append(lines, st.TurnInput(pl)...)
		for p := 0; p < 2; p++ {
			cmds := Baseline(&st, p)
			st.Apply(2*p, cmds[0])
			st.Apply(2*p+1, cmds[1])
		}
		if res := st.Update(nil); res.Over {
			break
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// TestDeterministic: with Iterations set, the same seed gives the same
// output over a game, for both searches and in both seats; another seed
// gives another.
func TestDeterministic(t *testing.T) {
	for k := 0; k < 4; k++ {
		pl, strategy := k%2, StrategyGA
		if k >= 2 {
			strategy = StrategyBeam
		}
		in := gameInput(11, pl, 60)
		run := func(seed int64) string {
			var out bytes.Buffer
			cfg := Config{Config: bot.Config{Strategy: strategy, Seed: seed, Iterations: 100}}
			if err := Run(strings.NewReader(in), &out, io.Discard, cfg); err != nil {
				t.Fatal(err)
			}
			return out.String()
		}
		a, b, c := run(1), run(1), run(2)
		if a != b {
			t.Errorf("%s, player %d: seed 1 played two ways:\n%s\n----\n%s", strategy, pl, a, b)
		}
		if a == c {
			t.Errorf("%s, player %d: seeds 1 and 2 played the same game", strategy, pl)
		}
		// Two bludger lines a turn in, two command lines a turn out.
		if n, want := strings.Count(a, "\n"), strings.Count(in, "BLUDGER"); n != want {
			t.Errorf("player %d: %d output lines for %d turns", pl, n, want/2)
		}
	}
}

// TestRunPlaysGames plays whole games through Run, as a process would:
// the test is the referee, on the simulator, with the opponent an
// in-process baseline bot. Every line Run writes must pass the engine's
// grammar and checks, Run must answer each turn before reading the next
// and return nil at the end of the input.
func TestRunPlaysGames(t *testing.T) {
	for _, strategy := range []string{StrategyGA, StrategyBeam, StrategyBaseline} {
		for seat := 0; seat < 2; seat++ {
			t.Run(fmt.Sprintf("%s/seat=%d", strategy, seat), func(t *testing.T) {
				runGame(t, 21+int64(seat), seat, Config{Config: bot.Config{Strategy: strategy, Seed: 3, Iterations: 60}})
			})
		}
	}
}

func runGame(t *testing.T, seed int64, seat int, cfg Config) {
	st := simfb.NewFromSeed(seed, simfb.Live)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var log bytes.Buffer
	done := make(chan error, 1)
	go func() {
		err := Run(inR, outW, &log, cfg)
		outW.Close()
		done <- err
	}()
	opp, err := NewBot(Config{Config: bot.Config{Strategy: StrategyBaseline}})
	if err != nil {
		t.Fatal(err)
	}
	if err := opp.Init(simfb.InitInput(1 - seat)); err != nil {
		t.Fatal(err)
	}
	out := bufio.NewScanner(outR)
	fmt.Fprintln(inW, strings.Join(simfb.InitInput(seat), "\n"))
	rounds := 0
	for ; rounds < simfb.MaxRounds; rounds++ {
		st.Prepare()
		mine, theirs := st.TurnInput(seat), st.TurnInput(1-seat)
		fmt.Fprintln(inW, strings.Join(mine, "\n"))
		var lines [2]string
		for k := 0; k < 2; k++ {
			if !out.Scan() {
				t.Fatalf("round %d: Run wrote %d of 2 lines (%v)", rounds+1, k, <-done)
			}
			lines[k] = out.Text()
		}
		o, err := opp.Turn(theirs, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		all := [2][2]string{lines, o}
		if seat == 1 {
			all = [2][2]string{o, lines}
		}
		for pl := 0; pl < 2; pl++ {
			for k, line := range all[pl] {
				c, err := simfb.ParseOrder(line)
				if err == nil {
					err = st.Check(2*pl+k, c.Command)
				}
				if err != nil {
					t.Fatalf("round %d: player %d line %q: %v", rounds+1, pl, line, err)
				}
				st.Apply(2*pl+k, c.Command)
			}
		}
		if res := st.Update(nil); res.Over {
			rounds++
			break
		}
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Fatalf("Run: %v", err)
	}
	if out.Scan() {
		t.Errorf("Run wrote %q after the input ended", out.Text())
	}
	if n := strings.Count(log.String(), "\n"); n != rounds {
		t.Errorf("%d log lines for %d rounds:\n%s", n, rounds, log.String())
	}
	if cfg.Strategy != StrategyBaseline && !strings.Contains(log.String(), "simulated turns") {
		t.Errorf("the log does not count simulated turns:\n%.300s", log.String())
	}
}

// TestRunBadInput: bad input is an error naming the line, never a panic
// or a hang; the empty input is a game that never started.
func TestRunBadInput(t *testing.T) {
	good := gameInput(3, 0, 2)
	lines := strings.Split(strings.TrimSuffix(good, "\n"), "\n")
	n := len(lines)
	replace := func(i int, s string) string {
		l := append([]string(nil), lines...)
		l[i] = s
		return strings.Join(l, "\n") + "\n"
	}
	tests := []struct {
		name, in, want string // want: "" for no error, else a part of it
	}{
		{"empty", "", ""},
		{"whole", good, ""},
		{"team", replace(0, "2"), "line 1: init: myTeamId"},
		{"score", replace(1, "0"), "lines 2-17: turn 1: line 1"},
		{"count", replace(3, "99"), "lines 2-4: turn 1: entity count"},
		{"entity fields", replace(n-1, "12 BLUDGER 1 2 3 4"), "expected 'id type x y vx vy state'"},
		{"entity kind", replace(4, "0 SNAFFLE 1 2 3 4 0"), "id 0 is no SNAFFLE"},
		{"entity number", replace(n-2, "11 BLUDGER 1 2 x 4 0"), "not an integer"},
		{"short turn", strings.Join(lines[:n-2], "\n"), "entities"},
		{"header only", strings.Join(lines[:3], "\n"), "after 2 of 3 header lines"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := Run(strings.NewReader(tc.in), io.Discard, io.Discard, Config{Config: bot.Config{Iterations: 5}})
			switch {
			case tc.want == "" && err != nil:
				t.Errorf("Run: %v", err)
			case tc.want != "" && err == nil:
				t.Errorf("Run accepted the input, want an error with %q", tc.want)
			case tc.want != "" && !strings.Contains(err.Error(), tc.want):
				t.Errorf("Run: %v; want an error with %q", err, tc.want)
			}
		})
	}
	if _, err := NewBot(Config{Config: bot.Config{Strategy: "mcts"}}); err == nil || !strings.Contains(err.Error(), "mcts") {
		t.Errorf("NewBot(mcts): %v, want an error naming the strategy", err)
	}
}

// FuzzRun feeds Run any input: it must return, without panicking.
func FuzzRun(f *testing.F) {
	f.Add(gameInput(1, 0, 3))
	f.Add(gameInput(2, 1, 2))
	f.Add("1\n0 0\n0 0\n6\n")
	f.Fuzz(func(t *testing.T, in string) {
		Run(strings.NewReader(in), io.Discard, io.Discard, Config{Config: bot.Config{Iterations: 3}})
	})
}
