package fb

import "impulse/sim"

// Sizes of the fixed arrays.
const (
	MaxWizards  = 4 // two per player
	MaxSnaffles = 7 // 2 or 3 pairs and the centre one
	NumBludgers = 2
	NumPosts    = 4
	MaxLog      = 64 // collision lines kept per turn
)

// Constants of the official engine (fb.md sections 3, 5 and 6).
const (
	Width, Height = 16000, 7500
	GoalSize      = 4000
	GoalTop       = 1750 // y of the upper posts' centres
	GoalBottom    = 5750 // y of the lower posts' centres

	WizardRadius  = 400
	SnaffleRadius = 150
	BludgerRadius = 200
	PostRadius    = 300

	WizardMass  = 1.0
	SnaffleMass = 0.5
	BludgerMass = 8.0

	// Speed kept per turn.
	WizardFriction  = 0.75
	SnaffleFriction = 0.75
	BludgerFriction = 0.9

	MaxThrust     = 150  // MOVE thrust 0..150
	MaxThrowPower = 500  // THROW power 0..500
	BludgerThrust = 1000 // towards its target, divided by its mass

	CaptureDistance = 399 // a wizard catches a snaffle whose centre comes this close
	CaptureCooldown = 3   // timeBeforeCanCaptureAgain after a command by a holder
	MinImpulse      = 100
	MaxMagic        = 100
	MaxRounds       = 200
	Epsilon         = 0.00001

	AccioPower    = 3000 // ×1e6/d², capped at SpellMaxPower
	FlipendoPower = 6000
	SpellMaxPower = 1000
)

// NoID marks a missing wizard, snaffle or entity index.
const NoID = -1

// Rules selects the rule set (sim.Rules): Live is CodinGame's multiplayer
// referee, Published the contest's (fb.md section 1).
type Rules = sim.Rules

// The rule sets.
const (
	Live      = sim.Live
	Published = sim.Published
)

// Spell is one of the four spells, in the order the view lists them.
type Spell int8

const (
	Accio Spell = iota
	Flipendo
	Obliviate
	Petrificus
	NumSpells = 4
	// NoSpell marks a wizard that cast nothing this turn.
	NoSpell Spell = -1
)

var spellNames = [NumSpells]string{"ACCIO", "FLIPENDO", "OBLIVIATE", "PETRIFICUS"}

func (sp Spell) String() string {
	if sp < 0 || sp >= NumSpells {
		return "NONE"
	}
	return spellNames[sp]
}

// SpellTable is a rule set's spell costs (magic) and durations
// (simulations), by Spell.
type SpellTable struct {
	Cost     [NumSpells]int32
	Duration [NumSpells]int8
}

// Spells is each rule set's table (fb.md sections 1 and 6.1).
var Spells = [...]SpellTable{
	Live:      {[NumSpells]int32{15, 20, 5, 10}, [NumSpells]int8{6, 3, 4, 1}},
	Published: {[NumSpells]int32{20, 20, 5, 10}, [NumSpells]int8{6, 3, 3, 1}},
}

// SpellCost returns the magic spell sp costs under s's rules.
func (s *State) SpellCost(sp Spell) int32 { return Spells[s.Rules].Cost[sp] }

// Posts are the centres of the goal posts in id order, the left goal's
// then the right's, top first: static circles of PostRadius, invisible to
// the players.
var Posts = [NumPosts]sim.Vec{{X: 0, Y: GoalTop}, {X: 0, Y: GoalBottom}, {X: Width, Y: GoalTop}, {X: Width, Y: GoalBottom}}

// Wizard is one player-controlled body. Position and speed are integral
// between turns.
type Wizard struct {
	Pos, Vel sim.Vec
	// Acc is this turn's MOVE thrust, set by Apply and added to Vel by
	// Update; zero between turns.
	Acc sim.Vec
	// Holding is the held snaffle's index in State.Snaffles, or NoID.
	Holding int8
	// Cooldown is the engine's timeBeforeCanCaptureAgain: the wizard
	// catches only at ≤ 0. Apply sets it, Update decrements it.
	Cooldown int8
	// Countdown is, per spell, the simulations it still acts in (0 =
	// inactive). Between turns it counts the turn just played; Prepare
	// decrements it.
	Countdown [NumSpells]int8
	// Target is, per active spell, the entity id it acts on.
	Target [NumSpells]int8
	// Cast is the spell paid for this turn, acting from the next one on
	// LastTarget (NoSpell when none).
	Cast Spell
	// LastTarget is the entity id of the wizard's last spell command, paid
	// for or not, or NoID (the engine's spellTarget, never cleared); the
	// view shows its position when the wizard has no target.
	LastTarget int8
}

// Snaffle is one ball.
type Snaffle struct {
	Pos, Vel sim.Vec
	// Acc is this turn's THROW force, set by Apply; Update adds Acc/0.5.
	Acc sim.Vec
	// Scored reports whether the snaffle went through a goal; it keeps
	// drifting outside the field and bludgers still hit it.
	Scored bool
	// Carrier is the wizard holding the snaffle, or NoID.
	Carrier int8
	// Ignore has bit j set while the snaffle passes through snaffle j
	// (after a release among overlapping snaffles).
	Ignore uint8
}

// Bludger is one of the two autonomous balls.
type Bludger struct {
	Pos, Vel sim.Vec
	// LastVictim is the last wizard it hit, which it does not chase, or
	// NoID.
	LastVictim int8
}

