package csb

import (
	"impulse/bot"
	simcsb "impulse/sim/csb"
)

// Sizes of the beam search.
const (
	BeamWidth    = 16 // nodes kept per depth
	BeamChildren = 8  // children expanded per node
	maxChildren  = BeamWidth * BeamChildren
)

// beamNode is a state reached by the first turns of a plan.
type beamNode struct {
	st   simcsb.State
	dir  [simcsb.MaxPods][2]float64
	plan Plan // the turns up to the node's depth are set
	done bool // the race is over: the node is carried, not expanded
}

// beam is the memory of the beam search, allocated once.
type beam struct {
	layers [2][maxChildren]beamNode
	scores [maxChildren]float64
	idx    [maxChildren]int32
	best   Plan
	score  float64 // of best
	// turns left in the budget's current iteration (Depth turns each).
	turns int
}

// searchBeam runs passes of a stochastic beam search for player pl
// against theirs until the budget ends. A pass expands BeamChildren
// children per kept node and depth (the best plan's order, the heuristic
// plan's, others drawn by beamGene) and keeps the BeamWidth best. The best
// plan starts as the population's best, and goes back into it.
func (s *Search) searchBeam(pl int, theirs *Plan, b *bot.Budget) *Plan {
	bm := s.beam
	pop := &s.pop[pl]
	top := bot.Best(pop.scores[:])
	bm.best, bm.score = pop.plans[top], pop.scores[top]
	bm.turns = 0
	for s.beamPass(pl, theirs, b) {
	}
	if w := bot.Worst(pop.scores[:]); bm.score > pop.scores[w] {
		pop.plans[w] = bm.best
		pop.scores[w] = bm.score
	}
	return &bm.best
}

// beamPass runs one pass and reports whether the budget allows more; a
// pass cut short by the budget keeps what its finished leaves found (none).
func (s *Search) beamPass(pl int, theirs *Plan, b *bot.Budget) bool {
	bm := s.beam
	cur, next := &bm.layers[0], &bm.layers[1]
	cur[0].st, cur[0].dir, cur[0].done = s.root, s.dir0, false
	n := 1
	for d := 0; d < Depth; d++ {
		m := 0
		for i := 0; i < n; i++ {
			parent := &cur[i]
			children := BeamChildren
			if parent.done {
				children = 1
			}
			for c := 0; c < children; c++ {
				if !s.beamTick(b) {
					return false
				}
				child := &next[m]
				*child = *parent
				if !parent.done {
					var g [2]Gene
					switch c {
					case 0:
						g = bm.best[d]
					case 1:
						g = s.heuristic[pl][d]
					default:
						g = [2]Gene{s.beamGene(bm.best[d][0]), s.beamGene(bm.best[d][1])}
					}
					child.plan[d] = g
					s.play(&child.st, &child.dir, pl, &g, &theirs[d])
					child.done = child.st.Finished()
				}
				bm.scores[m] = s.eval(&child.st, &child.dir, pl)
				bm.idx[m] = int32(m)
				m++
			}
		}
		kept := bot.TopK(bm.scores[:m], bm.idx[:m], BeamWidth)
		for k, j := range kept {
			cur[k] = next[j]
		}
		n = len(kept)
		if d == Depth-1 && bm.scores[kept[0]] > bm.score {
			bm.best, bm.score = cur[0].plan, bm.scores[kept[0]]
		}
	}
	return true
}

// beamTick counts one simulated turn and reports whether the budget
// allows it: the budget is asked once every Depth turns.
func (s *Search) beamTick(b *bot.Budget) bool {
	if s.beam.turns == 0 {
		if !b.Next() {
			return false
		}
		s.beam.turns = Depth
	}
	s.beam.turns--
	return true
}

// beamGene draws a child's order: half the time a random one, else a
// small change of the best plan's order g (rotation by up to 9 degrees,
// thrust by up to 100, flags kept).
func (s *Search) beamGene(g Gene) Gene {
	if s.rng.Intn(2) == 0 {
		return randomGene(&s.rng)
	}
	rot := g.Rotation() + s.rng.Intn(19) - 9
	thrust := int(g.Thrust()) + s.rng.Intn(201) - 100
	return MakeGene(rot, thrust, g.Shield(), g&boostBit != 0)
}
