// Package fbref is the official Fantastic Bits referee on top of the
// simulator sim/fb: the engine.Game hooks with the referee's texts, views,
// tooltips and player inputs, for both rule sets.
package fbref

import (
	"errors"
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"time"

	"impulse/referee/engine"
	"impulse/sim"
	"impulse/sim/fb"
)

// Variant is the engine.Variant of the Fantastic Bits referee (the 2017
// AbstractReferee): tooltips go with key frames, inputs are taken when a
// round is prepared.
var Variant = engine.Variant{TooltipsOnKeyFrames: true, InputsAtPrepare: true}

// Name is the game's name in frame 0 of a replay.
const Name = "Fantastic Bits"

// wizardView is what the referee shows of a wizard beyond the simulator
// state; it is reset when a round is prepared.
type wizardView struct {
	action     fb.Action // the last parsed command's (Idle: none or invalid)
	spell      fb.Spell
	target     sim.Vec // MOVE or THROW target, when hasTarget
	hasTarget  bool
	power      int32 // MOVE thrust
	throwPower int32
	message    string
	hasMessage bool
	spellTried bool // a spell line was parsed (the engine's spellSuccess != null)
	spellPaid  bool
}

// Referee is one game. The zero value is not usable; use New.
type Referee struct {
	State fb.State
	Rules fb.Rules
	Log   fb.Log // the collisions of the last round

	seed     int64
	wizards  [fb.MaxWizards]wizardView
	tooltips []engine.Tooltip
}

// New returns a referee for the given rule set, to be set up by Init.
func New(rules fb.Rules) *Referee { return &Referee{Rules: rules} }

var messages = map[string]string{
	"endReached":          "End reached",
	"podActionMove":       "$%d: Wizard %d moves towards coordinate (%d, %d) with thrust %d",
	"podActionThrow":      "$%d: Wizard %d throws the snaffle to coordinate (%d, %d) with power %d",
	"podActionAccio":      "$%d: Wizard %d casts Accio on entity %d",
	"podActionFlipendo":   "$%d: Wizard %d casts Flipendo on entity %d",
	"podActionPetrificus": "$%d: Wizard %d casts Petrificus on entity %d",
	"podActionObliviate":  "$%d: Wizard %d casts Obliviate on bludger %d",
}

// Name implements engine.Game.
func (r *Referee) Name() string { return Name }

// Messages implements engine.Game.
func (r *Referee) Messages() map[string]string { return messages }

// tuning are the engine's tuning properties with their defaults, which no
// CodinGame game changes and this referee does not implement; the spells'
// durations, which the rule sets set apart, are in durationKeys.
var tuning = map[string]string{
	"friction": "0.25", "friction_bludger": "0.1", "friction_snaffle": "0.25",
	"max_power": "150", "max_power_snaffle": "500", "snaffle_mass": "0.5", "bludger_mass": "8.0",
	"pod_radius": "400", "snaffle_radius": "150", "bludger_radius": "200", "space_between_pod": "3000",
	"goal_radius": "300", "goal_size": "4000", "with_bludgers": "true", "with_spells": "true",
}

// durationKeys are the tuning properties of the spells' durations, by
// fb.Spell.
var durationKeys = [fb.NumSpells]string{"accio_duration", "flipendo_duration", "obliviate_duration", "petrificus_duration"}

// tuningDefault returns the default of the engine's tuning property key
// under rules (obliviate_duration: 4 in the multiplayer referee, 3 in the
// contest's), and whether key is one.
func tuningDefault(key string, rules fb.Rules) (string, bool) {
	for sp, k := range durationKeys {
		if k == key {
			return strconv.Itoa(int(fb.Spells[rules].Duration[sp])), true
		}
	}
	def, ok := tuning[key]
	return def, ok
}

// Init implements engine.Game: the seed property, a random one by default.
// A tuning property of the engine (friction, radii, durations...) is
// refused unless it has its default value; other keys are ignored, as the
// engine ignores them.
func (r *Referee) Init(playerCount int, props engine.Properties) error {
	if playerCount != 2 {
		return fmt.Errorf("%d players: this referee plays 2", playerCount)
	}
	r.seed = rand.New(rand.NewSource(time.Now().UnixNano())).Int63()
	for _, p := range props {
		if p.Key == "seed" {
			seed, err := strconv.ParseInt(p.Value, 10, 64)
			if err != nil {
				return fmt.Errorf("seed: %q is not a long", p.Value)
			}
			r.seed = seed
		} else if def, ok := tuningDefault(p.Key, r.Rules); ok && p.Value != def {
			return fmt.Errorf("%s=%s: this referee plays the default %s only", p.Key, p.Value, def)
		}
	}
	r.State = fb.NewFromSeed(r.seed, r.Rules)
	for i := range r.wizards {
		// Frame 0 shows the pods' start target, the centre.
		r.wizards[i] = wizardView{target: sim.Vec{X: fb.Width / 2, Y: fb.Height / 2}, hasTarget: true}
	}
	return nil
}

