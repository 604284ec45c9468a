package csb

import (
	"math"

	"impulse/sim"
	simcsb "impulse/sim/csb"
)

// The baseline policy: the yardstick bot, and the seed of the searches.

// Baseline are the thresholds of the baseline policy (angles in degrees).
type Baseline struct {
	// DriftTurns: aim at the checkpoint minus this many turns of speed.
	DriftTurns float64
	// CoastTurns: nearer than this many turns of speed, turn early if
	// sharp.
	CoastTurns float64
	// Thrust is the full thrust, 0..200: given within FullThrustAngle of
	// the target, none beyond StopAngle, linear between.
	Thrust                     int
	FullThrustAngle, StopAngle float64
	// BoostAngle, BoostDistance: BOOST on the longest leg within this
	// angle and at least this far from the checkpoint.
	BoostAngle, BoostDistance float64
	// ShieldSpeed: SHIELD for a contact next turn at this relative speed.
	ShieldSpeed float64
}

// DefaultBaseline are the thresholds of the baseline, set by hand.
var DefaultBaseline = Baseline{
	DriftTurns:      3,
	CoastTurns:      4,
	Thrust:          simcsb.MaxThrust,
	FullThrustAngle: 30,
	StopAngle:       90,
	BoostAngle:      3,
	BoostDistance:   5000,
	ShieldSpeed:     400,
}

// angleTo returns the signed angle in radians, in [−π, π], from pod p's
// facing to point q; 0 for a pod with no angle yet (its first turn is
// free).
func angleTo(p *simcsb.Pod, q sim.Vec) float64 {
	if !p.HasAngle {
		return 0
	}
	want := math.Atan2(q.Y-p.Pos.Y, q.X-p.Pos.X)
	return math.Remainder(want-p.Angle, 2*math.Pi)
}

// longestLeg returns the checkpoint that ends the longest leg of the
// lap.
func longestLeg(st *simcsb.State) int32 {
	n := st.NumCheckpoints
	best, bestD := int32(0), -1.0
	for k := int32(0); k < n; k++ {
		if d := st.Checkpoints[(k+n-1)%n].Dist2(st.Checkpoints[k]); d > bestD {
			best, bestD = k, d
		}
	}
	return best
}

// baselineCommand returns the baseline's command for pod i: steer at the
// next checkpoint with drift compensation, or at the one after it when
// coasting will carry the pod through and the turn is sharp; thrust by
// the angle to the target; BOOST on the longest straight; SHIELD before a
// hard collision with an opponent pod.
func baselineCommand(st *simcsb.State, i int, longest int32, b *Baseline) simcsb.Command {
	p := &st.Pods[i]
	n := st.NumCheckpoints
	cp := st.Checkpoints[p.Next]
	after := st.Checkpoints[(p.Next+1)%n]
	dist := p.Pos.Dist(cp)
	speed := p.Vel.Len()

	aim := cp
	if dist < b.CoastTurns*speed {
		in, out := cp.Sub(p.Pos), after.Sub(cp)
		if in.Dot(out) < 0 { // a turn sharper than 90 degrees
			aim = after
		}
	}
	target := aim.Sub(p.Vel.Scale(b.DriftTurns))
	diff := math.Abs(angleTo(p, target)) / degToRad

	var c simcsb.Command
	c.Target = target.Round()
	switch {
	case diff >= b.StopAngle:
		c.Thrust = 0
	case diff > b.FullThrustAngle:
		c.Thrust = int32(float64(b.Thrust) * (b.StopAngle - diff) / (b.StopAngle - b.FullThrustAngle))
	default:
		c.Thrust = int32(b.Thrust)
	}
	if !p.Boosted && p.Lock == 0 && p.Next == longest && aim == cp && diff < b.BoostAngle && dist > b.BoostDistance {
		c.Boost = true
	}
	next := p.Pos.Add(p.Vel)
	for j := range st.Pods {
		if simcsb.Owner(j) == simcsb.Owner(i) {
			continue
		}
		q := &st.Pods[j]
		if next.Dist2(q.Pos.Add(q.Vel)) < 2*simcsb.PodRadius*2*simcsb.PodRadius &&
			p.Vel.Dist2(q.Vel) > b.ShieldSpeed*b.ShieldSpeed {
			c.Shield, c.Boost = true, false
		}
	}
	return c
}

// geneOf returns the gene closest to command c for pod i: the rotation
// toward its target rounded and limited to 18 degrees.
func geneOf(st *simcsb.State, i int, c simcsb.Command) Gene {
	rot := int(math.Floor(angleTo(&st.Pods[i], c.Target)/degToRad + 0.5))
	return MakeGene(rot, int(c.Thrust), c.Shield, c.Boost)
}

// heuristicPlans rolls the baseline policy out from root for every pod
// and returns the genes it played, per player.
func heuristicPlans(root *simcsb.State, b *Baseline) (plans [2]Plan) {
	st := *root
	var dir [simcsb.MaxPods][2]float64
	for i := range st.Pods {
		sn, c := math.Sincos(st.Pods[i].Angle)
		dir[i] = [2]float64{c, sn}
		st.Pods[i].HasAngle = true // the root gives every pod a facing
	}
	longest := longestLeg(&st)
	for t := 0; t < MaxDepth; t++ {
		var g [simcsb.MaxPods]Gene
		for i := range st.Pods {
			g[i] = geneOf(&st, i, baselineCommand(&st, i, longest, b))
		}
		for i := range st.Pods {
			order(&st, &dir, i, g[i])
			plans[simcsb.Owner(i)][t][i%2] = g[i]
		}
		st.Move(nil)
		if st.Finished() {
			break
		}
	}
	return plans
}
