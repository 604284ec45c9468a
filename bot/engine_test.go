package bot

import (
	"strings"
	"testing"
	"time"
)

// walk is a toy game for the engine: each player walks a line from 0, a
// plan is its steps (−1, 0 or +1) over four turns, and a player's score is
// its position minus the other's. The best plan is four steps of +1.
type walk struct {
	heuristic [2]walkPlan
	rollouts  int
}

type walkPlan [4]int8

// walkNode is a beam node: both positions and the turn.
type walkNode struct{ pos [2]int }

func (w *walk) Rollout(pl int, mine, theirs *walkPlan) float64 {
	w.rollouts++
	s := 0
	for t := range mine {
		s += int(mine[t]) - int(theirs[t])
	}
	return float64(s)
}

func (w *walk) Heuristic(pl int) *walkPlan { return &w.heuristic[pl] }

func (w *walk) Randomize(r *Rand, pl int, p *walkPlan) {
	for t := range p {
		p[t] = int8(r.Intn(3) - 1)
	}
}

func (w *walk) Shift(r *Rand, pl int, p *walkPlan) {
	copy(p[:], p[1:])
	p[len(p)-1] = int8(r.Intn(3) - 1)
}

func (w *walk) Mutate(r *Rand, pl int, p *walkPlan, amplitude float64) {
	p[r.Intn(len(p))] = int8(r.Intn(3) - 1)
}

func (w *walk) Crossover(r *Rand, child, a, b *walkPlan) {
	for t := range child {
		child[t] = a[t]
		if r.Intn(2) == 0 {
			child[t] = b[t]
		}
	}
}

func (w *walk) BeamRoot(n *walkNode) { *n = walkNode{} }

func (w *walk) BeamChild(r *Rand, pl int, n *walkNode, plan *walkPlan, d, c int, best, theirs *walkPlan) (float64, bool) {
	step := int8(r.Intn(3) - 1)
	switch c {
	case 0:
		step = best[d]
	case 1:
		step = w.heuristic[pl][d]
	}
	plan[d] = step
	n.pos[pl] += int(step)
	n.pos[1-pl] += int(theirs[d])
	return w.BeamEval(n, pl), false
}

func (w *walk) BeamEval(n *walkNode, pl int) float64 { return float64(n.pos[pl] - n.pos[1-pl]) }

var walkSettings = Settings{
	Depth: 4, Population: 8, CrossoverTenths: 4, TournamentSize: 2, MutationDecay: 0.9,
	OpponentShare: 0.25, RandomizeFirst: true, BeamWidth: 4, BeamChildren: 4,
}

// strategies are the searches of this build: the beam's only where it is
// built (not in a contest build without the tag beam: go test -tags
// contest runs these tests without it).
var strategies = searchStrategies()

func searchStrategies() []string {
	if !beamBuilt {
		return []string{StrategyGA}
	}
	return []string{StrategyGA, StrategyBeam}
}

// TestEngineFindsTheBestPlan: both strategies find the four steps forward
// of the toy game, and the opponent's prediction is its best answer too.
func TestEngineFindsTheBestPlan(t *testing.T) {
	for _, strategy := range strategies {
		for _, replace := range []bool{false, true} {
			s := walkSettings
			s.ReplaceWorst = replace
			e := NewEngine[walkPlan, walkNode](&walk{}, 0, 1, s)
			b := NewBudget(time.Time{}, 0, 2000)
			got := *e.Turn(true, strategy, &b)
			if want := (walkPlan{1, 1, 1, 1}); got != want || *e.Predicted() != want {
				t.Errorf("%s (replace worst: %v): plan %v, predicted %v; want %v for both", strategy, replace, got, *e.Predicted(), want)
			}
			if b.Iterations() != 2000 {
				t.Errorf("%s: %d iterations, want the budget's 2000", strategy, b.Iterations())
			}
		}
	}
}

// TestEngineOpponentBound: MaxOpponentIterations bounds the prediction,
// the rest of the budget goes to our plan.
func TestEngineOpponentBound(t *testing.T) {
	s := walkSettings
	s.MaxOpponentIterations = 10
	w := &walk{}
	e := NewEngine[walkPlan, walkNode](w, 0, 1, s)
	b := NewBudget(time.Time{}, 0, 1000)
	e.Turn(true, StrategyGA, &b)
	// Each seed rolls out the population once; then one rollout per
	// iteration: 10 for the opponent and 1000−10 for us.
	if want := 2*s.Population + 1000; w.rollouts != want {
		t.Errorf("%d rollouts, want %d", w.rollouts, want)
	}
}

// TestEngineZeroAlloc: a GA iteration and whole turns of both strategies
// allocate nothing once the engine is set up (a beam pass:
// TestBeamZeroAlloc).
func TestEngineZeroAlloc(t *testing.T) {
	e := NewEngine[walkPlan, walkNode](&walk{}, 0, 1, walkSettings)
	b := NewBudget(time.Time{}, 0, 100)
	e.Turn(true, strategies[len(strategies)-1], &b) // the beam's memory allocated
	theirs := &e.theirs
	if n := testing.AllocsPerRun(1000, func() { e.generation(0, theirs, 0.5) }); n != 0 {
		t.Errorf("a GA iteration allocates %v times", n)
	}
	for _, strategy := range strategies {
		if n := testing.AllocsPerRun(20, func() {
			b := NewBudget(time.Time{}, 0, 100)
			e.Turn(false, strategy, &b)
		}); n != 0 {
			t.Errorf("a %s turn allocates %v times", strategy, n)
		}
	}
}

// TestConfigCheck: the defaults filled in, FB's former "search" read as
// the GA, an unknown strategy or a negative budget refused by name; the
// beam taken where it is built, refused with the way to get it where not
// (go test -tags contest).
func TestConfigCheck(t *testing.T) {
	c := Config{Strategy: "search"}
	if err := c.Check(time.Second, time.Millisecond); err != nil || c.Strategy != StrategyGA || c.FirstTurn != time.Second || c.Turn != time.Millisecond {
		t.Errorf("Check: %v, %+v; want the GA and the budgets filled in", err, c)
	}
	beam := Config{Strategy: StrategyBeam}
	err := beam.Check(time.Second, time.Millisecond)
	if want := `bundle with -flags "-strategy beam"`; beamBuilt && err != nil || !beamBuilt && (err == nil || !strings.Contains(err.Error(), want)) {
		t.Errorf("Check(%+v) with the beam built %v: %v; want it taken where built, else an error saying %q", beam, beamBuilt, err, want)
	}
	for _, bad := range []Config{{Strategy: "mcts"}, {Iterations: -1}, {Turn: -time.Millisecond}} {
		if err := bad.Check(time.Second, time.Millisecond); err == nil {
			t.Errorf("Check(%+v) accepted it", bad)
		} else if bad.Strategy != "" && !strings.Contains(err.Error(), bad.Strategy) {
			t.Errorf("Check(%+v): %v, want the strategy named", bad, err)
		}
	}
}
