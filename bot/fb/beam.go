package fb

import (
	"impulse/bot"
	simfb "impulse/sim/fb"
)

// BeamRoot sets n to the root (bot.BeamGame).
func (s *Search) BeamRoot(n *simfb.State) { *n = s.root }

// BeamChild gives child c its orders at depth d (0: best's, 1: the
// heuristic's, others drawn at random), plays that turn and evaluates it
// (bot.BeamGame).
func (s *Search) BeamChild(r *bot.Rand, pl int, n *simfb.State, plan *Plan, d, c int, best, theirs *Plan) (float64, bool) {
	var g [2]Gene
	switch c {
	case 0:
		g = best[d]
	case 1:
		g = s.heuristic[pl][d]
	default:
		g = [2]Gene{randomGene(r, n, pl, s.Genes.SpellChance), randomGene(r, n, pl, s.Genes.SpellChance)}
	}
	plan[d] = g
	res := s.play(n, pl, &g, &theirs[d])
	return s.Weights.eval(n, pl), res.Over || n.Round >= simfb.MaxRounds
}

// BeamEval evaluates n for pl (bot.BeamGame).
func (s *Search) BeamEval(n *simfb.State, pl int) float64 { return s.Weights.eval(n, pl) }
