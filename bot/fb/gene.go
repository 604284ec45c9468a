package fb

import (
	"fmt"
	"math"

	"impulse/bot"
	"impulse/sim"
	simfb "impulse/sim/fb"
)

// Depth is the default Settings.Depth (the flag -depth), the best
// measured (MEASUREMENTS.md).
const Depth = 4

// MaxDepth is the number of turns a plan holds, the most a search plays.
const MaxDepth = 6

// Gene is one wizard's order for one turn, packed: bits 0–8 the direction
// in degrees 0..359 (0 = +x, 90 = +y, down the screen), bits 9–15 the
// power in percent 0..100, bit 16 a spell, bits 17–18 the spell, bits
// 19–22 its target entity id.
//
// Without the spell bit, or when the spell cannot be cast (too little
// magic, a target it does not accept), the gene is a THROW in the
// direction with power% of MaxThrowPower for a wizard that holds a
// snaffle, else a MOVE with power% of MaxThrust. The zero value moves
// along +x with no thrust.
type Gene uint32

const (
	numAngles = 360
	spellBit  = 1 << 16
)

// MakeMove packs a direction in degrees (taken modulo 360) and a power
// percentage (clamped to 0..100).
func MakeMove(angle, power int) Gene {
	angle %= numAngles
	if angle < 0 {
		angle += numAngles
	}
	if power < 0 {
		power = 0
	} else if power > 100 {
		power = 100
	}
	return Gene(angle) | Gene(power)<<9
}

// MakeSpell packs a spell on entity id (0..15), falling back to the move
// of fallback when it cannot be cast.
func MakeSpell(sp simfb.Spell, id int, fallback Gene) Gene {
	return fallback&(spellBit-1) | spellBit | Gene(sp&3)<<17 | Gene(id&15)<<19
}

// Angle returns the direction in degrees, 0..359.
func (g Gene) Angle() int { return int(g & 511) }

// Power returns the power in percent, 0..100.
func (g Gene) Power() int { return int(g >> 9 & 127) }

// IsSpell reports whether the gene casts a spell.
func (g Gene) IsSpell() bool { return g&spellBit != 0 }

// Spell returns the spell of a spell gene.
func (g Gene) Spell() simfb.Spell { return simfb.Spell(g >> 17 & 3) }

// Target returns the target entity id of a spell gene.
func (g Gene) Target() int { return int(g >> 19 & 15) }

// Plan is one player's orders for its two wizards over the next MaxDepth
// turns: Plan[t][k] drives the player's wizard k at turn t from now.
type Plan [MaxDepth][2]Gene

// dirTable holds the unit vector of each whole degree.
var dirTable = func() (t [numAngles]sim.Vec) {
	for d := range t {
		s, c := math.Sincos(float64(d) * math.Pi / 180)
		t[d] = sim.Vec{X: c, Y: s}
	}
	return t
}()

// reach is how far along its direction a gene puts the target of a MOVE
// or THROW: far, so that the rounding of the target bends the direction
// by less than 0.01 degree.
const reach = 10000

// spellOK reports whether wizard i may cast sp on entity id in st and its
// player has the magic: ACCIO a live snaffle it does not hold or a bludger,
// FLIPENDO and PETRIFICUS a live snaffle, a bludger or an opponent wizard,
// OBLIVIATE a bludger (sim/fb State.Check's rules, without its error
// values).
func spellOK(st *simfb.State, i int, sp simfb.Spell, id int) bool {
	if st.Magic[simfb.Owner(i)] < st.SpellCost(sp) {
		return false
	}
	switch kind, k := st.Entity(id); kind {
	case simfb.SnaffleEntity:
		sn := &st.Snaffles[k]
		return !sn.Scored && sp != simfb.Obliviate && !(sp == simfb.Accio && int(sn.Carrier) == i)
	case simfb.BludgerEntity:
		return true
	case simfb.WizardEntity:
		return (sp == simfb.Flipendo || sp == simfb.Petrificus) && simfb.Owner(k) != simfb.Owner(i)
	}
	return false
}

