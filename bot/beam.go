//go:build !contest || beam

package bot

// The beam search of Engine (StrategyBeam). Every build has it but the
// contest one (tag contest), which has it with the tag beam: cmd/bundle
// adds the tag when the baked settings choose the beam, and leaves the
// beam's code out otherwise (nobeam.go), to save the bundle's characters.

// beamBuilt reports whether this build has the beam search: Config.Check
// refuses StrategyBeam in a build without it.
const beamBuilt = true

// BeamGame is a Game the beam search can play: the engine calls it per
// simulated turn. A game without it cannot play StrategyBeam.
type BeamGame[P, N any] interface {
	BeamRoot(n *N)
	// BeamChild sets child c's orders at depth d in plan (0: best's, 1:
	// the heuristic's, others drawn), plays that turn from n against
	// theirs, and returns pl's evaluation and whether the game is over.
	BeamChild(r *Rand, pl int, n *N, plan *P, d, c int, best, theirs *P) (score float64, over bool)
	BeamEval(n *N, pl int) float64
}

// beamNode is a node of the beam: a state, the plan that reached it (its
// turns up to the node's depth are set) and whether the game is over (the
// node is then carried, not expanded).
type beamNode[P, N any] struct {
	node N
	plan P
	over bool
}

// beam is the beam search's memory, allocated on its first use.
type beam[P, N any] struct {
	layers [2][MaxBeamChildren]beamNode[P, N]
	scores [MaxBeamChildren]float64
	idx    [MaxBeamChildren]int32
	best   P
	score  float64 // of best
	game   BeamGame[P, N]
	// turns counts down the turns simulated in the iteration under way:
	// the budget counts iterations of Depth turns, as the GA's rollouts.
	turns int
}

// searchBeam searches player pl's plan against theirs with passes of a
// stochastic beam search until the budget ends, and returns the best plan.
// Each pass expands, depth by depth, BeamChildren children of every kept
// node, simulating one turn each (BeamGame.BeamChild), and keeps the BeamWidth
// best by the evaluation. The best plan starts as the best of the seeded
// population and is replaced by any better leaf; it goes back into the
// population, so that the next turn starts from it.
func (e *Engine[P, N, G]) searchBeam(pl int, theirs *P, b *Budget) *P {
	if e.beam == nil {
		e.beam = new(beam[P, N])
	}
	bm := e.beam
	g, ok := any(e.Game).(BeamGame[P, N])
	if !ok {
		panic("bot: StrategyBeam for a game that is not a BeamGame")
	}
	bm.game = g
	pop := &e.pop[pl]
	top := Best(pop.scores)
	bm.best, bm.score = pop.plans[top], pop.scores[top]
	bm.turns = 0
	for e.beamPass(pl, theirs, b) {
	}
	if w := pop.worst; bm.score > pop.scores[w] {
		pop.plans[w] = bm.best
		pop.scores[w] = bm.score
		pop.worst = Worst(pop.scores)
		if e.pre != nil {
			// The slot's trajectory is the plan's again (the next turn's
			// seed plays every plan anew, but the slot must not lie).
			e.pre.RolloutSlot(pl, w, &pop.plans[w], theirs)
		}
	}
	return &bm.best
}

// beamPass runs one pass and reports whether the budget allows more; a
// pass cut short by the budget keeps what its finished leaves found (none).
func (e *Engine[P, N, G]) beamPass(pl int, theirs *P, b *Budget) bool {
	bm := e.beam
	cur, next := &bm.layers[0], &bm.layers[1]
	bm.game.BeamRoot(&cur[0].node)
	cur[0].over = false
	n := 1
	for d := 0; d < e.Settings.Depth; d++ {
		m := 0
		for i := 0; i < n; i++ {
			parent := &cur[i]
			children := e.Settings.BeamChildren
			if parent.over {
				children = 1
			}
			for c := 0; c < children; c++ {
				if !e.beamTick(b) {
					return false
				}
				child := &next[m]
				*child = *parent
				if parent.over {
					bm.scores[m] = bm.game.BeamEval(&child.node, pl)
				} else {
					bm.scores[m], child.over = bm.game.BeamChild(&e.Rand, pl, &child.node, &child.plan, d, c, &bm.best, theirs)
				}
				bm.idx[m] = int32(m)
				m++
			}
		}
		kept := TopK(bm.scores[:m], bm.idx[:m], e.Settings.BeamWidth)
		for k, j := range kept {
			cur[k] = next[j]
		}
		n = len(kept)
		if d == e.Settings.Depth-1 && bm.scores[kept[0]] > bm.score {
			bm.best, bm.score = cur[0].plan, bm.scores[kept[0]]
		}
	}
	return true
}

// beamTick counts one simulated turn and reports whether the budget
// allows it: the budget is asked once every Depth turns.
func (e *Engine[P, N, G]) beamTick(b *Budget) bool {
	if e.beam.turns == 0 {
		if !b.Next() {
			return false
		}
		e.beam.turns = e.Settings.Depth
	}
	e.beam.turns--
	return true
}

// TopK reorders idx, indices into scores, so that its first k entries are
// the k highest scores in decreasing order (ties in the order they came),
// and returns idx[:k] (all of idx when k ≥ len(idx)). It is a partial
// insertion sort: the beam's selection, O(len(idx)·k), and allocates
// nothing.
func TopK(scores []float64, idx []int32, k int) []int32 {
	if k > len(idx) {
		k = len(idx)
	}
	for i := 0; i < len(idx); i++ {
		v := idx[i]
		if i >= k {
			if scores[v] <= scores[idx[k-1]] {
				continue
			}
			idx[i] = idx[k-1]
			idx[k-1] = v
			i2 := k - 1
			for ; i2 > 0 && scores[v] > scores[idx[i2-1]]; i2-- {
				idx[i2] = idx[i2-1]
			}
			idx[i2] = v
			continue
		}
		j := i
		for ; j > 0 && scores[v] > scores[idx[j-1]]; j-- {
			idx[j] = idx[j-1]
		}
		idx[j] = v
	}
	return idx[:k]
}