// Configuration implements engine.Game.
func (r *Referee) Configuration() engine.Properties {
	return engine.Properties{{Key: "seed", Value: strconv.FormatInt(r.seed, 10)}}
}

// InitView implements engine.Game.
func (r *Referee) InitView() []string {
	s := &r.State
	var wiz, sn, bl []string
	for i := range s.Wizards {
		p := s.Wizards[i].Pos
		wiz = append(wiz, fmt.Sprintf("%d %d %d", fb.Owner(i), int64(sim.Round(p.X)), int64(sim.Round(p.Y))))
	}
	for k := 0; k < int(s.NumSnaffles); k++ {
		p := s.Snaffles[k].Pos
		sn = append(sn, fmt.Sprintf("%d %d %d", s.SnaffleID(k), int64(sim.Round(p.X)), int64(sim.Round(p.Y))))
	}
	for k := range s.Bludgers {
		p := s.Bludgers[k].Pos
		bl = append(bl, fmt.Sprintf("%d %d %d", s.BludgerID(k), int64(sim.Round(p.X)), int64(sim.Round(p.Y))))
	}
	return []string{
		fmt.Sprintf("%d %d %d %d %d %d", fb.Width, fb.Height, fb.WizardRadius, fb.MaxWizards, fb.SnaffleRadius, fb.GoalSize),
		strings.Join(wiz, " "),
		strings.Join(sn, " "),
		strings.Join(bl, " "),
	}
}

// javaRoundFloat is Math.round(float) of an int, as the engine prints a
// java.awt.Point's coordinates: beyond 2^24 the float loses precision.
func javaRoundFloat(x float64) int64 { return int64(float32(x)) }

func round(x float64) int64 { return int64(sim.Round(x)) }

// FrameView implements engine.Game: per wizard "x y vx vy thrust tx ty
// [message]", the running spells, the snaffles, the bludgers, scores,
// magic, then the round's collisions.
func (r *Referee) FrameView(rnd, frame int, keyFrame bool) []string {
	if !keyFrame {
		return nil
	}
	s := &r.State
	var lines []string
	for i := range s.Wizards {
		w, v := &s.Wizards[i], &r.wizards[i]
		line := fmt.Sprintf("%d %d %d %d %d", round(w.Pos.X), round(w.Pos.Y),
			int64(sim.SymRound(w.Vel.X)), int64(sim.SymRound(w.Vel.Y)), v.power)
		switch {
		case v.hasTarget:
			line += fmt.Sprintf(" %d %d", javaRoundFloat(v.target.X), javaRoundFloat(v.target.Y))
		case w.LastTarget != fb.NoID:
			p := s.Position(int(w.LastTarget))
			line += fmt.Sprintf(" %d %d", round(p.X), round(p.Y))
		default:
			line += " null null"
		}
		if v.hasMessage {
			line += " " + v.message
		}
		lines = append(lines, line)
	}
	var spells []string
	for i := range s.Wizards {
		w := &s.Wizards[i]
		for sp := fb.Spell(0); sp < fb.NumSpells; sp++ {
			if c := w.Countdown[sp]; c > 0 {
				spells = append(spells, fmt.Sprintf("%s %d %d %d %t", sp, i, w.Target[sp], c, c == fb.Spells[s.Rules].Duration[sp]))
			}
		}
	}
	lines = append(lines, strconv.Itoa(len(spells)))
	lines = append(lines, spells...)
	lines = append(lines, strconv.Itoa(int(s.NumSnaffles)))
	for k := 0; k < int(s.NumSnaffles); k++ {
		sn := &s.Snaffles[k]
		alive := 1
		if sn.Scored {
			alive = 0
		}
		lines = append(lines, fmt.Sprintf("%d %d %d %d", s.SnaffleID(k), round(sn.Pos.X), round(sn.Pos.Y), alive))
	}
	lines = append(lines, strconv.Itoa(fb.NumBludgers))
	for k := range s.Bludgers {
		b := &s.Bludgers[k]
		lines = append(lines, fmt.Sprintf("%d %d %d", s.BludgerID(k), round(b.Pos.X), round(b.Pos.Y)))
	}
	lines = append(lines, fmt.Sprintf("%d %d", r.Score(0), r.Score(1)))
	lines = append(lines, fmt.Sprintf("%d %d", s.Magic[0], s.Magic[1]))
	for k := 0; k < r.Log.N; k++ {
		lines = append(lines, CollisionLine(&r.Log.Items[k]))
	}
	return lines
}

