package bottest

import "impulse/bot"

// Plain is game G seen only as a bot.Game: not a bot.Prefixed, so that an
// engine over it rolls every plan out from the root, the reference a
// game's kept trajectories are tested against.
type Plain[P, N any, G bot.Game[P, N]] struct{ Game G }

func (g Plain[P, N, G]) Rollout(pl int, mine, theirs *P) float64 {
	return g.Game.Rollout(pl, mine, theirs)
}
func (g Plain[P, N, G]) Heuristic(pl int) *P                 { return g.Game.Heuristic(pl) }
func (g Plain[P, N, G]) Randomize(r *bot.Rand, pl int, p *P) { g.Game.Randomize(r, pl, p) }
func (g Plain[P, N, G]) Shift(r *bot.Rand, pl int, p *P)     { g.Game.Shift(r, pl, p) }
func (g Plain[P, N, G]) Mutate(r *bot.Rand, pl int, p *P, amplitude float64) {
	g.Game.Mutate(r, pl, p, amplitude)
}
func (g Plain[P, N, G]) Crossover(r *bot.Rand, child, a, b *P) { g.Game.Crossover(r, child, a, b) }
