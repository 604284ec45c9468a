package main

import (
	"context"
	"testing"

	"impulse/referee/arena"
	"impulse/referee/builtin"
	"impulse/referee/match"
	"impulse/referee/tune"
	"impulse/sim"
)

// TestTuneRunnerSameGames plays the same pairs of a tuning run as bot
// processes through referee/match (tune.MatchRunner, what "referee tune"
// plays) and in process (arena.TuneRunner, "referee tune -in-process"),
// both games at a fixed number of iterations a turn, against each other
// and against a fixed opponent: each game has the same result.
func TestTuneRunnerSameGames(t *testing.T) {
	for _, tc := range []struct {
		game, bot, p2 string
		param         tune.Param
		a, b          float64
	}{
		{"csb", "csb/ga -iterations 60 -w-runner-facing {x}", "csb/baseline", tune.Param{Name: "x"}, 0, 3000},
		{"fb", "fb/ga -iterations 40 -w-magic {x}", "fb/baseline", tune.Param{Name: "x"}, 0, 600},
	} {
		t.Run(tc.game, func(t *testing.T) {
			params := []tune.Param{tc.param}
			procs := &tune.MatchRunner{
				Match:  match.Options{Game: tc.game, Rules: sim.Live, TimeScale: 10, Parallel: 2},
				Bot:    tc.bot,
				Params: params,
				Player: func(cmd string) (match.Player, error) { return builtin.Player(cmd, tc.game, sim.Live) },
			}
			var err error
			if procs.Opponent, err = procs.Player(tc.p2); err != nil {
				t.Fatal(err)
			}
			inProc := &arena.TuneRunner{Rules: sim.Live, Bot: tc.bot, Params: params, Opponent: tc.p2}
			decided := 0
			for seed := int64(1); seed <= 3; seed++ {
				for _, p := range []tune.Pair{
					{Iteration: int(seed), Seed: seed, A: []float64{tc.a}, B: []float64{tc.b}},
					{Iteration: int(seed), Side: 1, Seed: seed, A: []float64{tc.b}},
				} {
					want, err := procs.PlayPair(context.Background(), p)
					if err != nil {
						t.Fatal(err)
					}
					got, err := inProc.PlayPair(context.Background(), p)
					if err != nil {
						t.Fatal(err)
					}
					if got != want {
						t.Errorf("seed %d, side %d: in process %v, as processes %v", seed, p.Side, got, want)
					}
					for _, x := range want {
						if x != 0.5 {
							decided++
						}
					}
				}
			}
			if decided == 0 {
				t.Error("every game drawn: the comparison shows nothing")
			}
		})
	}
}
