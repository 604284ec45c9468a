package fb

import (
	"math"

	"impulse/bot"
	simfb "impulse/sim/fb"
)

// A plan's rollouts kept turn by turn (bot.Prefixed): a child of the
// genetic algorithm is simulated only from the first turn where it differs
// from its parent.

// trajectory is one plan's kept rollouts: against theirs, and against the
// other player's heuristic plan (Weights.Robust).
type trajectory struct {
	plan Plan
	runs [2]run
}

// run is one rollout kept: the state after each turn but the last played,
// the turns played and the rollout's value.
type run struct {
	st    []simfb.State // depth − 1 of them
	turns int
	value float64
}

// newTrajectories returns the kept rollouts of n plans of depth turns.
func newTrajectories(n, depth int) bot.Trajectories[trajectory] {
	t := bot.NewTrajectories[trajectory](n)
	for i := range t.All {
		for r := range t.All[i].runs {
			t.All[i].runs[r] = run{st: make([]simfb.State, depth-1)}
		}
	}
	return t
}

// robust is the value of a plan that scored a against theirs and h
// against the other player's heuristic plan (Weights.Robust).
func (w *Weights) robust(a, h float64) float64 {
	if w.Robust < 0 {
		return math.Min(a, h)
	}
	return (1-w.Robust)*a + w.Robust*h
}

// RolloutSlot implements bot.Prefixed.
func (s *Search) RolloutSlot(pl, i int, mine, theirs *Plan) float64 {
	return s.rolloutKept(pl, mine, theirs, nil, 0, s.traj[pl].Plan(i))
}

// Shared implements bot.Prefixed over the turns searched.
func (s *Search) Shared(pl int, child *Plan, i int) int {
	return bot.SharedOrders(child[:s.depth], s.traj[pl].Plan(i).plan[:])
}

// RolloutChild implements bot.Prefixed, keeping the child's rollout in
// the spare trajectory.
func (s *Search) RolloutChild(pl int, child *Plan, parent, k int, theirs *Plan) float64 {
	p, out := s.traj[pl].Child(parent, k)
	return s.rolloutKept(pl, child, theirs, p, k, out)
}

// Keep implements bot.Prefixed, the child's shared turns copied from its
// parent's.
func (s *Search) Keep(pl, i int) {
	p, out, shared := s.traj[pl].Keep(i)
	runs := 1
	if s.Weights.Robust != 0 {
		runs = 2
	}
	for r := 0; r < runs; r++ {
		n := shared
		if n > out.runs[r].turns-1 {
			n = out.runs[r].turns - 1
		}
		copy(out.runs[r].st[:n], p.runs[r].st[:n])
	}
}

// rolloutKept is Rollout of mine from turn k, from trajectory from's
// states (the root when k is 0), kept in out.
func (s *Search) rolloutKept(pl int, mine, theirs *Plan, from *trajectory, k int, out *trajectory) float64 {
	out.plan = *mine
	var a *run
	if from != nil {
		a = &from.runs[0]
	}
	v := s.run(pl, mine, theirs, a, k, &out.runs[0])
	if s.Weights.Robust == 0 {
		return v
	}
	if from != nil {
		a = &from.runs[1]
	}
	return s.Weights.robust(v, s.run(pl, mine, &s.heuristic[1-pl], a, k, &out.runs[1]))
}

// run is rollout from turn k, from run from's state after turn k−1 (the
// root when k is 0), kept in out (unless nil). A run that ended before
// turn k is from's.
func (s *Search) run(pl int, mine, theirs *Plan, from *run, k int, out *run) float64 {
	if k > 0 && k >= from.turns {
		out.turns, out.value = from.turns, from.value
		return from.value
	}
	var st simfb.State
	if k == 0 {
		st = s.root
	} else {
		st = from.st[k-1]
	}
	t := k
	for t < s.depth {
		res := s.play(&st, pl, &mine[t], &theirs[t])
		t++
		if res.Over || st.Round >= simfb.MaxRounds {
			break
		}
		if t < s.depth && out != nil {
			out.st[t-1] = st
		}
	}
	v := s.Weights.eval(&st, pl)
	if out != nil {
		out.turns, out.value = t, v
	}
	return v
}
