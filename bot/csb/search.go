package csb

import (
	"math"

	"impulse/bot"
	"impulse/sim"
	simcsb "impulse/sim/csb"
)

// The hot code of both searches: rollout, evaluation, GA generation.

// Population is the number of plans the genetic algorithm keeps per
// player.
const Population = 80

const degToRad = math.Pi / 180

// rotTable holds the cosine and sine of each rotation −18..18 degrees, so
// that a rollout turns a pod's direction without trigonometry.
var rotTable = func() (t [2*maxRotation + 1][2]float64) {
	for d := -maxRotation; d <= maxRotation; d++ {
		s, c := math.Sincos(float64(d) * degToRad)
		t[d+maxRotation] = [2]float64{c, s}
	}
	return t
}()

// Weights are the evaluation's weights, in units of distance.
type Weights struct {
	// Checkpoint is the worth of a checkpoint passed: more than any
	// distance.
	Checkpoint float64
	// Win is the score of a race won within the plan; −Win: lost, or out
	// by the checkpoint timeout. Each turn taken to end it costs
	// WinTurn.
	Win, WinTurn float64
	// BlockerCheckpoint × the blocker's distance to the opponent runner's
	// next checkpoint, BlockerRunner × its distance to that runner and
	// BlockerFacing × (1 − cos) of its angle to it are lost.
	BlockerCheckpoint, BlockerRunner, BlockerFacing float64
	// RunnerFacing × (1 − cos) of the runner's angle to its checkpoint is
	// lost.
	RunnerFacing float64
	// UrgentTurns: with this many turns left before the checkpoint
	// timeout, both pods race.
	UrgentTurns int
	// UrgentOther: racing so, the team counts the progress of its leading
	// pod and UrgentOther times the other's (0: the leader's alone).
	UrgentOther float64
	// UrgentPace, unless 0, holds the blocker to its task until it must
	// race: both pods race only once the turns left are at most
	// UrgentSlack + the blocker's distance to its next checkpoint /
	// UrgentPace (and at most UrgentTurns).
	UrgentPace, UrgentSlack float64
	// Hysteresis: a runner keeps its role unless the other pod's
	// progress leads by more than this.
	Hysteresis float64
}

// DefaultWeights are the weights of the bot, set by hand. A set tuned by
// SPSA at 1000 iterations a turn won its SPRT at that budget but lost at
// CodinGame's limits, and was set aside (MEASUREMENTS.md,
// tuning/README.md). Near the checkpoint timeout the blocker blocks until
// it has just the turns to reach its own checkpoint, then both pods race
// (UrgentOther, UrgentPace, UrgentSlack: MEASUREMENTS.md).
var DefaultWeights = Weights{
	Checkpoint:        30000,
	Win:               1e7,
	WinTurn:           1000,
	BlockerCheckpoint: 0.5,
	BlockerRunner:     0.25,
	BlockerFacing:     1000,
	RunnerFacing:      1500,
	UrgentTurns:       50,
	UrgentOther:       1,
	UrgentPace:        400,
	UrgentSlack:       10,
	Hysteresis:        2000,
}

// roles are a player's pods as state indices: the runner races, the
// blocker hinders the opponent's runner.
type roles struct{ runner, blocker int }

// Search is the searches' memory for one game, set up once by NewSearch: a
// turn allocates nothing. It is the game's side of the engine (bot.Game):
// the root of the turn, the roles, the heuristic plans, the rollout.
type Search struct {
	eng  *bot.Engine[Plan, beamNode, *Search]
	root simcsb.State
	// dir0 is each pod's facing (cos, sin) at the root; with no angle yet,
	// the way to its next checkpoint.
	dir0   [simcsb.MaxPods][2]float64
	roles  [2]roles
	urgent [2]bool // per player: the timeout is near, both pods race
	// heuristic is each player's baseline plan from the root.
	heuristic [2]Plan
	// Weights are the evaluation's, Baseline the heuristic plans' policy
	// and Genes the odds of the orders drawn (NewSearch: the defaults).
	Weights  Weights
	Baseline Baseline
	Genes    Genes
	// depth is the turns searched, the settings' Depth (≤ MaxDepth).
	depth int
	// Sims counts the turns simulated since the counter was reset.
	Sims int
	// traj are each player's kept rollouts (bot.Prefixed).
	traj [2]bot.Trajectories[trajectory]
	// work is the state a rollout plays: the root's, whose pods and round
	// a rollout sets from where it starts (a turn changes nothing else
	// that the search reads; its collision counters mean nothing).
	work simcsb.State
}

