package csb

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"impulse/bot"
	simcsb "impulse/sim/csb"
)

func TestGene(t *testing.T) {
	tests := []struct {
		rot, thrust   int
		shield, boost bool
		wantRot       int
		wantThrust    int32
		wantS, wantB  bool
	}{
		{-18, 0, false, false, -18, 0, false, false},
		{18, 200, false, false, 18, 200, false, false},
		{0, 137, false, false, 0, 137, false, false},
		{-40, 999, false, false, -18, 200, false, false},
		{40, -5, false, false, 18, 0, false, false},
		{5, 100, true, false, 5, 100, true, false},
		{-7, 50, false, true, -7, 50, false, true},
		{3, 60, true, true, 3, 60, true, false}, // SHIELD wins over BOOST
	}
	for _, tc := range tests {
		g := MakeGene(tc.rot, tc.thrust, tc.shield, tc.boost)
		if g.Rotation() != tc.wantRot || g.Thrust() != tc.wantThrust || g.Shield() != tc.wantS || g.Boost() != tc.wantB {
			t.Errorf("MakeGene(%d, %d, %v, %v) = rotation %d thrust %d shield %v boost %v",
				tc.rot, tc.thrust, tc.shield, tc.boost, g.Rotation(), g.Thrust(), g.Shield(), g.Boost())
		}
	}
	r := bot.NewRand(1)
	var p Plan
	for i := 0; i < 10000; i++ {
		p.mutate(&r, r.Float64())
		g := randomGene(&r)
		for _, g := range []Gene{g, p[i%Depth][i%2]} {
			if rot := g.Rotation(); rot < -18 || rot > 18 || g.Thrust() > 200 {
				t.Fatalf("gene %#x: rotation %d thrust %d out of range", g, rot, g.Thrust())
			}
		}
	}
}

// midGame returns the state after rounds turns of two baseline bots on
// the map of seed, the search's kind of root.
func midGame(t testing.TB, seed int64, rounds int) simcsb.State {
	st := simcsb.NewFromSeed(seed, simcsb.Live)
	longest := longestLeg(&st)
	for r := 0; r < rounds; r++ {
		var c [simcsb.MaxPods]simcsb.Command
		for i := range c {
			c[i] = baselineCommand(&st, i, longest)
		}
		for i := range c {
			st.Apply(i, c[i])
		}
		st.Play(nil)
	}
	return st
}

