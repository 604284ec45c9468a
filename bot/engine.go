package bot

import "math"

// Strategies of a search bot, in both games.
const (
	StrategyGA       = "ga"       // genetic algorithm (the default)
	StrategyBeam     = "beam"     // beam search for our plan
	StrategyBaseline = "baseline" // the game's heuristic, no search
)

// Game is a game's side of the Engine: its simulation and plans. P is a
// plan (a player's orders for the next Depth turns), N a beam node (a
// state; see BeamGame); pl is 0 or 1, the other player 1−pl. The game
// holds the turn's root and heuristic plans.
type Game[P, N any] interface {
	// Rollout plays mine for pl and theirs from the root: pl's score,
	// higher is better.
	Rollout(pl int, mine, theirs *P) float64
	Heuristic(pl int) *P
	Randomize(r *Rand, pl int, p *P)
	// Shift drops the turn just played and draws the last.
	Shift(r *Rand, pl int, p *P)
	// Mutate changes p, the more the larger amplitude (from 1, falling as
	// the budget is used).
	Mutate(r *Rand, pl int, p *P, amplitude float64)
	Crossover(r *Rand, child, a, b *P)
}

// Prefixed is a Game that keeps each plan's trajectory, so that a child
// is simulated only from its first turn unlike a parent's (the turns
// before are the parent's, against the same plan of theirs). The engine
// calls these instead of Rollout; results are Rollout's, bit for bit.
type Prefixed[P any] interface {
	// RolloutSlot is Rollout of mine, kept as plan i's trajectory.
	RolloutSlot(pl, i int, mine, theirs *P) float64
	// Shared is the number of leading turns in which child gives plan i's
	// orders, up to the game's end (at most Depth).
	Shared(pl int, child *P, i int) int
	// RolloutChild is Rollout of child, whose first k turns are plan
	// parent's (Shared), against the theirs of that plan's last
	// RolloutSlot or Keep.
	RolloutChild(pl int, child *P, parent, k int, theirs *P) float64
	// Keep makes the last RolloutChild's trajectory plan i's.
	Keep(pl, i int)
}

// Settings are a search's constants; each game has its defaults.
type Settings struct {
	// Depth is the number of turns a plan covers.
	Depth int
	// Population is the number of plans kept per player.
	Population int
	// CrossoverTenths is the chance in tenths that a child crosses two parents.
	CrossoverTenths int
	// TournamentSize is the number of plans drawn to choose a parent.
	TournamentSize int
	// MutationDecay: the mutation amplitude falls from 1 to 1−this.
	MutationDecay float64
	// OpponentShare is the share of a turn's budget spent predicting the
	// opponent, MaxOpponentIterations (0: no bound) its most iterations.
	OpponentShare         float64
	MaxOpponentIterations int
	// RandomizeFirst draws the populations on the first turn (from the
	// root); otherwise NewEngine's caller calls Randomize.
	RandomizeFirst bool
	// ReplaceWorst: each turn the heuristic plan and two random ones
	// replace the three worst plans; otherwise the last three.
	ReplaceWorst bool
	// BeamWidth nodes are kept per depth, each expanded into BeamChildren
	// children (at most MaxBeamChildren in all).
	BeamWidth, BeamChildren int
}

// MaxBeamChildren bounds BeamWidth × BeamChildren, the beam's layer size.
const MaxBeamChildren = 128

// population is one player's plans and their scores. worst indexes the
// lowest score (Worst's), kept current rather than found for each child
// (most are not kept).
type population[P any] struct {
	plans  []P
	scores []float64
	worst  int
}

// Engine is the search of both games: a genetic algorithm over both
// players' plans, the opponent's first, and a beam search for ours. Its
// memory is allocated by NewEngine (the beam's on first use); a turn
// allocates nothing.
type Engine[P, N any, G Game[P, N]] struct {
	Game     G
	Rand     Rand
	Settings Settings
	me       int
	pop      [2]population[P]
	// beam is the beam search's memory (beam.go; nobeam.go without it).
	beam *beam[P, N]
	// pre is Game as a Prefixed, or nil.
	pre Prefixed[P]
	// Scratch plans: a local one passed to the game would escape through
	// the instantiation's dictionary.
	child, mine, theirs P
}

// NewEngine returns the search of player me (0 or 1) of game g.
func NewEngine[P, N any, G Game[P, N]](g G, me int, seed int64, s Settings) *Engine[P, N, G] {
	e := &Engine[P, N, G]{Game: g, Rand: NewRand(seed), Settings: s, me: me}
	e.pre, _ = any(g).(Prefixed[P])
	for pl := range e.pop {
		e.pop[pl] = population[P]{plans: make([]P, s.Population), scores: make([]float64, s.Population)}
	}
	return e
}

// Randomize draws every plan of pl's population.
func (e *Engine[P, N, G]) Randomize(pl int) {
	for i := range e.pop[pl].plans {
		e.Game.Randomize(&e.Rand, pl, &e.pop[pl].plans[i])
	}
}

