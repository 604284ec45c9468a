package tune_test

import (
	"context"
	"testing"
	"time"

	"impulse/bot"
	"impulse/bot/csb"
	"impulse/referee/arena"
	"impulse/referee/tune"
	"impulse/sim"
)

// TestTuneThrust tunes a real game: the CSB baseline bot whose full
// thrust is the parameter (csb.Baseline.Thrust, the flag -base-thrust),
// started at 40 of 200, in self-play over 200 games (100 iterations),
// played in process on the simulator through the text protocol
// (referee/arena). It must end above 120. C_END 10 and R_END 0.05: the
// sides differ by 2·c_k (32 at first, 20 at the end) and theta moves at
// most 148 in all.
func TestTuneThrust(t *testing.T) {
	p, err := tune.ParseParam("thrust,40,0,200,10,0.05")
	if err != nil {
		t.Fatal(err)
	}
	config := func(thrust float64) csb.Config {
		b := csb.DefaultBaseline
		b.Thrust = int(thrust)
		return csb.Config{Config: bot.Config{Strategy: bot.StrategyBaseline}, Baseline: b}
	}
	runner := tune.RunnerFunc(func(ctx context.Context, pr tune.Pair) ([2]float64, error) {
		a, b := config(pr.A[0]), config(pr.B[0])
		var pts [2]float64
		for seat := range pts {
			cfgs := [2]csb.Config{a, b}
			if seat == 1 {
				cfgs = [2]csb.Config{b, a}
			}
			g, err := arena.PlayCSB(pr.Seed, sim.Live, cfgs)
			if err != nil {
				return pts, err
			}
			switch g.Winner {
			case seat:
				pts[seat] = 1
			case -1:
				pts[seat] = 0.5
			}
		}
		return pts, nil
	})
	tu := tune.NewTuner([]tune.Param{p}, 100, 1)
	start := time.Now()
	wins := 0.0
	o := tune.Options{Runner: runner, Parallel: 2, Seed: 1, Done: func(t *tune.Tuner, it *tune.Iteration) error {
		if it.Plus[0] > it.Minus[0] {
			wins += (it.Result + 2) / 2
		} else if it.Plus[0] < it.Minus[0] {
			wins += (2 - it.Result) / 2
		}
		return nil
	}}
	if err := tune.Run(context.Background(), tu, o); err != nil {
		t.Fatal(err)
	}
	t.Logf("thrust 40 -> %.1f after %d games (%v); the side with more thrust won %.0f games of 200", tu.Theta[0], 2*tu.K, time.Since(start).Round(time.Millisecond), wins)
	if tu.Theta[0] <= 120 {
		t.Errorf("thrust ended at %.1f, want above 120", tu.Theta[0])
	}
}
