package fb

import (
	"math"

	"impulse/sim"
	simfb "impulse/sim/fb"
)

// The baseline policy: the yardstick bot, and the seed of the search.

// Baseline are the thresholds of the baseline policy.
type Baseline struct {
	// FlipendoMin, FlipendoMax: the distances from wizard to snaffle at
	// which a FLIPENDO is worth its magic (closer, the push is capped at
	// 1000; further, it is weak).
	FlipendoMin, FlipendoMax float64
	// FlipendoMargin keeps the predicted crossing of the goal line this
	// far inside the posts' centres.
	FlipendoMargin float64
	// LeadTurns: a wizard runs at where its snaffle will be this many
	// turns from now.
	LeadTurns float64
}

// DefaultBaseline are the thresholds of the baseline, set by hand.
var DefaultBaseline = Baseline{FlipendoMin: 600, FlipendoMax: 3500, FlipendoMargin: 500, LeadTurns: 1}

// attackX returns the x of the goal line player pl scores at.
func attackX(pl int) float64 {
	if pl == 0 {
		return simfb.Width
	}
	return 0
}

// goalCentre is the middle of the goal player pl attacks.
func goalCentre(pl int) sim.Vec { return sim.Vec{X: attackX(pl), Y: simfb.Height / 2} }

// lineHitsGoal reports whether the ray from a through b, continued, crosses
// the goal line player pl attacks between the posts (minus margin) and b
// is on the way.
func lineHitsGoal(a, b sim.Vec, pl int, margin float64) bool {
	gx := attackX(pl)
	dx := b.X - a.X
	if dx == 0 || (gx-b.X)*dx <= 0 {
		return false
	}
	y := b.Y + float64((gx-b.X)*(b.Y-a.Y))/dx
	return y > simfb.GoalTop+margin && y < simfb.GoalBottom-margin
}

// chaseTargets returns the snaffles (indices, NoID for none) that player
// pl's two wizards go for: the pair of distinct live snaffles, not held by
// the player, with the least total distance; both the same snaffle when
// only one is free.
func chaseTargets(st *simfb.State, pl int) [2]int {
	a, b := 2*pl, 2*pl+1
	best := [2]int{simfb.NoID, simfb.NoID}
	bestD := math.Inf(1)
	n := int(st.NumSnaffles)
	distinct := countFree(st, pl) > 1
	free := func(k int) bool {
		sn := &st.Snaffles[k]
		return !sn.Scored && (sn.Carrier == simfb.NoID || simfb.Owner(int(sn.Carrier)) != pl)
	}
	for j := 0; j < n; j++ {
		if !free(j) {
			continue
		}
		dj := st.Wizards[a].Pos.Dist(st.Snaffles[j].Pos)
		for k := 0; k < n; k++ {
			if !free(k) || (k == j && distinct) {
				continue
			}
			if d := dj + st.Wizards[b].Pos.Dist(st.Snaffles[k].Pos); d < bestD {
				best, bestD = [2]int{j, k}, d
			}
		}
	}
	return best
}

// countFree returns the number of live snaffles not held by player pl.
func countFree(st *simfb.State, pl int) int {
	c := 0
	for k := 0; k < int(st.NumSnaffles); k++ {
		sn := &st.Snaffles[k]
		if !sn.Scored && (sn.Carrier == simfb.NoID || simfb.Owner(int(sn.Carrier)) != pl) {
			c++
		}
	}
	return c
}

// Commands returns the baseline's commands for player pl's wizards: a
// holder throws at full power at the goal's centre, aiming off by its own
// speed (the snaffle keeps it); a wizard with the magic casts FLIPENDO
// (flipendoTarget); the others run at full thrust at their snaffle
// (chaseTargets) LeadTurns ahead.
func (h *Baseline) Commands(st *simfb.State, pl int) [2]simfb.Command {
	var cmds [2]simfb.Command
	targets := chaseTargets(st, pl)
	magic := st.Magic[pl]
	goal := goalCentre(pl)
	for k := 0; k < 2; k++ {
		i := 2*pl + k
		w := &st.Wizards[i]
		if w.Holding != simfb.NoID {
			// The snaffle leaves with w.Vel + 2·power along the aim.
			want := goal.Sub(w.Pos).Normalize().Scale(2 * simfb.MaxThrowPower).Sub(w.Vel)
			t := w.Pos.Add(want.Normalize().Scale(reach)).Round()
			cmds[k] = simfb.Throwing(t.X, t.Y, simfb.MaxThrowPower)
			continue
		}
		if magic >= st.SpellCost(simfb.Flipendo) {
			if id := h.flipendoTarget(st, i, pl); id != simfb.NoID {
				cmds[k] = simfb.Casting(simfb.Flipendo, id)
				magic -= st.SpellCost(simfb.Flipendo)
				continue
			}
		}
		t := goal
		if j := targets[k]; j != simfb.NoID {
			sn := &st.Snaffles[j]
			t = sn.Pos.Add(sn.Vel.Scale(h.LeadTurns)).Sub(w.Vel)
		}
		t = t.Round()
		if t == w.Pos {
			t.X++
		}
		cmds[k] = simfb.Moving(t.X, t.Y, simfb.MaxThrust)
	}
	return cmds
}

// flipendoTarget returns the entity id of a free live snaffle that
// wizard i of player pl should push with FLIPENDO, or NoID: within
// FlipendoMin..FlipendoMax of the wizard (a turn ahead, when the spell
// acts) and on a line from the wizard into the goal.
func (h *Baseline) flipendoTarget(st *simfb.State, i, pl int) int {
	w := &st.Wizards[i]
	a := w.Pos.Add(w.Vel)
	for k := 0; k < int(st.NumSnaffles); k++ {
		sn := &st.Snaffles[k]
		if sn.Scored || sn.Carrier != simfb.NoID {
			continue
		}
		b := sn.Pos.Add(sn.Vel)
		d := a.Dist(b)
		if d < h.FlipendoMin || d > h.FlipendoMax {
			continue
		}
		if lineHitsGoal(a, b, pl, h.FlipendoMargin) {
			return st.SnaffleID(k)
		}
	}
	return simfb.NoID
}
