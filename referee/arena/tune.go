package arena

import (
	"context"
	"fmt"

	"impulse/bot/csb"
	"impulse/bot/fb"
	"impulse/referee/builtin"
	tuning "impulse/referee/tune"
	"impulse/sim"
)

// TuneRunner plays the pairs of a tuning run (tuning.Runner) in this
// process: the tuned bot and its opponent are built-in bots, given as
// "referee tune" takes them (Bot with a {NAME} placeholder per parameter,
// Opponent as -p2), played on the simulator as PlayCSB and PlayFB play
// them, each pair's seed twice with the sides swapped, A in seat 0 first,
// as tuning.MatchRunner plays them as processes. With a fixed number of
// iterations a turn (-iterations) both play the same games
// (TestTuneRunnerSameGames), without the processes, pipes and text of a
// match; without one, the bots' time budgets are the only clock.
type TuneRunner struct {
	Rules  sim.Rules
	Bot    string
	Params []tuning.Param
	// Opponent plays side B of a pair without B's values ("" for none).
	Opponent string
}

// PlayPair implements tuning.Runner.
func (r *TuneRunner) PlayPair(ctx context.Context, p tuning.Pair) ([2]float64, error) {
	var points [2]float64
	a, err := r.setting(p.A)
	if err != nil {
		return points, err
	}
	b, err := r.setting(p.B)
	if err != nil {
		return points, err
	}
	for g := 0; g < 2; g++ {
		if err := ctx.Err(); err != nil {
			return points, err
		}
		seats := [2]any{a, b}
		if g == 1 {
			seats = [2]any{b, a}
		}
		res, err := r.play(p.Seed, seats)
		if err != nil {
			return points, fmt.Errorf("pair %d.%d, game %d: %w", p.Iteration, p.Side, g+1, err)
		}
		switch res.Winner {
		case -1:
			points[g] = 0.5
		case g: // A sits in seat g
			points[g] = 1
		}
	}
	return points, nil
}

// setting returns the Config of the bot with values (the tuned bot), or
// of the opponent for nil values, under r.Rules.
func (r *TuneRunner) setting(values []float64) (any, error) {
	spec := r.Opponent
	if values != nil {
		var err error
		if spec, err = tuning.Command(r.Bot, r.Params, values); err != nil {
			return nil, err
		}
	}
	s, err := builtinSetting(spec, r.Rules)
	if err != nil {
		return nil, err
	}
	return s.Value(), nil
}

// play plays seed between the Configs of seats, which must be of one game.
func (r *TuneRunner) play(seed int64, seats [2]any) (Game, error) {
	return playConfigs(seed, r.Rules, seats, 0, nil)
}

// builtinSetting returns the setting of the built-in bot spec, to play
// under rules.
func builtinSetting(spec string, rules sim.Rules) (builtin.Setting, error) {
	_, s, err := builtin.Parse(spec)
	if err != nil {
		return nil, err
	}
	s.Base().Rules = rules
	return s, nil
}

// playConfigs plays seed between the Configs of seats (a csb.Config or
// an fb.Config each, of one game), as PlayCSB and PlayFBRules, stopped
// after rounds rounds when rounds > 0, each valid line shown to see.
func playConfigs(seed int64, rules sim.Rules, seats [2]any, rounds int, see func(pl int, line string)) (Game, error) {
	switch a := seats[0].(type) {
	case csb.Config:
		if b, ok := seats[1].(csb.Config); ok {
			return playCSB(seed, rules, [2]csb.Config{a, b}, rounds, see)
		}
	case fb.Config:
		if b, ok := seats[1].(fb.Config); ok {
			return playFB(seed, rules, [2]fb.Config{a, b}, rounds, see)
		}
	default:
		return Game{}, fmt.Errorf("%T: no game to play in process", seats[0])
	}
	return Game{}, fmt.Errorf("bots of two games: %T against %T", seats[0], seats[1])
}
