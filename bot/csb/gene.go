package csb

import (
	"fmt"

	"impulse/bot"
	simcsb "impulse/sim/csb"
)

// Depth is the default Settings.Depth (the flag -depth).
const Depth = 6

// MaxDepth is the number of turns a plan holds, the most a search plays.
const MaxDepth = 6

// Gene is one pod's order for one turn, packed: bits 0–7 the thrust
// 0..MaxThrust, bits 8–13 the rotation + 18 (0..36, degrees from the
// pod's facing), bit 14 SHIELD, bit 15 BOOST. The zero value turns the pod
// 18 degrees left with no thrust.
type Gene uint16

const (
	maxRotation = 18 // degrees
	shieldBit   = 1 << 14
	boostBit    = 1 << 15
)

// MakeGene packs a rotation in degrees (clamped to −18..18), a thrust
// (clamped to 0..200) and the flags.
func MakeGene(rotation, thrust int, shield, boost bool) Gene {
	if rotation < -maxRotation {
		rotation = -maxRotation
	} else if rotation > maxRotation {
		rotation = maxRotation
	}
	if thrust < 0 {
		thrust = 0
	} else if thrust > simcsb.MaxThrust {
		thrust = simcsb.MaxThrust
	}
	g := Gene(thrust) | Gene(rotation+maxRotation)<<8
	if shield {
		g |= shieldBit
	}
	if boost {
		g |= boostBit
	}
	return g
}

// Rotation returns the turn in degrees, −18..18 (positive: clockwise on
// the screen, as angles grow with y down).
func (g Gene) Rotation() int { return int(g>>8&63) - maxRotation }

// Thrust returns the thrust 0..200 (ignored with SHIELD or BOOST).
func (g Gene) Thrust() int32 { return int32(g & 255) }

// Shield reports whether the order is SHIELD.
func (g Gene) Shield() bool { return g&shieldBit != 0 }

// Boost reports whether the order is BOOST (and not SHIELD).
func (g Gene) Boost() bool { return g&(boostBit|shieldBit) == boostBit }

// Plan is one player's orders for its two pods over the next MaxDepth
// turns: Plan[t][k] drives the player's pod k at turn t from now.
type Plan [MaxDepth][2]Gene

// Genes are the odds, in percent, of the orders the searches draw and of
// the changes a mutation makes.
type Genes struct {
	// Shield and Boost: a random order is SHIELD, BOOST with these odds.
	Shield, Boost int
	// A mutation turns the pod (MutateRotation), changes the thrust
	// (MutateThrust), toggles SHIELD (MutateShield) or else BOOST.
	MutateRotation, MutateThrust, MutateShield int
}

// DefaultGenes are the odds of the bot, set by hand.
var DefaultGenes = Genes{Shield: 3, Boost: 1, MutateRotation: 45, MutateThrust: 45, MutateShield: 7}

// check returns an error for odds out of 0..100 in all.
func (g *Genes) check() error {
	if g.Shield < 0 || g.Boost < 0 || g.Shield+g.Boost > 100 || g.MutateRotation < 0 || g.MutateThrust < 0 || g.MutateShield < 0 || g.MutateRotation+g.MutateThrust+g.MutateShield > 100 {
		return fmt.Errorf("gene odds %+v: want each 0 or more, at most 100 in all", *g)
	}
	return nil
}

// shift drops the first turn, the one just played, and draws the last
// of the depth searched.
func (p *Plan) shift(r *bot.Rand, depth int, odds *Genes) {
	copy(p[:], p[1:])
	p[depth-1][0] = randomGene(r, odds)
	p[depth-1][1] = randomGene(r, odds)
}

// randomGene draws an order: rotations uniform, with the extremes and
// straight ahead favoured; thrust mostly full, sometimes none, else
// uniform; SHIELD and BOOST at the odds (Genes.Shield, Genes.Boost).
func randomGene(r *bot.Rand, odds *Genes) Gene {
	var rot int
	switch x := r.Intn(10); {
	case x == 0:
		rot = -maxRotation
	case x == 1:
		rot = maxRotation
	case x == 2:
		rot = 0
	default:
		rot = r.Intn(2*maxRotation+1) - maxRotation
	}
	var thrust int
	switch x := r.Intn(10); {
	case x < 4:
		thrust = simcsb.MaxThrust
	case x == 4:
		thrust = 0
	default:
		thrust = r.Intn(simcsb.MaxThrust + 1)
	}
	x := r.Intn(100)
	return MakeGene(rot, thrust, x < odds.Shield, x >= odds.Shield && x < odds.Shield+odds.Boost)
}

// mutate changes one field of one gene of p; amplitude, from 1 at the
// start of a search down to 0.1, scales the changes of rotation and
// thrust; the turn is one of the depth searched, the change one of the
// odds'.
func (p *Plan) mutate(r *bot.Rand, amplitude float64, depth int, odds *Genes) {
	t, k := r.Intn(depth), r.Intn(2)
	g := p[t][k]
	rot, thrust := g.Rotation(), int(g.Thrust())
	shield, boost := g.Shield(), g&boostBit != 0
	switch x := r.Intn(100); {
	case x < odds.MutateRotation:
		span := int(amplitude*maxRotation + 0.5)
		if span < 1 {
			span = 1
		}
		if r.Intn(4) == 0 {
			rot = r.Intn(2*maxRotation+1) - maxRotation
		} else {
			rot += r.Intn(2*span+1) - span
		}
	case x < odds.MutateRotation+odds.MutateThrust:
		span := int(amplitude*simcsb.MaxThrust + 0.5)
		if span < 1 {
			span = 1
		}
		switch r.Intn(6) {
		case 0:
			thrust = 0
		case 1:
			thrust = simcsb.MaxThrust
		default:
			thrust += r.Intn(2*span+1) - span
		}
		shield = false
	case x < odds.MutateRotation+odds.MutateThrust+odds.MutateShield:
		shield = !shield
	default:
		boost = !boost
	}
	p[t][k] = MakeGene(rot, thrust, shield, boost)
}

// crossover sets p to a uniform mix of a and b, turn by turn and pod by
// pod: b's gene where the random bit is set. The choice is a mask, not a
// branch, which the processor would mispredict as the bits are random
// (MEASUREMENTS.md).
func (p *Plan) crossover(r *bot.Rand, a, b *Plan) {
	bits := r.Uint64()
	for t := 0; t < MaxDepth; t++ {
		for k := 0; k < 2; k++ {
			m := -Gene(bits & 1)
			p[t][k] = a[t][k] ^ (a[t][k]^b[t][k])&m
			bits >>= 1
		}
	}
}
