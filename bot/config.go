package bot

import (
	"errors"
	"flag"
	"fmt"
	"time"

	"impulse/sim"
)

// Config is the setting of a bot that both games share; each game's
// Config is a Setup, which embeds it.
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
// turn) and returns an error for an unknown strategy, StrategyBeam in a
// contest build without it (nobeam.go), or a negative count or budget.
// "search", FB's old name of the genetic algorithm, is StrategyGA.
func (c *Config) Check(first, turn time.Duration) error {
	switch c.Strategy {
	case "", "search":
		c.Strategy = StrategyGA
	case StrategyGA, StrategyBaseline:
	case StrategyBeam:
		if !beamBuilt {
			return errors.New(`strategy beam: this contest build has no beam search (build tag beam): bundle with -flags "-strategy beam", which adds the tag`)
		}
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

// Setup is a game's Config: Config, the search's Settings, and the
// game's evaluation weights W, baseline policy B and gene odds G. A zero
// part means the game's default.
type Setup[W, B, G comparable] struct {
	Config
	Weights  W
	Settings Settings
	Baseline B
	Genes    G
}

// OrDefaults sets the zero parts of s, and a zero Settings.Depth, to d's.
func (s *Setup[W, B, G]) OrDefaults(d *Setup[W, B, G]) {
	orDefault(&s.Weights, d.Weights)
	orDefault(&s.Settings, d.Settings)
	orDefault(&s.Settings.Depth, d.Settings.Depth)
	orDefault(&s.Baseline, d.Baseline)
	orDefault(&s.Genes, d.Genes)
}

// Prepare fills in s for a game's NewBot (Config.Check, OrDefaults) and
// returns an error for settings out of range or a Depth over maxDepth.
func (s *Setup[W, B, G]) Prepare(first, turn time.Duration, d *Setup[W, B, G], maxDepth int) error {
	if err := s.Check(first, turn); err != nil {
		return err
	}
	s.OrDefaults(d)
	if err := s.Settings.Check(); err != nil {
		return err
	}
	if s.Settings.Depth > maxDepth {
		return fmt.Errorf("depth %d: want %d at most", s.Settings.Depth, maxDepth)
	}
	return nil
}

// RegisterFlags defines s's flags on fs, with s's values as defaults:
// the search constants a tuner may change. A game's plans hold s.Depth
// turns at most.
func (s *Settings) RegisterFlags(fs *flag.FlagSet) {
	fs.IntVar(&s.Depth, "depth", s.Depth, "turns a plan covers (1..6, the turns a plan holds)")
	fs.IntVar(&s.Population, "population", s.Population, "GA: plans kept per player (3+)")
	fs.IntVar(&s.CrossoverTenths, "crossover", s.CrossoverTenths, "GA: tenths of children bred by crossover (0..10)")
	fs.IntVar(&s.TournamentSize, "tournament", s.TournamentSize, "GA: plans drawn to choose a parent (1+)")
	fs.Float64Var(&s.MutationDecay, "mutation-decay", s.MutationDecay, "GA: mutation amplitude falls from 1 to 1-this (0..1)")
	fs.Float64Var(&s.OpponentShare, "opponent-share", s.OpponentShare, "budget share predicting the opponent (0..1, 1 excluded)")
	fs.IntVar(&s.MaxOpponentIterations, "opponent-iterations", s.MaxOpponentIterations, "most iterations predicting the opponent (0: any)")
	fs.IntVar(&s.BeamWidth, "beam-width", s.BeamWidth, "beam: nodes kept per depth (width × children: 1..128)")
	fs.IntVar(&s.BeamChildren, "beam-children", s.BeamChildren, "beam: children per node")
}

// Check returns an error for settings the engine cannot run with: the
// ranges are in the flags' help.
func (s *Settings) Check() error {
	if s.Depth < 1 || s.Population < 3 || s.CrossoverTenths < 0 || s.CrossoverTenths > 10 || s.TournamentSize < 1 ||
		!(s.MutationDecay >= 0 && s.MutationDecay <= 1) || !(s.OpponentShare >= 0 && s.OpponentShare < 1) ||
		s.MaxOpponentIterations < 0 || s.BeamWidth < 1 || s.BeamChildren < 1 || s.BeamWidth > MaxBeamChildren/s.BeamChildren {
		return fmt.Errorf("settings %+v out of range (bot -h)", *s)
	}
	return nil
}

// orDefault sets *v to def when *v is its type's zero value.
func orDefault[T comparable](v *T, def T) {
	var zero T
	if *v == zero {
		*v = def
	}
}