// State is a whole game between turns, a value: copy it with next := *s.
// The zero value is not a game; use New or NewFromSeed.
//
// Entity ids are the engine's: wizards 0..3, snaffles 4..4+NumSnaffles−1,
// then the two bludgers, then the four posts.
type State struct {
	Wizards     [MaxWizards]Wizard
	Snaffles    [MaxSnaffles]Snaffle
	NumSnaffles int8
	Bludgers    [NumBludgers]Bludger
	Score       [2]int32
	Magic       [2]int32
	// Dead reports, per player, elimination (invalid output or timeout):
	// its score shows -1, it scores no more, its wizards still move.
	Dead [2]bool
	// Round is the number of turns simulated so far.
	Round int32
	// ScoreToWin is the majority: 3 with 5 snaffles, 4 with 7.
	ScoreToWin int32
	Rules      Rules
	// Collisions counts every collision candidate found so far, as the
	// engine's uniqueId does.
	Collisions int32
}

// Owner returns wizard i's player: 0 for 0 and 1, 1 for 2 and 3.
func Owner(i int) int { return i >> 1 }

// SnaffleID returns the entity id of snaffle k.
func (s *State) SnaffleID(k int) int { return MaxWizards + k }

// BludgerID returns the entity id of bludger k.
func (s *State) BludgerID(k int) int { return MaxWizards + int(s.NumSnaffles) + k }

// PostID returns the entity id of post k.
func (s *State) PostID(k int) int { return MaxWizards + int(s.NumSnaffles) + NumBludgers + k }

// EntityKind is what an entity id names.
type EntityKind uint8

const (
	NoEntity EntityKind = iota
	WizardEntity
	SnaffleEntity
	BludgerEntity
	PostEntity
)

// Entity returns the kind of entity id and its index within its array.
func (s *State) Entity(id int) (EntityKind, int) {
	n := int(s.NumSnaffles)
	switch {
	case id < 0:
		return NoEntity, 0
	case id < MaxWizards:
		return WizardEntity, id
	case id < MaxWizards+n:
		return SnaffleEntity, id - MaxWizards
	case id < MaxWizards+n+NumBludgers:
		return BludgerEntity, id - MaxWizards - n
	case id < MaxWizards+n+NumBludgers+NumPosts:
		return PostEntity, id - MaxWizards - n - NumBludgers
	}
	return NoEntity, 0
}

// Position returns the position of entity id (the zero vector for none).
func (s *State) Position(id int) sim.Vec {
	kind, k := s.Entity(id)
	switch kind {
	case WizardEntity:
		return s.Wizards[k].Pos
	case SnaffleEntity:
		return s.Snaffles[k].Pos
	case BludgerEntity:
		return s.Bludgers[k].Pos
	case PostEntity:
		return Posts[k]
	}
	return sim.Vec{}
}

// LiveSnaffles returns the number of snaffles not yet scored.
func (s *State) LiveSnaffles() int {
	n := 0
	for k := 0; k < int(s.NumSnaffles); k++ {
		if !s.Snaffles[k].Scored {
			n++
		}
	}
	return n
}

// Wizard start positions (fb.md section 5).
var wizardStarts = [MaxWizards]sim.Vec{{X: 1000, Y: 5250}, {X: 1000, Y: 2250}, {X: 15000, Y: 2250}, {X: 15000, Y: 5250}}

// Bludger start positions.
var bludgerStarts = [NumBludgers]sim.Vec{{X: 7450, Y: 3750}, {X: 8550, Y: 3750}}

// New returns the start of a game with snaffles at the given positions
// (5 or 7, as GenerateSnaffles draws; at most MaxSnaffles).
func New(snaffles []sim.Vec, rules Rules) State {
	var s State
	s.Rules = rules
	for i := range s.Wizards {
		w := &s.Wizards[i]
		w.Pos = wizardStarts[i]
		w.Holding = NoID
		w.Cast = NoSpell
		w.LastTarget = NoID
		for sp := range w.Target {
			w.Target[sp] = NoID
		}
	}
	n := len(snaffles)
	if n > MaxSnaffles {
		n = MaxSnaffles
	}
	s.NumSnaffles = int8(n)
	for k := 0; k < n; k++ {
		s.Snaffles[k] = Snaffle{Pos: snaffles[k], Carrier: NoID}
	}
	for k := range s.Bludgers {
		s.Bludgers[k] = Bludger{Pos: bludgerStarts[k], LastVictim: NoID}
	}
	s.ScoreToWin = int32(n/2 + 1)
	return s
}

// NewFromSeed returns the game the engine sets up for seed.
func NewFromSeed(seed int64, rules Rules) State {
	var buf [MaxSnaffles]sim.Vec
	return New(GenerateSnaffles(seed, buf[:0]), rules)
}

// GenerateSnaffles appends to buf the snaffles the engine draws for seed
// (initReferee, fb.md section 5): java.util.Random(seed), 2 + nextInt(2)
// pairs, each (x, y) = (nextInt(5000)+2000, nextInt(6500)+500) unless
// within 1250 of a snaffle already placed, then its mirror (16000−x,
// 7500−y); the centre one (8000, 3750) last.
func GenerateSnaffles(seed int64, buf []sim.Vec) []sim.Vec {
	r := sim.NewJavaRandom(seed)
	pairs := 2 + int(r.NextInt(2))
	start := len(buf)
	for placed := 0; placed < pairs; {
		x := float64(r.NextInt(5000) + 2000)
		y := float64(r.NextInt(6500) + 500)
		p := sim.Vec{X: x, Y: y}
		ok := true
		for _, q := range buf[start:] {
			if p.Dist(q) < 1250 {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		buf = append(buf, p, sim.Vec{X: Width - x, Y: Height - y})
		placed++
	}
	return append(buf, sim.Vec{X: Width / 2, Y: Height / 2})
}