// command returns wizard i's command for gene g in st.
func command(st *simfb.State, i int, g Gene) simfb.Command {
	if g.IsSpell() && spellOK(st, i, g.Spell(), g.Target()) {
		return simfb.Casting(g.Spell(), g.Target())
	}
	w := &st.Wizards[i]
	d := dirTable[g.Angle()]
	x := math.Floor(w.Pos.X + float64(reach*d.X) + 0.5)
	y := math.Floor(w.Pos.Y + float64(reach*d.Y) + 0.5)
	p := int32(g.Power())
	if w.Holding != simfb.NoID {
		return simfb.Throwing(x, y, (simfb.MaxThrowPower*p+50)/100)
	}
	return simfb.Moving(x, y, (simfb.MaxThrust*p+50)/100)
}

// geneOf returns the gene closest to command c of wizard i in st: the
// direction to its target rounded to a degree, its power in percent of
// the maximum (of the throw when holding); a spell falls back to a run at
// its target.
func geneOf(st *simfb.State, i int, c simfb.Command) Gene {
	w := &st.Wizards[i]
	if c.Action == simfb.Cast {
		return MakeSpell(c.Spell, int(c.ID), MakeMove(degrees(st.Position(int(c.ID)).Sub(w.Pos)), 100))
	}
	angle := degrees(c.Target.Sub(w.Pos))
	max := int32(simfb.MaxThrust)
	if c.Action == simfb.Throw {
		max = simfb.MaxThrowPower
	}
	return MakeMove(angle, int((100*c.Power+max/2)/max))
}

// degrees returns the direction of d in whole degrees, 0 for none.
func degrees(d sim.Vec) int {
	if d == (sim.Vec{}) {
		return 0
	}
	return int(math.Floor(math.Atan2(d.Y, d.X)*180/math.Pi + 0.5))
}

// spellTarget draws a plausible target for sp in st: a live snaffle for
// ACCIO and FLIPENDO (sometimes a bludger or, for FLIPENDO, an opponent
// wizard), an opponent wizard or a snaffle for PETRIFICUS, a bludger for
// OBLIVIATE.
func spellTarget(r *bot.Rand, st *simfb.State, pl int, sp simfb.Spell) int {
	n := int(st.NumSnaffles)
	snaffle := simfb.MaxWizards + r.Intn(n)
	bludger := st.BludgerID(r.Intn(simfb.NumBludgers))
	opponent := 2*(1-pl) + r.Intn(2)
	switch sp {
	case simfb.Obliviate:
		return bludger
	case simfb.Petrificus:
		if r.Intn(2) == 0 {
			return opponent
		}
		return snaffle
	}
	switch x := r.Intn(10); {
	case x == 0:
		return bludger
	case x == 1 && sp == simfb.Flipendo:
		return opponent
	}
	return snaffle
}

// randomGene draws an order for player pl in st: a direction uniform, the
// power mostly full, sometimes none, else uniform; a spell with
// probability spellChance percent (FLIPENDO and ACCIO the most).
func randomGene(r *bot.Rand, st *simfb.State, pl, spellChance int) Gene {
	var power int
	switch x := r.Intn(10); {
	case x < 5:
		power = 100
	case x == 5:
		power = 0
	default:
		power = r.Intn(101)
	}
	g := MakeMove(r.Intn(numAngles), power)
	if r.Intn(100) < spellChance {
		g = randomSpell(r, st, pl, g)
	}
	return g
}

// randomSpell returns g with a spell drawn for player pl in st.
func randomSpell(r *bot.Rand, st *simfb.State, pl int, g Gene) Gene {
	var sp simfb.Spell
	switch x := r.Intn(10); {
	case x < 4:
		sp = simfb.Flipendo
	case x < 7:
		sp = simfb.Accio
	case x < 9:
		sp = simfb.Petrificus
	default:
		sp = simfb.Obliviate
	}
	return MakeSpell(sp, spellTarget(r, st, pl, sp), g)
}