// beamNode is a state of the beam search and its pods' facings.
type beamNode struct {
	st  simcsb.State
	dir [simcsb.MaxPods][2]float64
}

// Settings are the search's constants (bot.Settings).
var Settings = bot.Settings{
	Depth:           Depth,
	Population:      Population,
	CrossoverTenths: 4,
	TournamentSize:  2,
	MutationDecay:   0.9,
	OpponentShare:   0.25,
	ReplaceWorst:    true,
	BeamWidth:       16,
	BeamChildren:    8,
}

// NewSearch returns a search for player me (0 or 1) with the given seed,
// the package's Settings and DefaultWeights; both players' populations are
// drawn at random.
func NewSearch(me int, seed int64) *Search { return newSearch(me, seed, Settings) }

// newSearch is NewSearch with settings st.
func newSearch(me int, seed int64, st bot.Settings) *Search {
	s := &Search{Weights: DefaultWeights, Baseline: DefaultBaseline, Genes: DefaultGenes, depth: st.Depth}
	s.traj = [2]bot.Trajectories[trajectory]{bot.NewTrajectories[trajectory](st.Population), bot.NewTrajectories[trajectory](st.Population)}
	s.eng = bot.NewEngine[Plan, beamNode](s, me, seed, st)
	s.eng.Randomize(0)
	s.eng.Randomize(1)
	return s
}

// progress is pod i's progress in the race: checkpoints passed, then the
// distance left to its next one.
func (w *Weights) progress(st *simcsb.State, i int) float64 {
	p := &st.Pods[i]
	return float64(p.Passed)*w.Checkpoint - p.Pos.Dist(st.Checkpoints[p.Next])
}

// setRoot makes st the root of the turn: the facings, the roles (the pod
// further in the race runs; a runner keeps its role unless the other pod
// leads by more than hysteresis) and the heuristic plans.
func (s *Search) setRoot(st *simcsb.State) {
	s.root = *st
	s.work = *st
	for i := range s.root.Pods {
		p := &s.root.Pods[i]
		if !p.HasAngle {
			d := st.Checkpoints[p.Next].Sub(p.Pos)
			p.Angle = math.Atan2(d.Y, d.X)
		}
		sn, c := math.Sincos(p.Angle)
		s.dir0[i] = [2]float64{c, sn}
	}
	for pl := 0; pl < 2; pl++ {
		a, b := 2*pl, 2*pl+1
		r := &s.roles[pl]
		if r.runner != a && r.runner != b {
			r.runner = a
		}
		other := a + b - r.runner
		if s.Weights.progress(&s.root, other) > s.Weights.progress(&s.root, r.runner)+s.Weights.Hysteresis {
			r.runner = other
		}
		r.blocker = a + b - r.runner
	}
	for pl := 0; pl < 2; pl++ {
		s.urgent[pl] = s.isUrgent(pl)
	}
	s.heuristic = heuristicPlans(&s.root, &s.Baseline)
}

// isUrgent reports whether player pl's pods both race at the root: the
// checkpoint timeout is UrgentTurns away or nearer and, with an UrgentPace,
// the blocker has just the turns left to reach its next checkpoint.
func (s *Search) isUrgent(pl int) bool {
	w := &s.Weights
	left := float64(s.root.TurnsLeft(pl))
	if left > float64(w.UrgentTurns) {
		return false
	}
	if w.UrgentPace <= 0 {
		return true
	}
	b := &s.root.Pods[s.roles[pl].blocker]
	return left <= w.UrgentSlack+b.Pos.Dist(s.root.Checkpoints[b.Next])/w.UrgentPace
}

// order gives pod i the order g: its facing turns by the gene's rotation
// through the table, then Rotate.
func order(st *simcsb.State, dir *[simcsb.MaxPods][2]float64, i int, g Gene) {
	d := g.Rotation()
	rc := &rotTable[d+maxRotation]
	c := dir[i][0]*rc[0] - dir[i][1]*rc[1]
	sn := dir[i][1]*rc[0] + dir[i][0]*rc[1]
	dir[i] = [2]float64{c, sn}
	st.Rotate(i, st.Pods[i].Angle+float64(d)*degToRad, c, sn, g.Thrust(), g.Shield(), g.Boost())
}

