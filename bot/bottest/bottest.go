// Package bottest holds what the bots' tests share: a game played through
// a contest program's Run over pipes, turn by turn, and the table of bad
// inputs a Run must refuse by name. Only tests import it; it is not part of
// the contest bundle.
package bottest

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"impulse/bot"
)

// Referee is the game's side of PlayThroughRun: the official inputs and
// the engine's handling of the two players' lines.
type Referee interface {
	// InitInput and TurnInput are what player pl reads; TurnInput is asked
	// for both players before either moves.
	InitInput(pl int) []string
	TurnInput(pl int) []string
	// Play applies both players' lines, in the engine's order and
	// grammar, simulates the round, and reports whether the game is over.
	Play(lines [2][2]string) (over bool, err error)
	// MaxRounds bounds the game.
	MaxRounds() int
}

// RunFunc is a game's Run with its configuration bound.
type RunFunc func(in io.Reader, out, log io.Writer) error

// PlayThroughRun plays a game of run, in seat, against opp on ref:
// each round run reads its lines through a pipe and must answer two lines
// before it reads the next; at the end of the input it must return nil,
// having written nothing more, and logged a line per round (counting
// simulated turns when search is set).
func PlayThroughRun(t *testing.T, run RunFunc, seat int, opp bot.Player, ref Referee, search bool) {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	var log strings.Builder
	done := make(chan error, 1)
	go func() {
		err := run(inR, outW, &log)
		outW.Close()
		done <- err
	}()
	if err := opp.Init(ref.InitInput(1 - seat)); err != nil {
		t.Fatal(err)
	}
	out := bufio.NewScanner(outR)
	fmt.Fprintln(inW, strings.Join(ref.InitInput(seat), "\n"))
	rounds := 0
	for ; rounds < ref.MaxRounds(); rounds++ {
		mine, theirs := ref.TurnInput(seat), ref.TurnInput(1-seat)
		fmt.Fprintln(inW, strings.Join(mine, "\n"))
		var lines [2][2]string
		for k := 0; k < 2; k++ {
			if !out.Scan() {
				t.Fatalf("round %d: Run wrote %d of 2 lines (%v)", rounds+1, k, <-done)
			}
			lines[seat][k] = out.Text()
		}
		o, err := opp.Turn(theirs, time.Now())
		if err != nil {
			t.Fatal(err)
		}
		lines[1-seat] = o
		over, err := ref.Play(lines)
		if err != nil {
			t.Fatalf("round %d: %v", rounds+1, err)
		}
		if over {
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
	if search && !strings.Contains(log.String(), "simulated turns") {
		t.Errorf("the log does not count simulated turns:\n%.300s", log.String())
	}
}

// BadInput is an input and what Run must say of it: "" for no error,
// else a part of the error.
type BadInput struct{ Name, In, Want string }

// Replace returns good's lines with line i replaced by s.
func Replace(good string, i int, s string) string {
	l := strings.Split(strings.TrimSuffix(good, "\n"), "\n")
	l[i] = s
	return strings.Join(l, "\n") + "\n"
}

// CheckBadInputs runs each input through run: bad input is an error that
// names it, never a panic or a hang.
func CheckBadInputs(t *testing.T, run RunFunc, tests []BadInput) {
	for _, tc := range tests {
		t.Run(tc.Name, func(t *testing.T) {
			err := run(strings.NewReader(tc.In), io.Discard, io.Discard)
			switch {
			case tc.Want == "" && err != nil:
				t.Errorf("Run: %v", err)
			case tc.Want != "" && err == nil:
				t.Errorf("Run accepted the input, want an error with %q", tc.Want)
			case tc.Want != "" && !strings.Contains(err.Error(), tc.Want):
				t.Errorf("Run: %v; want an error with %q", err, tc.Want)
			}
		})
	}
}

// CheckTurnAllocs checks that whole turns of both searches, on an
// iteration count and on a time budget, allocate nothing once warm: turn
// runs one turn of the search with the strategy and budget (first: the
// game's first turn).
func CheckTurnAllocs(t *testing.T, turn func(strategy string, first bool, b *bot.Budget)) {
	b := new(bot.Budget) // passed to a func value, a local budget would escape
	for _, strategy := range []string{bot.StrategyGA, bot.StrategyBeam} {
		*b = bot.NewBudget(time.Time{}, 0, 50)
		turn(strategy, true, b)
		for _, timed := range []bool{false, true} {
			if n := testing.AllocsPerRun(10, func() {
				*b = bot.NewBudget(time.Time{}, 0, 100)
				if timed {
					*b = bot.NewBudget(time.Now(), time.Millisecond, 0)
				}
				turn(strategy, false, b)
			}); n != 0 {
				t.Errorf("a %s turn (on a time budget: %v) allocates %v times", strategy, timed, n)
			}
		}
	}
}

// Game is what the shared tests need of a bot package.
type Game struct {
	// Run binds a configuration to the game's Run.
	Run func(cfg bot.Config) RunFunc
	// NewBot returns an in-process bot, the opponent of PlayGames.
	NewBot func(cfg bot.Config) (bot.Player, error)
	// Input returns the input player pl reads in a game of two baseline
	// bots on the map of seed, over turns turns.
	Input func(seed int64, pl, turns int) string
	// Referee returns a new game on the map of seed.
	Referee func(seed int64) Referee
}

// CheckDeterministic checks that with a fixed iteration count the same
// seed plays the same output, for both searches and both seats, and
// another seed another, over a game of 60 turns.
func (g Game) CheckDeterministic(t *testing.T) {
	const turns = 60
	run := func(strategy string, seed int64, in string) string {
		var out strings.Builder
		cfg := bot.Config{Strategy: strategy, Seed: seed, Iterations: 100}
		if err := g.Run(cfg)(strings.NewReader(in), &out, io.Discard); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}
	for _, strategy := range []string{bot.StrategyGA, bot.StrategyBeam} {
		for pl := 0; pl < 2; pl++ {
			in := g.Input(11, pl, turns)
			a, b, c := run(strategy, 1, in), run(strategy, 1, in), run(strategy, 2, in)
			if a != b {
				t.Errorf("%s, player %d: seed 1 played two ways:\n%s\n----\n%s", strategy, pl, a, b)
			}
			if a == c {
				t.Errorf("%s, player %d: seeds 1 and 2 played the same %d turns", strategy, pl, turns)
			}
			if n := strings.Count(a, "\n"); n != 2*turns {
				t.Errorf("%s, player %d: %d output lines for %d turns", strategy, pl, n, turns)
			}
		}
	}
}

// PlayGames plays whole games through Run (PlayThroughRun) for every
// strategy and seat, against the baseline.
func (g Game) PlayGames(t *testing.T) {
	for _, strategy := range []string{bot.StrategyGA, bot.StrategyBeam, bot.StrategyBaseline} {
		for seat := 0; seat < 2; seat++ {
			t.Run(fmt.Sprintf("%s/seat=%d", strategy, seat), func(t *testing.T) {
				opp, err := g.NewBot(bot.Config{Strategy: bot.StrategyBaseline})
				if err != nil {
					t.Fatal(err)
				}
				cfg := bot.Config{Strategy: strategy, Seed: 3, Iterations: 60}
				PlayThroughRun(t, g.Run(cfg), seat, opp, g.Referee(21+int64(seat)), strategy != bot.StrategyBaseline)
			})
		}
	}
}