// Genes are the odds, in percent, of the orders the search draws and of
// the changes a mutation makes.
type Genes struct {
	// SpellChance: a random order casts a spell with these odds.
	SpellChance int
	// A mutation turns the wizard (MutateAngle), changes the power
	// (MutatePower), adds or drops a spell (MutateSpell) or else draws a
	// new order.
	MutateAngle, MutatePower, MutateSpell int
}

// DefaultGenes are the odds of the bot, set by hand.
var DefaultGenes = Genes{SpellChance: 4, MutateAngle: 45, MutatePower: 35, MutateSpell: 10}

// check returns an error for odds out of 0..100 in all.
func (g *Genes) check() error {
	if g.SpellChance < 0 || g.SpellChance > 100 || g.MutateAngle < 0 || g.MutatePower < 0 || g.MutateSpell < 0 || g.MutateAngle+g.MutatePower+g.MutateSpell > 100 {
		return fmt.Errorf("gene odds %+v: want each 0 or more, at most 100 in all", *g)
	}
	return nil
}

// randomize fills p with random orders for player pl in st, up to depth.
func (p *Plan) randomize(r *bot.Rand, st *simfb.State, pl, depth int, odds *Genes) {
	for t := 0; t < depth; t++ {
		p[t][0] = randomGene(r, st, pl, odds.SpellChance)
		p[t][1] = randomGene(r, st, pl, odds.SpellChance)
	}
}

// shift drops the first turn, the one just played, and draws the last
// of the depth searched.
func (p *Plan) shift(r *bot.Rand, st *simfb.State, pl, depth int, odds *Genes) {
	copy(p[:], p[1:])
	p[depth-1][0] = randomGene(r, st, pl, odds.SpellChance)
	p[depth-1][1] = randomGene(r, st, pl, odds.SpellChance)
}

// mutate changes one field of one gene of p, in a turn of the depth
// searched, the change drawn by the odds; amplitude (1 down to
// 1−MutationDecay as the budget is used) scales the changes of direction
// and power.
func (p *Plan) mutate(r *bot.Rand, st *simfb.State, pl, depth int, amplitude float64, odds *Genes) {
	t, k := r.Intn(depth), r.Intn(2)
	g := p[t][k]
	angle, power := g.Angle(), g.Power()
	switch x := r.Intn(100); {
	case x < odds.MutateAngle:
		span := int(amplitude*90 + 0.5)
		if span < 1 {
			span = 1
		}
		if r.Intn(5) == 0 {
			angle = r.Intn(numAngles)
		} else {
			angle += r.Intn(2*span+1) - span
		}
		g = MakeMove(angle, power) | g&^(spellBit-1)
	case x < odds.MutateAngle+odds.MutatePower:
		span := int(amplitude*100 + 0.5)
		if span < 1 {
			span = 1
		}
		switch r.Intn(6) {
		case 0:
			power = 0
		case 1:
			power = 100
		default:
			power += r.Intn(2*span+1) - span
		}
		g = MakeMove(angle, power) | g&^(spellBit-1)
	case x < odds.MutateAngle+odds.MutatePower+odds.MutateSpell:
		if g.IsSpell() {
			g &= spellBit - 1
		} else {
			g = randomSpell(r, st, pl, g)
		}
	default:
		g = randomGene(r, st, pl, odds.SpellChance)
	}
	p[t][k] = g
}

// crossover sets p to a uniform mix of a and b, turn by turn and wizard
// by wizard.
func (p *Plan) crossover(r *bot.Rand, a, b *Plan) {
	bits := r.Uint64()
	for t := 0; t < MaxDepth; t++ {
		for k := 0; k < 2; k++ {
			if bits&1 == 0 {
				p[t][k] = a[t][k]
			} else {
				p[t][k] = b[t][k]
			}
			bits >>= 1
		}
	}
}