// play plays one turn: player pl's orders g, the other player's h.
func (s *Search) play(st *simcsb.State, dir *[simcsb.MaxPods][2]float64, pl int, g, h *[2]Gene) {
	a, b := 2*pl, 2*(1-pl)
	order(st, dir, a, g[0])
	order(st, dir, a+1, g[1])
	order(st, dir, b, h[0])
	order(st, dir, b+1, h[1])
	st.Move(nil)
	s.Sims++
}

// Rollout plays plan mine for player pl and theirs for the other from the
// root, up to the depth searched or the end of the race, and returns the
// evaluation for pl (bot.Game).
func (s *Search) Rollout(pl int, mine, theirs *Plan) float64 {
	return s.rollout(pl, mine, theirs, nil, 0, nil)
}

// trajectory is a rollout kept turn by turn (bot.Prefixed): its plan, the
// pods and facings after each turn but the last played, the turns played
// (fewer than the depth when the race ends) and the evaluation.
type trajectory struct {
	plan  Plan
	pods  [MaxDepth - 1][simcsb.MaxPods]simcsb.Pod
	dir   [MaxDepth - 1][simcsb.MaxPods][2]float64
	turns int
	score float64
}

// rollout plays mine and theirs from turn k, from from's state after turn
// k−1 (the root when k is 0), to the depth searched or the end of the race
// and returns the evaluation for pl; out, unless nil, keeps the
// trajectory (its pods and facings from turn k on).
func (s *Search) rollout(pl int, mine, theirs *Plan, from *trajectory, k int, out *trajectory) float64 {
	st := &s.work
	var dir [simcsb.MaxPods][2]float64
	if k == 0 {
		st.Pods, dir = s.root.Pods, s.dir0
	} else {
		st.Pods, dir = from.pods[k-1], from.dir[k-1]
	}
	st.Round = s.root.Round + int32(k)
	last := -1 // the turns after which the pods are kept are those before last
	if out != nil {
		last = s.depth - 1
	}
	t := k
	for t < s.depth {
		s.play(st, &dir, pl, &mine[t], &theirs[t])
		if st.Finished() {
			t++
			break
		}
		if t < last {
			out.pods[t], out.dir[t] = st.Pods, dir
		}
		t++
	}
	score := s.eval(st, &dir, pl)
	if out != nil {
		out.plan, out.turns, out.score = *mine, t, score
	}
	return score
}

// RolloutSlot is Rollout kept as plan i's trajectory (bot.Prefixed).
func (s *Search) RolloutSlot(pl, i int, mine, theirs *Plan) float64 {
	return s.rollout(pl, mine, theirs, nil, 0, s.traj[pl].Plan(i))
}

// Shared returns the turns, from the first, in which child gives plan
// i's orders, at most those plan i played (bot.Prefixed).
func (s *Search) Shared(pl int, child *Plan, i int) int {
	p := s.traj[pl].Plan(i)
	return bot.SharedOrders(child[:p.turns], p.plan[:])
}

// RolloutChild is Rollout of child from turn k, the turns before being
// plan parent's, kept as the spare trajectory (bot.Prefixed). A child
// that plays all its parent's turns played has its parent's score.
func (s *Search) RolloutChild(pl int, child *Plan, parent, k int, theirs *Plan) float64 {
	p, out := s.traj[pl].Child(parent, k)
	if k == p.turns {
		out.plan, out.turns, out.score = *child, p.turns, p.score
		return p.score
	}
	return s.rollout(pl, child, theirs, p, k, out)
}

// Keep makes the spare trajectory plan i's, its shared turns copied from
// its parent's (bot.Prefixed).
func (s *Search) Keep(pl, i int) {
	p, out, n := s.traj[pl].Keep(i)
	if n > out.turns-1 {
		n = out.turns - 1
	}
	copy(out.pods[:n], p.pods[:n])
	copy(out.dir[:n], p.dir[:n])
}