// CollisionLine returns the view line of a collision
// (Collision.toViewString).
func CollisionLine(c *fb.Collision) string {
	t := engine.FormatDouble(c.Time)
	switch c.Kind {
	case fb.ScoreHit:
		return fmt.Sprintf("SNAFFLESCORE %d %s %d %d %d %d", c.ID, t, c.A, c.B, round(c.PosA.X), round(c.PosA.Y))
	case fb.CaptureHit:
		return fmt.Sprintf("SNAFFLE %d %s %d %d %d %d %d %d", c.ID, t, c.A, c.B,
			round(c.PosA.X), round(c.PosA.Y), round(c.PosB.X), round(c.PosB.Y))
	case fb.WallHit:
		return fmt.Sprintf("WALL %d %s %d %d %d 0 %s %d %d %s", c.ID, t, c.A,
			round(c.PosA.X), round(c.PosA.Y), engine.FormatDouble(c.Impulse), round(c.Vel.X), round(c.Vel.Y), c.Side)
	}
	return fmt.Sprintf("ENTITY %d %s %d %d %d %d %d %d %s %d %d", c.ID, t,
		c.A, round(c.PosA.X), round(c.PosA.Y), c.B, round(c.PosB.X), round(c.PosB.Y),
		engine.FormatDouble(c.Impulse), round(c.Vel.X), round(c.Vel.Y))
}

// ExpectedLines implements engine.Game: one line per wizard.
func (r *Referee) ExpectedLines(player int) int { return 2 }

// HandleOutput implements engine.Game: each line drives one wizard, in
// order; an invalid line eliminates the player, the lines before it having
// taken effect.
func (r *Referee) HandleOutput(frame, rnd, player int, lines []string) error {
	for k, line := range lines {
		if k >= 2 {
			break
		}
		i := 2*player + k
		v := &r.wizards[i]
		v.action, v.hasTarget = fb.Idle, false
		o, err := fb.ParseOrder(line)
		if err == nil {
			err = r.State.Check(i, o.Command)
		}
		if err != nil {
			r.State.Dead[player] = true
			var ce *fb.CommandError
			if errors.As(err, &ce) {
				return engine.InvalidInputError(ce.Expected, ce.Found)
			}
			return err
		}
		paid := r.State.Apply(i, o.Command)
		v.action = o.Action
		switch o.Action {
		case fb.Move:
			v.target, v.hasTarget, v.power = o.Target, true, o.Power
		case fb.Throw:
			v.target, v.hasTarget, v.throwPower = o.Target, true, o.Power
		case fb.Cast:
			v.spell, v.spellTried, v.spellPaid = o.Spell, true, paid
		}
		v.message, v.hasMessage = "", false
		if o.HasMessage {
			v.message, v.hasMessage = fb.TruncateMessage(o.Message), true
		}
	}
	return nil
}

// InitInput implements engine.Game.
func (r *Referee) InitInput(player int) []string { return fb.InitInput(player) }

// Input implements engine.Game. The host takes it right after Prepare, so
// both players see the state before either moves. It starts with the two
// score/magic lines of the live game in both rule sets: the published
// replays record them.
func (r *Referee) Input(rnd, player int) []string {
	lines := r.State.TurnInput(player)
	for pl := 0; pl < 2; pl++ {
		if r.State.Dead[pl] {
			// The live game's lines come from the summary: -1 for a
			// dead player. (Never sent: the game ends first.)
			k := 0
			if pl != player {
				k = 1
			}
			lines[k] = fmt.Sprintf("%d %d", r.Score(pl), r.State.Magic[pl])
		}
	}
	return lines
}

// HeadlineAtStart implements engine.Game.
func (r *Referee) HeadlineAtStart() (string, bool) { return "", false }

