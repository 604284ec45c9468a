package csb

import (
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"impulse/bot"
	"impulse/bot/bottest"
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
		p.mutate(&r, r.Float64(), Depth, &DefaultGenes)
		g := randomGene(&r, &DefaultGenes)
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
			c[i] = baselineCommand(&st, i, longest, &DefaultBaseline)
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
	bottest.CheckTurnAllocs(t, func(strategy string, first bool, b *bot.Budget) { s.Turn(&st, first, strategy, b) })
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
			st.Apply(i, baselineCommand(&st, i, longest, &DefaultBaseline))
		}
		if res := st.Play(nil); res.Finished {
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
	Referee:  func(seed int64) bottest.Referee { st := simcsb.NewFromSeed(seed, simcsb.Live); return (*referee)(&st) },
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
			{Name: "laps", In: lines.Replace(0, "three"), Want: "line 1"},
			{Name: "checkpoint count", In: lines.Replace(1, "1"), Want: "checkpoint count"},
			{Name: "checkpoints too close", In: lines.Replace(3, lines[2]), Want: "checkpoints 0 and 1"},
			{Name: "checkpoint", In: lines.Replace(2, "100"), Want: "checkpoint 0"},
			{Name: "pod fields", In: lines.Replace(n-1, "1 2 3 4 5"), Want: "pod line 4"},
			{Name: "next checkpoint", In: lines.Replace(n-4, "1 2 3 4 5 99"), Want: "next checkpoint 99"},
			{Name: "pod number", In: lines.Replace(n-2, "1 2 3 x 5 1"), Want: "field 4"},
			{Name: "short turn", In: lines.Head(n - 2), Want: "2 of 4 pod lines"},
			{Name: "init only", In: lines.Head(2), Want: "want"},
		}
	})
}

// FuzzRun feeds Run any input: it must return, without panicking.
func FuzzRun(f *testing.F) { game.Fuzz(f, "3\n2\n0 0\n1000 1000\n0 0 0 0 -1 1\n") }

// referee is a race as bottest.PlayThroughRun plays it: the live rules,
// every line through the engine's grammar.
type referee simcsb.State

func (r *referee) InitInput(pl int) []string { return (*simcsb.State)(r).InitInput() }
func (r *referee) TurnInput(pl int) []string { return (*simcsb.State)(r).TurnInput(pl) }
func (r *referee) MaxRounds() int            { return simcsb.MaxRounds }

func (r *referee) Play(lines [2][2]string) (bool, error) {
	st := (*simcsb.State)(r)
	for pl := range lines {
		for k, line := range lines[pl] {
			o, err := simcsb.ParseOrder(line, simcsb.Live)
			if err != nil {
				return false, fmt.Errorf("player %d line %q: %v", pl, line, err)
			}
			st.Apply(2*pl+k, o.Command)
		}
	}
	res := st.Play(nil)
	return res.Finished || res.TimedOut[0] || res.TimedOut[1], nil
}

// TestCoincidentPods: input with two pods in one place (no game has it;
// sim/csb loops on it) is answered, not hung on.
func TestCoincidentPods(t *testing.T) {
	good := gameInput(3, 0, 1)
	lines := strings.Split(good, "\n")
	n := len(lines) - 1                          // the last is empty
	in := bottest.Replace(good, n-3, lines[n-4]) // our second pod on our first
	done := make(chan error, 1)
	go func() {
		done <- Run(strings.NewReader(in), io.Discard, io.Discard, Config{Config: bot.Config{Iterations: 20}})
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Run hangs on two pods in one place")
	}
}