// eval scores st for player pl: the runner's progress against the
// opponent runner's, the runner facing its next checkpoint, the blocker
// near the opponent runner's next checkpoint, near that runner and facing
// it. A finished race is ±Win, sooner better; a team out by the
// checkpoint timeout, ∓Win (ours first).
func (s *Search) eval(st *simcsb.State, dir *[simcsb.MaxPods][2]float64, pl int) float64 {
	w := &s.Weights
	me, op := s.roles[pl], s.roles[1-pl]
	turns := float64(st.Round - s.root.Round)
	if st.Finished() {
		mine := w.progress(st, me.runner)
		if b := w.progress(st, me.blocker); b > mine {
			mine = b
		}
		theirs := w.progress(st, op.runner)
		if b := w.progress(st, op.blocker); b > theirs {
			theirs = b
		}
		if mine > theirs {
			return w.Win - turns*w.WinTurn
		}
		return -w.Win + turns*w.WinTurn
	}
	if st.TurnsLeft(pl) <= 0 {
		return -w.Win + turns*w.WinTurn
	}
	if st.TurnsLeft(1-pl) <= 0 {
		return w.Win - turns*w.WinTurn
	}
	mine := w.progress(st, me.runner)
	if s.urgent[pl] {
		// Both race: the team must pass a checkpoint soon.
		other := w.progress(st, me.blocker)
		if other > mine {
			mine, other = other, mine
		}
		mine += w.UrgentOther * other
	}
	score := mine - w.progress(st, op.runner)

	r := &st.Pods[me.runner]
	d := st.Checkpoints[r.Next].Sub(r.Pos)
	if l := d.Len(); l > 0 {
		cos := (dir[me.runner][0]*d.X + dir[me.runner][1]*d.Y) / l
		score -= w.RunnerFacing * (1 - cos)
	}

	if s.urgent[pl] {
		return score
	}
	bl := &st.Pods[me.blocker]
	or := &st.Pods[op.runner]
	score -= w.BlockerCheckpoint * bl.Pos.Dist(st.Checkpoints[or.Next])
	d = or.Pos.Sub(bl.Pos)
	if l := d.Len(); l > 0 {
		score -= w.BlockerRunner * l
		cos := (dir[me.blocker][0]*d.X + dir[me.blocker][1]*d.Y) / l
		score -= w.BlockerFacing * (1 - cos)
	}
	return score
}

// Heuristic returns player pl's baseline plan from the root (bot.Game).
func (s *Search) Heuristic(pl int) *Plan { return &s.heuristic[pl] }

// Randomize draws every order of p in the depth searched (bot.Game).
func (s *Search) Randomize(r *bot.Rand, pl int, p *Plan) {
	for t := 0; t < s.depth; t++ {
		p[t] = [2]Gene{randomGene(r, &s.Genes), randomGene(r, &s.Genes)}
	}
}

// Shift drops the turn just played and draws the last (bot.Game).
func (s *Search) Shift(r *bot.Rand, pl int, p *Plan) { p.shift(r, s.depth, &s.Genes) }

// Mutate changes one field of one order of p (bot.Game).
func (s *Search) Mutate(r *bot.Rand, pl int, p *Plan, amplitude float64) {
	p.mutate(r, amplitude, s.depth, &s.Genes)
}

// Crossover sets child to a uniform mix of a and b (bot.Game).
func (s *Search) Crossover(r *bot.Rand, child, a, b *Plan) { child.crossover(r, a, b) }

// Strategies of a search.
const (
	StrategyGA   = bot.StrategyGA
	StrategyBeam = bot.StrategyBeam
)

// Turn searches the root st within budget b and returns our plan (phases
// 2 to 4 of the package doc; bot.Engine.Turn).
func (s *Search) Turn(st *simcsb.State, first bool, strategy string, b *bot.Budget) *Plan {
	s.setRoot(st)
	return s.eng.Turn(first, strategy, b)
}

// command turns pod i's gene g at the root into the output command: a
// target 10,000 units along the new facing (computed with the exact
// trigonometric functions), rounded.
func (s *Search) command(i int, g Gene) simcsb.Command {
	p := &s.root.Pods[i]
	sn, c := math.Sincos(p.Angle + float64(g.Rotation())*degToRad)
	const reach = 10000
	target := sim.Vec{X: math.Floor(p.Pos.X + reach*c + 0.5), Y: math.Floor(p.Pos.Y + reach*sn + 0.5)}
	return simcsb.Command{Target: target, Thrust: g.Thrust(), Shield: g.Shield(), Boost: g.Boost()}
}