// seed readies pl's population for a new turn: every plan shifted by the
// turn just played (first, drawn if Settings.RandomizeFirst), the
// heuristic plan and two random ones in place of three (see ReplaceWorst),
// all scored against theirs.
func (e *Engine[P, N, G]) seed(pl int, theirs *P, first bool) {
	pop := &e.pop[pl]
	r := &e.Rand
	for i := range pop.plans {
		switch {
		case !first:
			e.Game.Shift(r, pl, &pop.plans[i])
		case e.Settings.RandomizeFirst:
			e.Game.Randomize(r, pl, &pop.plans[i])
		}
	}
	n := len(pop.plans)
	for k := 0; k < 3; k++ {
		i := n - 1
		if k > 0 {
			i = n - 4 + k
		}
		if e.Settings.ReplaceWorst {
			// The three worst make way; on the first turn, none is scored.
			i = Worst(pop.scores)
			pop.scores[i] = math.Inf(1)
		}
		if k == 0 {
			pop.plans[i] = *e.Game.Heuristic(pl)
		} else {
			e.Game.Randomize(r, pl, &pop.plans[i])
		}
	}
	for i := range pop.plans {
		if e.pre != nil {
			pop.scores[i] = e.pre.RolloutSlot(pl, i, &pop.plans[i], theirs)
		} else {
			pop.scores[i] = e.Game.Rollout(pl, &pop.plans[i], theirs)
		}
	}
	pop.worst = Worst(pop.scores)
}

// generation is one iteration of the genetic algorithm for pl against
// theirs: a child of tournament winners, by crossover or copy, mutated
// less as the budget is used, rolled out, and kept over the worst plan if
// better.
func (e *Engine[P, N, G]) generation(pl int, theirs *P, used float64) {
	pop := &e.pop[pl]
	r := &e.Rand
	child := &e.child
	a := Tournament(r, pop.scores, e.Settings.TournamentSize)
	b := a
	if r.Intn(10) < e.Settings.CrossoverTenths {
		b = Tournament(r, pop.scores, e.Settings.TournamentSize)
		e.Game.Crossover(r, child, &pop.plans[a], &pop.plans[b])
	} else {
		*child = pop.plans[a]
	}
	e.Game.Mutate(r, pl, child, 1-e.Settings.MutationDecay*used)
	var score float64
	if e.pre != nil {
		// From the parent it shares more turns with (a copy has one).
		parent, k := a, e.pre.Shared(pl, child, a)
		if b != a {
			if kb := e.pre.Shared(pl, child, b); kb > k {
				parent, k = b, kb
			}
		}
		score = e.pre.RolloutChild(pl, child, parent, k, theirs)
	} else {
		score = e.Game.Rollout(pl, child, theirs)
	}
	if w := pop.worst; score > pop.scores[w] {
		if e.pre != nil {
			e.pre.Keep(pl, w)
		}
		pop.plans[w] = *child
		pop.scores[w] = score
		pop.worst = Worst(pop.scores)
	}
}

// Best returns player pl's best plan.
func (e *Engine[P, N, G]) Best(pl int) *P {
	pop := &e.pop[pl]
	return &pop.plans[Best(pop.scores)]
}

// Turn returns our plan, searched within budget b once the game's root and
// heuristic plans are set. The opponent's population evolves first
// (OpponentShare of b, at most MaxOpponentIterations) against our last
// plan shifted (first, our heuristic plan), then ours against its best
// (by beam search with StrategyBeam).
func (e *Engine[P, N, G]) Turn(first bool, strategy string, b *Budget) *P {
	op := 1 - e.me
	mine, theirs := &e.mine, &e.theirs
	if first {
		*mine = *e.Game.Heuristic(e.me)
	} else {
		*mine = *e.Best(e.me)
		e.Game.Shift(&e.Rand, e.me, mine)
	}
	e.seed(op, mine, first)
	part := b.Split(e.Settings.OpponentShare)
	for n := 0; (e.Settings.MaxOpponentIterations == 0 || n < e.Settings.MaxOpponentIterations) && part.Next(); n++ {
		e.generation(op, mine, part.Progress())
	}
	b.Spend(part.Iterations())
	*theirs = *e.Best(op)

	e.seed(e.me, theirs, first)
	if strategy == StrategyBeam {
		return e.searchBeam(e.me, theirs, b)
	}
	for b.Next() {
		e.generation(e.me, theirs, b.Progress())
	}
	return e.Best(e.me)
}

// Predicted returns the opponent's best plan of the last Turn.
func (e *Engine[P, N, G]) Predicted() *P { return e.Best(1 - e.me) }

// Trajectories is a Prefixed game's bookkeeping of one player's
// trajectories: n+1 for n plans, plan i's and the spare, where the last
// child's rollout is written.
type Trajectories[T any] struct {
	All            []T
	slot           []int32
	spare          int32
	parent, shared int
}

// NewTrajectories returns the bookkeeping of n plans' trajectories.
func NewTrajectories[T any](n int) Trajectories[T] {
	t := Trajectories[T]{All: make([]T, n+1), slot: make([]int32, n), spare: int32(n)}
	for i := range t.slot {
		t.slot[i] = int32(i)
	}
	return t
}

// Plan returns plan i's trajectory.
func (t *Trajectories[T]) Plan(i int) *T { return &t.All[t.slot[i]] }

// Child records a child's parent plan and shared turns, and returns the
// parent's trajectory and the spare, the child's.
func (t *Trajectories[T]) Child(parent, shared int) (p, spare *T) {
	t.parent, t.shared = parent, shared
	return t.Plan(parent), &t.All[t.spare]
}

// Keep swaps the spare trajectory (the last child's) and plan i's, and
// returns the child's parent's, the child's and their shared turns.
func (t *Trajectories[T]) Keep(i int) (parent, child *T, shared int) {
	parent, child = t.Plan(t.parent), &t.All[t.spare]
	t.slot[i], t.spare = t.spare, t.slot[i]
	return parent, child, t.shared
}

// SharedOrders returns the number of leading orders in which child and
// plan agree, at most len(child).
func SharedOrders[O comparable](child, plan []O) int {
	k := 0
	for k < len(child) && child[k] == plan[k] {
		k++
	}
	return k
}