// TestSearchZeroAlloc: a whole turn of either search, on an iteration
// count or on a time budget, allocates nothing (the engine's own test
// covers a GA iteration and a beam pass).
func TestSearchZeroAlloc(t *testing.T) {
	st := midGame(t, 5, 20)
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

// gameInput plays a game of two baseline bots on the map of seed and
// returns the input player pl reads (init lines, then 4 lines a turn).
func gameInput(seed int64, pl, rounds int) string {
	st := simcsb.NewFromSeed(seed, simcsb.Live)
	lines := st.InitInput()
	longest := longestLeg(&st)
	for r := 0; r < rounds; r++ {
		lines = append(lines, st.TurnInput(pl)...)
		for i := 0; i < simcsb.MaxPods; i++ {
			st.Apply(i, baselineCommand(&st, i, longest))
		}
		if res := st.Play(nil); res.Finished {
			break
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// TestDeterministic: with Iterations set, the same seed gives the same
// output over a game, for both searches and both seats; another seed
// gives another.
func TestDeterministic(t *testing.T) {
	for _, strategy := range []string{StrategyGA, StrategyBeam} {
		for pl := 0; pl < 2; pl++ {
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
				t.Errorf("%s, player %d: seeds 1 and 2 played the same 60 turns", strategy, pl)
			}
			if n := strings.Count(a, "\n"); n != 120 {
				t.Errorf("%s, player %d: %d output lines for 60 turns", strategy, pl, n)
			}
		}
	}
}

// TestRunPlaysGames plays whole games through Run, as a process would:
// the test is the referee, on the simulator, with the opponent an
// in-process bot. Every line Run writes must match the engine's grammar,
// Run must answer each turn before reading the next and return nil at the
// end of the input.
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
	st := simcsb.NewFromSeed(seed, simcsb.Live)
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
	if err := opp.Init(st.InitInput()); err != nil {
		t.Fatal(err)
	}
	out := bufio.NewScanner(outR)
	fmt.Fprintln(inW, strings.Join(st.InitInput(), "\n"))
	rounds := 0
	for ; rounds < simcsb.MaxRounds; rounds++ {
		mine, theirs := st.TurnInput(seat), st.TurnInput(1-seat)
		fmt.Fprintln(inW, strings.Join(mine, "\n"))
		for k := 0; k < 2; k++ {
			if !out.Scan() {
				t.Fatalf("round %d: Run wrote %d of 2 lines (%v)", rounds+1, k, <-done)
			}
			o, err := simcsb.ParseOrder(out.Text(), simcsb.Live)
			if err != nil {
				t.Fatalf("round %d: line %q: %v", rounds+1, out.Text(), err)
			}
			st.Apply(2*seat+k, o.Command)
		}
		o, err := opp.Turn(theirs, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		for k, line := range o {
			c, _ := simcsb.ParseOrder(line, simcsb.Live)
			st.Apply(2*(1-seat)+k, c.Command)
		}
		if res := st.Play(nil); res.Finished || res.TimedOut[0] || res.TimedOut[1] {
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
		{"laps", replace(0, "three"), "line 1"},
		{"checkpoint count", replace(1, "1"), "checkpoint count"},
		{"checkpoints too close", replace(3, lines[2]), "checkpoints 0 and 1"},
		{"checkpoint", replace(2, "100"), "checkpoint 0"},
		{"pod fields", replace(n-1, "1 2 3 4 5"), "pod line 4"},
		{"next checkpoint", replace(n-4, "1 2 3 4 5 99"), "next checkpoint 99"},
		{"pod number", replace(n-2, "1 2 3 x 5 1"), "field 4"},
		{"short turn", strings.Join(lines[:n-2], "\n"), "2 of 4 pod lines"},
		{"init only", strings.Join(lines[:2], "\n"), "want"},
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
	f.Add("3\n2\n0 0\n1000 1000\n0 0 0 0 -1 1\n")
	f.Fuzz(func(t *testing.T, in string) {
		Run(strings.NewReader(in), io.Discard, io.Discard, Config{Config: bot.Config{Iterations: 3}})
	})
}

// TestPublishedRules: under the published rules, whose grammar has no
// BOOST, the bots never write one: on maps raced in 5 or 2 laps (3 or 6
// checkpoints, csb.md section 1), which they tell apart by themselves, and
// on 3-lap maps when Config.Rules says so.
func TestPublishedRules(t *testing.T) {
	played := [2]int{}
	for seed := int64(1); (played[0] < 3 || played[1] < 3) && seed < 200; seed++ {
		three := simcsb.NewFromSeed(seed, simcsb.Published).Laps == 3
		k := 0
		if three {
			k = 1
		}
		if played[k] >= 3 {
			continue
		}
		played[k]++
		for _, strategy := range []string{StrategyGA, StrategyBeam, StrategyBaseline} {
			cfg := Config{Config: bot.Config{Strategy: strategy, Seed: 1, Iterations: 50}}
			if three {
				cfg.Rules = simcsb.Published
			}
			if _, err := playRules(seed, simcsb.Published, [2]Config{cfg, cfg}); err != nil {
				t.Errorf("seed %d (3 laps: %v): %s: %v", seed, three, strategy, err)
			}
		}
	}
	if played != [2]int{3, 3} {
		t.Fatalf("played %v maps (other laps, 3 laps), want 3 of each", played)
	}
}
