package fb

import (
	"strconv"

	"impulse/sim"
)

// Action is what a command does.
type Action int8

const (
	// Idle is the zero value: no command this turn (a timeout, or a line
	// never parsed). The wizard keeps its capture cooldown.
	Idle Action = iota
	Move
	Throw
	Cast // a spell: Command.Spell on Command.ID
)

// Command is one wizard's order for a turn, as a bot writes it:
// "MOVE x y thrust", "THROW x y power" or "SPELL id".
type Command struct {
	Action Action
	Target sim.Vec // Move, Throw: integral
	Power  int32   // Move: thrust 0..MaxThrust; Throw: power 0..MaxThrowPower
	Spell  Spell   // Cast
	ID     int32   // Cast: the target entity id
}

// Moving returns the command "MOVE x y thrust".
func Moving(x, y float64, thrust int32) Command {
	return Command{Action: Move, Target: sim.Vec{X: x, Y: y}, Power: thrust}
}

// Throwing returns the command "THROW x y power".
func Throwing(x, y float64, power int32) Command {
	return Command{Action: Throw, Target: sim.Vec{X: x, Y: y}, Power: power}
}

// Casting returns the command "SPELL id".
func Casting(sp Spell, id int) Command {
	return Command{Action: Cast, Spell: sp, ID: int32(id)}
}

// String returns the command as a bot prints it.
func (c Command) String() string {
	var b []byte
	switch c.Action {
	case Move, Throw:
		if c.Action == Move {
			b = append(b, "MOVE "...)
		} else {
			b = append(b, "THROW "...)
		}
		b = strconv.AppendInt(b, int64(c.Target.X), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(c.Target.Y), 10)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(c.Power), 10)
	case Cast:
		b = append(b, c.Spell.String()...)
		b = append(b, ' ')
		b = strconv.AppendInt(b, int64(c.ID), 10)
	default:
		return "IDLE"
	}
	return string(b)
}

// CommandError is a command the engine refuses: it eliminates the player
// with the message "invalid input. Expected '<Expected>' but found
// '<Found>'" (Java's InvalidInputException).
type CommandError struct {
	Expected, Found string
}

func (e *CommandError) Error() string {
	return "expected '" + e.Expected + "' but found '" + e.Found + "'"
}

// Check reports whether wizard i may give command c now, as the engine's
// handlePlayerOutput checks it, with the engine's error otherwise: a THROW
// needs a held snaffle (checked before the power), thrust and power in
// range, and a spell target found among the live snaffles, the bludgers and
// the wizards (never a post) that the spell accepts: ACCIO no wizard,
// FLIPENDO and PETRIFICUS no wizard of the caster's team, OBLIVIATE only a
// bludger. An Idle command is always allowed. Check allocates only for an
// error.
func (s *State) Check(i int, c Command) error {
	switch c.Action {
	case Move:
		if c.Power < 0 || c.Power > MaxThrust {
			return &CommandError{"0 <= move power <= 150", "power = " + strconv.Itoa(int(c.Power))}
		}
	case Throw:
		if s.Wizards[i].Holding == NoID {
			return &CommandError{"Impossible to throw a snaffle without holding one.", "id = " + strconv.Itoa(i)}
		}
		if c.Power < 0 || c.Power > MaxThrowPower {
			return &CommandError{"0 <= throw power <= 500", "power = " + strconv.Itoa(int(c.Power))}
		}
	case Cast:
		kind, k := s.findEntity(int(c.ID))
		notFound := &CommandError{"Target not found", "id = " + strconv.Itoa(int(c.ID))}
		if kind == NoEntity {
			return notFound
		}
		switch c.Spell {
		case Obliviate:
			if kind != BludgerEntity {
				return &CommandError{"Target is not a bludger", notFound.Found}
			}
		case Accio:
			if kind == WizardEntity {
				return &CommandError{"Target can't be a player", notFound.Found}
			}
		case Flipendo, Petrificus:
			if kind == WizardEntity && Owner(k) == Owner(i) {
				return &CommandError{"Target can't be yourself", notFound.Found}
			}
		default:
			return &CommandError{"MOVE x y thrust | THROW x y power | FLIPENDO id | ACCIO id | OBLIVIATE id | PETRIFICUS id", c.String()}
		}
	}
	return nil
}

// findEntity is the engine's findEntityById: a live snaffle, a bludger or
// a wizard; posts and scored snaffles are not found.
func (s *State) findEntity(id int) (EntityKind, int) {
	kind, k := s.Entity(id)
	switch kind {
	case SnaffleEntity:
		if s.Snaffles[k].Scored {
			return NoEntity, 0
		}
	case PostEntity:
		return NoEntity, 0
	}
	return kind, k
}

// Apply gives wizard i its command for this turn, as the engine does on
// parsing the line, and reports whether a spell was paid for (false for a
// spell without enough magic: the engine's "failed his spell!"; true for
// any other command). The command must have passed Check.
//
//   - MOVE sets the wizard's Acc (see thrust); THROW, the held snaffle's.
//   - A spell's cost leaves the player's magic now, so a teammate's later
//     line may find too little; the spell acts from the next turn
//     (Prepare). The target is remembered even when the spell fails.
//   - Any command by a holder sets Cooldown to CaptureCooldown and puts
//     the snaffle at the wizard's position and speed (the engine makes
//     them share vectors).
func (s *State) Apply(i int, c Command) bool {
	w := &s.Wizards[i]
	paid := true
	switch c.Action {
	case Idle:
		return true
	case Move:
		w.Acc = thrust(w.Pos, c.Target, c.Power)
	case Throw:
		if w.Holding != NoID {
			sn := &s.Snaffles[w.Holding]
			sn.Pos = w.Pos
			sn.Acc = thrust(sn.Pos, c.Target, c.Power)
		}
	case Cast:
		if c.Spell < 0 || c.Spell >= NumSpells {
			return true // no such spell: nothing happens (Check refuses it)
		}
		pl := Owner(i)
		if cost := s.SpellCost(c.Spell); s.Magic[pl] >= cost {
			s.Magic[pl] -= cost
			w.Cast = c.Spell
		} else {
			paid = false
		}
		w.LastTarget = int8(c.ID)
	}
	if w.Holding != NoID {
		sn := &s.Snaffles[w.Holding]
		sn.Pos, sn.Vel = w.Pos, w.Vel
		w.Cooldown = CaptureCooldown
	}
	return paid
}

// thrust is the engine's acceleration towards target:
// normalize(normalize(target − from))·power; zero when from = target.
func thrust(from, target sim.Vec, power int32) sim.Vec {
	if from == target {
		return sim.Vec{}
	}
	return target.Sub(from).Normalize().Normalize().Scale(float64(power))
}
