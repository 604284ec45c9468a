// Package bottest holds what the bots' tests share: a game played through
// a contest program's Run over pipes, turn by turn, the table of bad
// inputs a Run must refuse by name, the pinned moves, and Game, a bot
// package as these tests see it, whose methods are the tests both bots
// run. Only tests import it; it is not part of the contest bundle.
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
	return Lines(strings.Split(strings.TrimSuffix(good, "\n"), "\n")).Replace(i, s)
}

// Lines are the lines of a good input, of which bad ones are made.
type Lines []string

// Replace returns the input with line i replaced by s.
func (l Lines) Replace(i int, s string) string {
	c := append(Lines(nil), l...)
	c[i] = s
	return strings.Join(c, "\n") + "\n"
}

// Head returns the input cut after its first n lines, without the last
// newline.
func (l Lines) Head(n int) string { return strings.Join(l[:n], "\n") }

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

// Bot is a bot package's entry points with a configuration bound.
type Bot struct {
	// Run binds a configuration and search settings (zero: the game's) to
	// the game's Run.
	Run func(cfg bot.Config, s bot.Settings) RunFunc
	// NewBot returns an in-process bot (the opponent of PlayGames), or the
	// game's NewBot's error.
	NewBot func(cfg bot.Config, s bot.Settings) (bot.Player, error)
}

// BotOf returns the Bot of a game's Run and NewBot, config making the
// game's Config of a bot.Config and search settings.
func BotOf[C any, P bot.Player](run func(in io.Reader, out, log io.Writer, cfg C) error, newBot func(C) (P, error), config func(bot.Config, bot.Settings) C) Bot {
	return Bot{
		Run: func(cfg bot.Config, s bot.Settings) RunFunc {
			return func(in io.Reader, out, log io.Writer) error { return run(in, out, log, config(cfg, s)) }
		},
		NewBot: func(cfg bot.Config, s bot.Settings) (bot.Player, error) { return newBot(config(cfg, s)) },
	}
}

// Game is what the shared tests need of a bot package.
type Game struct {
	Bot
	// Settings are the game's search settings, MaxDepth the most turns its
	// plans hold.
	Settings bot.Settings
	MaxDepth int
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
		if err := g.Run(cfg, bot.Settings{})(strings.NewReader(in), &out, io.Discard); err != nil {
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
				opp, err := g.NewBot(bot.Config{Strategy: bot.StrategyBaseline}, bot.Settings{})
				if err != nil {
					t.Fatal(err)
				}
				cfg := bot.Config{Strategy: strategy, Seed: 3, Iterations: 60}
				PlayThroughRun(t, g.Run(cfg, bot.Settings{}), seat, opp, g.Referee(21+int64(seat)), strategy != bot.StrategyBaseline)
			})
		}
	}
}

// CheckBadInputs runs through Run, at 5 iterations, the empty input (a
// game that never started), the input of a game of 2 turns (Input(3, 0,
// 2)) whole, and the bad inputs that bad makes of its lines; each must be
// refused by an error with its Want (CheckBadInputs).
func (g Game) CheckBadInputs(t *testing.T, bad func(good Lines) []BadInput) {
	good := g.Input(3, 0, 2)
	tests := []BadInput{{Name: "empty", In: "", Want: ""}, {Name: "whole", In: good, Want: ""}}
	tests = append(tests, bad(strings.Split(strings.TrimSuffix(good, "\n"), "\n"))...)
	CheckBadInputs(t, g.Run(bot.Config{Iterations: 5}, bot.Settings{}), tests)
}

// Fuzz feeds Run, at 3 iterations, any input, seeded with two games'
// (Input(1, 0, 3) and Input(2, 1, 2)) and seeds: it must return, without
// panicking.
func (g Game) Fuzz(f *testing.F, seeds ...string) {
	f.Add(g.Input(1, 0, 3))
	f.Add(g.Input(2, 1, 2))
	for _, s := range seeds {
		f.Add(s)
	}
	run := g.Run(bot.Config{Iterations: 3}, bot.Settings{})
	f.Fuzz(func(t *testing.T, in string) {
		run(strings.NewReader(in), io.Discard, io.Discard)
	})
}
