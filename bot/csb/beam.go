package csb

import (
	"impulse/bot"
)

// BeamRoot sets n to the root (bot.BeamGame).
func (s *Search) BeamRoot(n *beamNode) { n.st, n.dir = s.root, s.dir0 }

// BeamChild gives child c its orders at depth d (0: best's, 1: the
// heuristic's, others drawn by beamGene around best's), plays that turn
// and evaluates it (bot.BeamGame).
func (s *Search) BeamChild(r *bot.Rand, pl int, n *beamNode, plan *Plan, d, c int, best, theirs *Plan) (float64, bool) {
	var g [2]Gene
	switch c {
	case 0:
		g = best[d]
	case 1:
		g = s.heuristic[pl][d]
	default:
		g = [2]Gene{beamGene(r, best[d][0], &s.Genes), beamGene(r, best[d][1], &s.Genes)}
	}
	plan[d] = g
	s.play(&n.st, &n.dir, pl, &g, &theirs[d])
	return s.eval(&n.st, &n.dir, pl), n.st.Finished()
}

// BeamEval evaluates n for pl (bot.BeamGame).
func (s *Search) BeamEval(n *beamNode, pl int) float64 { return s.eval(&n.st, &n.dir, pl) }

// beamGene draws a child's order: half the time a random one, else a
// small change of the best plan's order g (rotation by up to 9 degrees,
// thrust by up to 100, flags kept).
func beamGene(r *bot.Rand, g Gene, odds *Genes) Gene {
	if r.Intn(2) == 0 {
		return randomGene(r, odds)
	}
	rot := g.Rotation() + r.Intn(19) - 9
	thrust := int(g.Thrust()) + r.Intn(201) - 100
	return MakeGene(rot, thrust, g.Shield(), g&boostBit != 0)
}
