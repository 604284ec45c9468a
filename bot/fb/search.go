package fb

import (
	"math"

	"impulse/bot"
	"impulse/sim"
	simfb "impulse/sim/fb"
)

// This file is the per-iteration hot code of the search: the rollout of a
// pair of plans on the simulator, the evaluation, and a generation of the
// genetic algorithm.

// Population is the default Settings.Population.
const Population = 10

// Weights of the evaluation, in units of distance.
const (
	// win is the score of a game won within the plan; −win, lost.
	win = 1e8
	// goalMouth is the half-height of the aim point's band on a goal line:
	// a snaffle counts its distance to the nearest point of the band.
	goalMouth = simfb.GoalSize/2 - simfb.PostRadius - simfb.SnaffleRadius
)

// Weights are the evaluation's, in units of distance; each one's
// measurements, and the ideas tried and dropped: MEASUREMENTS.md.
type Weights struct {
	// Goal is the worth of a goal: more than a snaffle's progress from
	// one goal to the other.
	Goal float64
	// SnaffleLead: a snaffle counts where it will be this many turns from
	// now at its speed.
	SnaffleLead float64
	// Chase is what a wizard with empty hands loses per unit of distance
	// to its snaffle.
	Chase float64
	// Hold is the worth of a held snaffle.
	Hold float64
	// Magic is the worth of a point of magic.
	Magic float64
	// BludgerRange, Bludger: a wizard loses Bludger per unit a bludger is
	// closer than BludgerRange.
	BludgerRange, Bludger float64
	// Robust: a plan also plays against the other player's heuristic plan
	// and scores Robust times that rollout plus 1−Robust times the one
	// against the predicted plan (0: the prediction alone; negative: the
	// worse of the two; twice the cost otherwise).
	Robust float64
	// Race shifts each live snaffle's worth towards the player whose
	// nearest wizard reaches it first (0: not at all): pl counts dDef −
	// dAtt + x·(2·Width − dAtt − dDef), dDef and dAtt the snaffle's
	// distances to the goals pl defends and attacks, x = Race·clamp((dOpp
	// − dMine)/RaceScale, −1, 1), dMine and dOpp the distances from each
	// player's nearest wizard, all SnaffleLead turns ahead: as if the
	// snaffle were pl's to score with odds (1+x)/2.
	Race float64
	// RaceScale is the lead in the race, in units of distance, at which
	// Race counts whole.
	RaceScale float64
}

// DefaultWeights are the weights of the bot, each the best of those
// measured (MEASUREMENTS.md).
var DefaultWeights = Weights{
	Goal:         22000,
	SnaffleLead:  1,
	Chase:        0.5,
	Hold:         800,
	Magic:        600,
	BludgerRange: 1200,
	Bludger:      0.5,
	Robust:       0.5,
	Race:         0.2,
	RaceScale:    3000,
}

// Search is the game's side of the engine (bot.Game) for one game: the
// root of the turn and its heuristic plans; the engine keeps the
// populations. Its memory is set up by NewSearch (the beam's on first
// use); a turn allocates nothing.
type Search struct {
	eng  *bot.Engine[Plan, simfb.State, *Search]
	root simfb.State
	// heuristic is each player's plan from the baseline policy, rolled
	// out from the root (a seed of the populations).
	heuristic [2]Plan
	// Weights are the evaluation's, Genes the odds of the orders drawn,
	// Baseline the heuristic plans' policy (NewSearch: the defaults).
	Weights  Weights
	Genes    Genes
	Baseline Baseline
	// depth is the turns searched, the settings' Depth (≤ MaxDepth).
	depth int
	// me is the player searched for.
	me int
	// Sims counts the turns simulated since the counter was reset.
	Sims int
	// traj are each player's kept rollouts (bot.Prefixed).
	traj [2]bot.Trajectories[trajectory]
}

// Settings are the search's constants (bot.Settings). The opponent is
// predicted by at most 100 iterations, a short search from the baseline's
// plan: unbounded, it overfits our plan (MEASUREMENTS.md).
var Settings = bot.Settings{
	Depth:                 Depth,
	Population:            Population,
	CrossoverTenths:       4,
	TournamentSize:        2,
	MutationDecay:         0.9,
	OpponentShare:         0.25,
	MaxOpponentIterations: 100,
	RandomizeFirst:        true,
	BeamWidth:             16,
	BeamChildren:          8,
}