// MinPlayers implements engine.Game.
func (r *Referee) MinPlayers() int { return 2 }

// ShowTooltips implements engine.Game.
func (r *Referee) ShowTooltips() bool { return true }

// TakeTooltips implements engine.TooltipSource.
func (r *Referee) TakeTooltips() []engine.Tooltip {
	t := r.tooltips
	r.tooltips = nil
	return t
}

var spellTooltips = [fb.NumSpells]string{"Accio!", "Flipendo!", "Obliviate!", "Petrificus!"}

// Prepare implements engine.Game: the engine's prepare.
func (r *Referee) Prepare(rnd int) {
	// The order of the engine's activation tooltips: ACCIO, FLIPENDO,
	// PETRIFICUS, OBLIVIATE.
	for i := range r.State.Wizards {
		if sp := r.State.Wizards[i].Cast; sp != fb.NoSpell {
			pl := fb.Owner(i)
			r.tooltips = append(r.tooltips, engine.Tooltip{Message: fmt.Sprintf("$%d %s", pl, spellTooltips[sp]), Player: pl})
		}
	}
	r.State.Prepare()
	for i := range r.wizards {
		r.wizards[i] = wizardView{}
	}
	r.Log.N = 0
}

// UpdateGame implements engine.Game: the round's physics, goals and the
// end of the game.
func (r *Referee) UpdateGame(rnd int) error {
	res := r.State.Update(&r.Log)
	for pl := 0; pl < 2; pl++ {
		if r.State.Dead[pl] {
			continue
		}
		for k := int8(0); k < res.Scored[pl]; k++ {
			r.tooltips = append(r.tooltips, engine.Tooltip{Message: fmt.Sprintf("$%d scored", pl), Player: pl})
		}
	}
	if res.Over {
		return engine.GameOverError("endReached")
	}
	return nil
}

// IsPlayerDead implements engine.Game.
func (r *Referee) IsPlayerDead(player int) bool { return r.State.Dead[player] }

// DeathReason implements engine.Game.
func (r *Referee) DeathReason(player int) string { return "Eliminated!" }

// Score implements engine.Game: the goals, -1 once eliminated.
func (r *Referee) Score(player int) int {
	if r.State.Dead[player] {
		return -1
	}
	return int(r.State.Score[player])
}

// Summary implements engine.Game.
func (r *Referee) Summary(rnd int) []string {
	var out []string
	for pl := 0; pl < 2; pl++ {
		out = append(out, fmt.Sprintf("$%d Score: %d | Magic: %d", pl, r.Score(pl), r.State.Magic[pl]))
		for i := 2 * pl; i < 2*pl+2; i++ {
			if h := r.State.Wizards[i].Holding; h != fb.NoID {
				out = append(out, fmt.Sprintf("$%d %d caught snaffle %d", pl, i, r.State.SnaffleID(int(h))))
			}
			if v := &r.wizards[i]; v.spellTried && !v.spellPaid {
				out = append(out, fmt.Sprintf("$%d: Wizard %d failed his spell!", pl, i))
			}
		}
	}
	return out
}

// PlayerActions implements engine.Game.
func (r *Referee) PlayerActions(player, rnd int) []string {
	var out []string
	for i := 2 * player; i < 2*player+2; i++ {
		v := &r.wizards[i]
		switch v.action {
		case fb.Move:
			out = append(out, fmt.Sprintf(messages["podActionMove"], player, i, int(v.target.X), int(v.target.Y), v.power))
		case fb.Throw:
			out = append(out, fmt.Sprintf(messages["podActionThrow"], player, i, int(v.target.X), int(v.target.Y), v.throwPower))
		case fb.Cast:
			key := [fb.NumSpells]string{"podActionAccio", "podActionFlipendo", "podActionObliviate", "podActionPetrificus"}[v.spell]
			out = append(out, fmt.Sprintf(messages[key], player, i, r.State.Wizards[i].LastTarget))
		}
	}
	return out
}

// SetPlayerTimeout implements engine.Game.
func (r *Referee) SetPlayerTimeout(frame, rnd, player int) { r.State.Dead[player] = true }

// MaxRounds implements engine.Game.
func (r *Referee) MaxRounds(playerCount int) int { return fb.MaxRounds }

// FirstTurnMillis implements engine.Game.
func (r *Referee) FirstTurnMillis() int { return 1000 }

// TurnMillis implements engine.Game.
func (r *Referee) TurnMillis() int { return 100 }
