// Package fb is the Fantastic Bits bot: a baseline heuristic and a search
// over both wizards' plans on the simulator sim/fb.
//
// The phases of a turn (Bot.Turn): the input is read into a sim/fb State
// (State.ReadTurn), with what the input does not show kept from the last
// turn (the bot's own spells, capture cooldowns); the search (Search.Turn)
// predicts the opponent with a share of the budget, then evolves its own
// plans against that prediction by a genetic algorithm; the first turn of
// the best plan is written as two command lines. Each plan keeps its
// rollouts turn by turn, so that a child is simulated only from the first
// turn where it differs from a parent (bot.Prefixed, prefix.go). The GA
// beat the beam search (strategy "beam", kept for the comparison) in
// TestGAVersusBeam (MEASUREMENTS.md). The baseline (strategy "baseline")
// answers without search: nearest snaffle, throw at the goal, FLIPENDO
// when a snaffle lines up with the goal.
//
// Entry points: Run plays a whole game on the CodinGame protocol; NewBot
// and Bot.Turn play it turn by turn (the in-process harness); Search is
// the search alone. A turn of the search allocates nothing.
package fb