// NewSearch returns a search for player me (0 or 1) with the package's
// Settings and DefaultWeights; its populations are drawn on the first
// turn.
func NewSearch(me int, seed int64) *Search { return newSearch(me, seed, Settings) }

// newSearch is NewSearch with settings st.
func newSearch(me int, seed int64, st bot.Settings) *Search {
	s := &Search{Weights: DefaultWeights, Genes: DefaultGenes, Baseline: DefaultBaseline, depth: st.Depth, me: me}
	s.traj = [2]bot.Trajectories[trajectory]{newTrajectories(st.Population, st.Depth), newTrajectories(st.Population, st.Depth)}
	s.eng = bot.NewEngine[Plan, simfb.State](s, me, seed, st)
	return s
}

// play plays one turn from st: player pl's orders g, the other player's
// h, applied in wizard id order as the engine parses them.
func (s *Search) play(st *simfb.State, pl int, g, h *[2]Gene) simfb.Result {
	st.Prepare()
	for i := 0; i < simfb.MaxWizards; i++ {
		o := g
		if simfb.Owner(i) != pl {
			o = h
		}
		st.Apply(i, command(st, i, o[i&1]))
	}
	s.Sims++
	return st.Update(nil)
}

// Rollout (bot.Game) plays up to the depth searched or the end of the
// game.
func (s *Search) Rollout(pl int, mine, theirs *Plan) float64 {
	if s.Weights.Robust != 0 {
		return s.Weights.robust(s.rollout(pl, mine, theirs), s.rollout(pl, mine, &s.heuristic[1-pl]))
	}
	return s.rollout(pl, mine, theirs)
}

// rollout is Rollout against theirs alone.
func (s *Search) rollout(pl int, mine, theirs *Plan) float64 {
	return s.run(pl, mine, theirs, nil, 0, nil)
}

// goalDistance is the distance from p to the band (goalMouth) of the
// goal line player pl attacks.
func goalDistance(p sim.Vec, pl int) float64 {
	y := p.Y
	if y < simfb.Height/2-goalMouth {
		y = simfb.Height/2 - goalMouth
	} else if y > simfb.Height/2+goalMouth {
		y = simfb.Height/2 + goalMouth
	}
	return p.Dist(sim.Vec{X: attackX(pl), Y: y})
}

// eval scores st for player pl: the game won or lost; else the goals,
// each live snaffle's distance to the goal pl defends minus that to the
// goal it attacks (shifted by Race), and each player's side, pl's for
// and the other's against.
func (w *Weights) eval(st *simfb.State, pl int) float64 {
	op := 1 - pl
	my, their := st.Score[pl], st.Score[op]
	live := st.LiveSnaffles()
	if my >= st.ScoreToWin || (live == 0 || st.Round >= simfb.MaxRounds) && my > their {
		return win + float64(my-their)
	}
	if their >= st.ScoreToWin || (live == 0 || st.Round >= simfb.MaxRounds) && their > my {
		return -win + float64(my-their)
	}
	score := w.Goal * float64(my-their)
	for k := 0; k < int(st.NumSnaffles); k++ {
		sn := &st.Snaffles[k]
		if sn.Scored {
			continue
		}
		p := sn.Pos.Add(sn.Vel.Scale(w.SnaffleLead))
		dDef, dAtt := goalDistance(p, op), goalDistance(p, pl)
		score += dDef - dAtt
		if w.Race != 0 {
			score += w.race(st, pl, p) * (2*simfb.Width - dAtt - dDef)
		}
	}
	return score + w.side(st, pl) - w.side(st, op)
}

// race returns Race times pl's lead in the race to a snaffle at p
// (Weights.Race), in −Race..Race.
func (w *Weights) race(st *simfb.State, pl int, p sim.Vec) float64 {
	var near [2]float64
	for t := 0; t < 2; t++ {
		a, b := &st.Wizards[2*t], &st.Wizards[2*t+1]
		da := a.Pos.Add(a.Vel.Scale(w.SnaffleLead)).Sub(p).Len2()
		db := b.Pos.Add(b.Vel.Scale(w.SnaffleLead)).Sub(p).Len2()
		near[t] = math.Sqrt(math.Min(da, db))
	}
	x := (near[1-pl] - near[pl]) / w.RaceScale
	if x > 1 {
		x = 1
	} else if x < -1 {
		x = -1
	}
	return w.Race * x
}

