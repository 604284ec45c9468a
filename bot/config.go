package bot

import (
	"errors"
	"flag"
	"fmt"
	"time"

	"impulse/sim"
)

// Config is the setting of a bot that both games share; each game's
// Config embeds it with the game's evaluation weights.
type Config struct {
	// Strategy is StrategyGA (the default, also for ""), StrategyBeam or
	// StrategyBaseline.
	Strategy string
	// Seed seeds the search's random source.
	Seed int64
	// Iterations > 0 fixes the search iterations per turn, ignoring time:
	// the same Seed gives the same moves. An iteration is a rollout of a
	// plan (the beam: a plan's turns simulated); a share of them predicts
	// the opponent.
	Iterations int
	// FirstTurn and Turn are the time budgets of the first turn and of the
	// others, from the reading of the turn's first line; zero means the
	// game's defaults.
	FirstTurn, Turn time.Duration
	// Rules is the rule set played (the live game by default).
	Rules sim.Rules
}

// RegisterFlags defines c's flags on fs, with c's values as defaults: the
// contest program, the referee's built-in bots and the tuner take the same
// flags.
func (c *Config) RegisterFlags(fs *flag.FlagSet) {
	fs.StringVar(&c.Strategy, "strategy", c.Strategy, "search strategy: "+StrategyGA+" (default), "+StrategyBeam+" or "+StrategyBaseline)
	fs.Int64Var(&c.Seed, "seed", c.Seed, "seed of the search's random source")
	fs.IntVar(&c.Iterations, "iterations", c.Iterations, "search iterations per turn, ignoring time (deterministic with -seed); 0: time budgets")
	fs.DurationVar(&c.FirstTurn, "first", c.FirstTurn, "time budget of the first turn (0: the game's default)")
	fs.DurationVar(&c.Turn, "turn", c.Turn, "time budget of the other turns (0: the game's default)")
	fs.Var(&c.Rules, "rules", "the rules played: live (CodinGame) or published (the published referee, for local matches)")
}

// Check fills in the defaults (StrategyGA, the game's budgets first and
// turn) and returns an error for an unknown strategy or a negative count
// or budget. "search", FB's old name of the genetic algorithm, is
// StrategyGA.
func (c *Config) Check(first, turn time.Duration) error {
	switch c.Strategy {
	case "", "search":
		c.Strategy = StrategyGA
	case StrategyGA, StrategyBeam, StrategyBaseline:
	default:
		return fmt.Errorf("unknown strategy %q (want %s, %s or %s)", c.Strategy, StrategyGA, StrategyBeam, StrategyBaseline)
	}
	if c.Iterations < 0 || c.FirstTurn < 0 || c.Turn < 0 {
		return errors.New("negative iterations or time budget")
	}
	if c.FirstTurn == 0 {
		c.FirstTurn = first
	}
	if c.Turn == 0 {
		c.Turn = turn
	}
	return nil
}