// side is the part of the evaluation that each player has: held
// snaffles, the wizards' chase of the others, magic, bludger danger.
func (w *Weights) side(st *simfb.State, pl int) float64 {
	score := w.Magic * float64(st.Magic[pl])
	a, b := 2*pl, 2*pl+1
	wa, wb := &st.Wizards[a], &st.Wizards[b]
	for i := a; i <= b; i++ {
		wz := &st.Wizards[i]
		if wz.Holding != simfb.NoID {
			score += w.Hold
		}
		for k := range st.Bludgers {
			if d := wz.Pos.Dist(st.Bludgers[k].Pos); d < w.BludgerRange {
				score -= w.Bludger * (w.BludgerRange - d)
			}
		}
	}
	// The chase: the distinct snaffles (if there are two) nearest in
	// total to the empty-handed wizards.
	var d [2][simfb.MaxSnaffles]float64
	var free [simfb.MaxSnaffles]int8
	nf := 0
	for k := 0; k < int(st.NumSnaffles); k++ {
		sn := &st.Snaffles[k]
		if sn.Scored || sn.Carrier != simfb.NoID && simfb.Owner(int(sn.Carrier)) == pl {
			continue
		}
		free[nf] = int8(k)
		d[0][nf] = wa.Pos.Dist(sn.Pos)
		d[1][nf] = wb.Pos.Dist(sn.Pos)
		nf++
	}
	if nf == 0 {
		return score
	}
	ha, hb := wa.Holding != simfb.NoID, wb.Holding != simfb.NoID
	var chase float64
	switch {
	case ha && hb:
	case ha || hb:
		row := 0
		if ha {
			row = 1
		}
		chase = d[row][0]
		for j := 1; j < nf; j++ {
			if d[row][j] < chase {
				chase = d[row][j]
			}
		}
	default:
		chase = -1
		for j := 0; j < nf; j++ {
			for k := 0; k < nf; k++ {
				if j == k && nf > 1 {
					continue
				}
				if c := d[0][j] + d[1][k]; chase < 0 || c < chase {
					chase = c
				}
			}
		}
	}
	return score - w.Chase*chase
}

// Heuristic returns player pl's baseline plan from the root (bot.Game).
func (s *Search) Heuristic(pl int) *Plan { return &s.heuristic[pl] }

// Randomize draws every order of p for pl at the root (bot.Game).
func (s *Search) Randomize(r *bot.Rand, pl int, p *Plan) {
	p.randomize(r, &s.root, pl, s.depth, &s.Genes)
}

// Shift implements bot.Game.
func (s *Search) Shift(r *bot.Rand, pl int, p *Plan) { p.shift(r, &s.root, pl, s.depth, &s.Genes) }

// Mutate changes one field of one order of p (bot.Game).
func (s *Search) Mutate(r *bot.Rand, pl int, p *Plan, amplitude float64) {
	p.mutate(r, &s.root, pl, s.depth, amplitude, &s.Genes)
}

// Crossover sets child to a uniform mix of a and b (bot.Game).
func (s *Search) Crossover(r *bot.Rand, child, a, b *Plan) { child.crossover(r, a, b) }

// heuristicPlans rolls the baseline policy h out from root for both
// players, depth turns, and returns each player's genes.
func heuristicPlans(root *simfb.State, h *Baseline, depth int) (plans [2]Plan) {
	st := *root
	for t := 0; t < depth; t++ {
		var g [simfb.MaxWizards]Gene
		for pl := 0; pl < 2; pl++ {
			cmds := h.Commands(&st, pl)
			for k := 0; k < 2; k++ {
				g[2*pl+k] = geneOf(&st, 2*pl+k, cmds[k])
				plans[pl][t][k] = g[2*pl+k]
			}
		}
		st.Prepare()
		for i := range g {
			st.Apply(i, command(&st, i, g[i]))
		}
		if res := st.Update(nil); res.Over {
			break
		}
	}
	return plans
}

// Turn searches the root st within budget b and returns our plan
// (bot.Engine.Turn).
func (s *Search) Turn(st *simfb.State, first bool, strategy string, b *bot.Budget) *Plan {
	s.setRoot(st)
	return s.eng.Turn(first, strategy, b)
}

// setRoot makes st the root of the turn and rolls out its heuristic
// plans.
func (s *Search) setRoot(st *simfb.State) {
	s.root = *st
	s.heuristic = heuristicPlans(&s.root, &s.Baseline, s.depth)
}

// Predicted returns the opponent's best plan of the last Turn.
func (s *Search) Predicted() *Plan { return s.eng.Predicted() }

// Root returns the root of the last Turn.
func (s *Search) Root() *simfb.State { return &s.root }
