// Package csbref is the official Coders Strike Back referee on top of the
// simulator sim/csb: the engine.Game hooks with the referee's texts, views
// and player inputs, for both rule sets.
package csbref

import (
	"errors"
	"fmt"
	"math/rand"
	"strconv"
	"strings"
	"time"

	"impulse/referee/engine"
	"impulse/sim"
	"impulse/sim/csb"
)

// Variant returns the engine.Variant of the Coders Strike Back referee (the
// 2016 AbstractReferee) under the given rules: the live platform ends a
// replay's refereeInput with a newline (every file of replays/csb-live).
func Variant(rules csb.Rules) engine.Variant {
	return engine.Variant{RefereeInputNewline: rules == csb.Live}
}

// Name is the game's name in frame 0 of a replay.
const Name = "CodersStrikeBack"

// podView is what the referee shows of a pod beyond the simulator state;
// it is reset at the start of every round.
type podView struct {
	power      int32
	target     sim.Vec
	hasTarget  bool
	message    string
	hasMessage bool
	reload     bool // the command came while the engine was locked
	boosted    bool // BOOST used this round (live view)
	rank       int32
}

// Referee is one game. The zero value is not usable; use New.
type Referee struct {
	State csb.State
	Rules csb.Rules
	Log   csb.Log // the collisions of the last round

	seed        int64
	pods        [csb.MaxPods]podView
	deathReason [2]string
	playerRank  [2]int32
	order       [csb.MaxPods]int // the pods best first, as last ranked
	nextInput   [2][]string
}

// New returns a referee for the given rule set, to be set up by Init.
func New(rules csb.Rules) *Referee { return &Referee{Rules: rules} }

// messages are the published referee's texts; liveMessages those of the
// live game, which spells "its" and says when a pod boosts
// (replays/csb-live: battle_872272248.json frames 1 and 3 for "boosts",
// battle_891669749.json frame 3 for "its shield").
var messages, liveMessages = map[string]string{
	"endReached":        "End reached",
	"podDead":           "Pod %d of player $%d is eliminated",
	"podAction":         "Pod %d of player $%d moves towards (%d, %d) at power %d",
	"podReloadShield":   "Pod %d of player $%d waits for it's engine to reload",
	"podActionShield":   "Pod %d of player $%d enabled it's shield",
	"checkPointTimeout": "$%d did not reach the next checkpoint in time",
}, map[string]string{
	"endReached":        "End reached",
	"podDead":           "Pod %d of player $%d is eliminated",
	"podAction":         "Pod %d of player $%d moves towards (%d, %d) at power %d",
	"podReloadShield":   "Pod %d of player $%d waits for its engine to reload",
	"podActionShield":   "Pod %d of player $%d enabled its shield",
	"podBoost":          "Pod %d of player $%d boosts towards (%d, %d)",
	"checkPointTimeout": "$%d did not reach the next checkpoint in time",
}

// Name implements engine.Game.
func (r *Referee) Name() string { return Name }

// Messages implements engine.Game: the texts of the referee's rule set.
func (r *Referee) Messages() map[string]string {
	if r.Rules == csb.Live {
		return liveMessages
	}
	return messages
}

// Init implements engine.Game: the seed, map, pod_timeout and
// pod_per_player properties, with the engine's defaults.
func (r *Referee) Init(playerCount int, props engine.Properties) error {
	if playerCount != 2 {
		return fmt.Errorf("%d players: this referee plays 2", playerCount)
	}
	if v, ok := props.Get("seed"); ok {
		seed, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return fmt.Errorf("seed: %q is not a long", v)
		}
		r.seed = seed
	} else {
		r.seed = rand.New(rand.NewSource(time.Now().UnixNano())).Int63()
	}
	if v, ok := props.Get("pod_per_player"); ok && v != "2" {
		return fmt.Errorf("pod_per_player: %q, this referee plays 2", v)
	}
	var cps []sim.Vec
	if v, ok := props.Get("map"); ok {
		tab := strings.Split(v, " ")
		if len(tab)%2 != 0 || len(tab) < 4 {
			return errors.New("Map must contain at least 2 checkpoints")
		}
		for i := 0; i < len(tab); i += 2 {
			x, err1 := strconv.ParseInt(tab[i], 10, 32)
			y, err2 := strconv.ParseInt(tab[i+1], 10, 32)
			if err1 != nil || err2 != nil {
				return fmt.Errorf("map: checkpoint %d: %q %q are not integers", i/2, tab[i], tab[i+1])
			}
			cps = append(cps, sim.Vec{X: float64(x), Y: float64(y)})
		}
	} else {
		cps = csb.GenerateMap(r.seed, r.Rules)
	}
	s, err := csb.New(cps, r.Rules)
	if err != nil {
		return fmt.Errorf("map: %v", err)
	}
	if v, ok := props.Get("pod_timeout"); ok {
		n, err := strconv.ParseInt(v, 10, 32)
		if err != nil {
			return fmt.Errorf("pod_timeout: %q is not an int", v)
		}
		s.PodTimeout = int32(n)
	}
	r.State = s
	for i := range r.pods {
		r.pods[i].rank = 1
		r.order[i] = i
	}
	r.playerRank = [2]int32{1, 1}
	return nil
}

// Configuration implements engine.Game, in the order CodinGame's replays
// print it.
func (r *Referee) Configuration() engine.Properties {
	var m strings.Builder
	for k := int32(0); k < r.State.NumCheckpoints; k++ {
		if k > 0 {
			m.WriteByte(' ')
		}
		c := r.State.Checkpoints[k]
		fmt.Fprintf(&m, "%d %d", int(c.X), int(c.Y))
	}
	return engine.Properties{
		{Key: "seed", Value: strconv.FormatInt(r.seed, 10)},
		{Key: "pod_timeout", Value: strconv.Itoa(int(r.State.PodTimeout))},
		{Key: "map", Value: m.String()},
		{Key: "pod_per_player", Value: "2"},
	}
}

// InitView implements engine.Game.
func (r *Referee) InitView() []string {
	var cps, pods []string
	for k := int32(0); k < r.State.NumCheckpoints; k++ {
		c := r.State.Checkpoints[k]
		cps = append(cps, fmt.Sprintf("%d %d", int(c.X), int(c.Y)))
	}
	for i := range r.State.Pods {
		p := r.State.Pods[i].Pos
		pods = append(pods, fmt.Sprintf("%d %s %s", csb.Owner(i), engine.FormatDouble(p.X), engine.FormatDouble(p.Y)))
	}
	return []string{
		fmt.Sprintf("%d %d %d %d %d %s", csb.Width, csb.Height, csb.PodRadius, csb.CheckpointRadius, csb.MaxPods, engine.FormatDouble(csb.MaxRotation)),
		strings.Join(cps, " "),
		strings.Join(pods, " "),
	}
}

func b01(b bool) int {
	if b {
		return 1
	}
	return 0
}

// FrameView implements engine.Game: per pod "x y vx vy power dead tx ty
// angle shield nextCp rank" and its quoted message, the players'
// "rank:turnsLeft", then the round's collisions.
func (r *Referee) FrameView(round, frame int, keyFrame bool) []string {
	if !keyFrame {
		return nil
	}
	var lines []string
	for i := range r.State.Pods {
		p, v := &r.State.Pods[i], &r.pods[i]
		// Fields 5 and 9 are the player's death and this turn's SHIELD
		// under both rule sets; a BOOST shows only as power 650
		// (replays/csb-live: battle_885928301.json frame 2).
		f5, f9 := b01(r.State.Dead[csb.Owner(i)]), b01(p.Shield)
		target := "null null"
		if v.hasTarget {
			target = fmt.Sprintf("%d %d", int(v.target.X), int(v.target.Y))
		}
		angle := "null"
		if p.HasAngle {
			angle = engine.FormatDouble(p.Angle)
		}
		lines = append(lines,
			fmt.Sprintf("%s %s %d %d %d %d %s %s %d %d %d",
				engine.FormatDouble(p.Pos.X), engine.FormatDouble(p.Pos.Y),
				int64(sim.Round(p.Vel.X)), int64(sim.Round(p.Vel.Y)),
				v.power, f5, target, angle, f9, r.State.NextCheckpointShown(i), v.rank),
			`"`+v.message+`"`)
	}
	lines = append(lines, fmt.Sprintf("%d:%d %d:%d",
		r.playerRank[0], r.turnsLeft(0, round), r.playerRank[1], r.turnsLeft(1, round)))
	for k := 0; k < r.Log.N; k++ {
		c := &r.Log.Items[k]
		lines = append(lines, fmt.Sprintf("%d %s %d %d %d %d %d %d %s %d %d",
			c.ID, engine.FormatDouble(c.Time),
			c.A, int64(sim.Round(c.PosA.X)), int64(sim.Round(c.PosA.Y)),
			c.B, int64(sim.Round(c.PosB.X)), int64(sim.Round(c.PosB.Y)),
			engine.FormatDouble(c.Impulse), int64(sim.Round(c.Mean.X)), int64(sim.Round(c.Mean.Y))))
	}
	return lines
}

func (r *Referee) turnsLeft(pl, round int) int {
	last := r.State.Pods[2*pl].LastPass
	if l := r.State.Pods[2*pl+1].LastPass; l > last {
		last = l
	}
	return int(r.State.PodTimeout) - round + int(last)
}

// ExpectedLines implements engine.Game: one line per pod.
func (r *Referee) ExpectedLines(player int) int { return 2 }

// HandleOutput implements engine.Game: each line drives one pod, in order;
// an invalid line eliminates the player, the lines before it having taken
// effect.
func (r *Referee) HandleOutput(frame, round, player int, lines []string) error {
	for k, line := range lines {
		i := 2*player + k
		o, err := csb.ParseOrder(line, r.Rules)
		if err != nil {
			r.deathReason[player] = "invalidInput"
			r.State.Dead[player] = true
			var pe *csb.PowerError
			if errors.As(err, &pe) {
				return engine.InvalidInputError("0 <= power <= 200", pe.Error())
			}
			return engine.InvalidInputError("x y power", line)
		}
		v := &r.pods[i]
		if !r.State.Dead[player] {
			v.reload = !o.Shield && r.State.Pods[i].Lock > 0
			v.boosted = o.Boost && !r.State.Pods[i].Boosted
			v.power = r.State.Apply(i, o.Command)
			v.target, v.hasTarget = o.Target, true
		}
		v.message, v.hasMessage = "", false
		if o.HasMessage {
			v.message, v.hasMessage = csb.TruncateMessage(o.Message), true
		}
	}
	return nil
}

// InitInput implements engine.Game.
func (r *Referee) InitInput(player int) []string { return r.State.InitInput() }

// Input implements engine.Game: the snapshot taken when the round began.
func (r *Referee) Input(round, player int) []string { return r.nextInput[player] }

// HeadlineAtStart implements engine.Game.
func (r *Referee) HeadlineAtStart() (string, bool) { return "", false }

// MinPlayers implements engine.Game.
func (r *Referee) MinPlayers() int { return 2 }

// ShowTooltips implements engine.Game.
func (r *Referee) ShowTooltips() bool { return true }

// Prepare implements engine.Game: the inputs of the round are taken before
// anyone moves, so player 1 does not see player 0's move.
func (r *Referee) Prepare(round int) {
	for pl := 0; pl < 2; pl++ {
		r.nextInput[pl] = nil
		if !r.isDead(pl) {
			r.nextInput[pl] = r.State.TurnInput(pl)
		}
	}
	for i := range r.pods {
		v := &r.pods[i]
		v.power, v.hasTarget, v.message, v.hasMessage, v.reload, v.boosted = 0, false, "", false, false, false
	}
	r.Log.N = 0
}

func (r *Referee) isDead(pl int) bool { return r.deathReason[pl] != "" }

// UpdateGame implements engine.Game: the round's physics, checkpoint
// timeouts, ranking and the end of the race.
func (r *Referee) UpdateGame(round int) error {
	res := r.State.Play(&r.Log)
	if int(r.State.Round) != round {
		return fmt.Errorf("csbref: simulated round %d, the host is at %d", r.State.Round, round)
	}
	for pl := 0; pl < 2; pl++ {
		if res.TimedOut[pl] {
			r.deathReason[pl] = fmt.Sprintf(messages["checkPointTimeout"], pl)
		}
	}
	pods, players := r.State.RanksFrom(&r.order)
	for i := range r.pods {
		r.pods[i].rank = pods[i]
	}
	r.playerRank = players
	if res.Finished {
		return engine.GameOverError("endReached")
	}
	return nil
}

// IsPlayerDead implements engine.Game.
func (r *Referee) IsPlayerDead(player int) bool { return r.isDead(player) }

// DeathReason implements engine.Game.
func (r *Referee) DeathReason(player int) string { return r.deathReason[player] }

// Score implements engine.Game: 0 when eliminated, else 3 − rank.
func (r *Referee) Score(player int) int {
	if r.isDead(player) {
		return 0
	}
	return 2 - int(r.playerRank[player]) + 1
}

// Summary implements engine.Game.
func (r *Referee) Summary(round int) []string {
	out := make([]string, 2)
	for pl := range out {
		if r.isDead(pl) {
			out[pl] = fmt.Sprintf("$%d eliminated! rank: %d", pl, r.playerRank[pl])
		} else {
			out[pl] = fmt.Sprintf("$%d rank: %d", pl, r.playerRank[pl])
		}
	}
	return out
}

// PlayerActions implements engine.Game.
func (r *Referee) PlayerActions(player, round int) []string {
	var out []string
	m := r.Messages()
	for k := 0; k < 2; k++ {
		i := 2*player + k
		p, v := &r.State.Pods[i], &r.pods[i]
		switch {
		case r.isDead(player):
			out = append(out, fmt.Sprintf(m["podDead"], k+1, player))
		case p.Shield:
			out = append(out, fmt.Sprintf(m["podActionShield"], k+1, player))
		case v.reload:
			out = append(out, fmt.Sprintf(m["podReloadShield"], k+1, player))
		case v.boosted:
			out = append(out, fmt.Sprintf(m["podBoost"], k+1, player, int(v.target.X), int(v.target.Y)))
		default:
			out = append(out, fmt.Sprintf(m["podAction"], k+1, player, int(v.target.X), int(v.target.Y), v.power))
		}
	}
	return out
}

// SetPlayerTimeout implements engine.Game.
func (r *Referee) SetPlayerTimeout(frame, round, player int) {
	r.deathReason[player] = "playerTimeout"
	r.State.Dead[player] = true
}

// MaxRounds implements engine.Game.
func (r *Referee) MaxRounds(playerCount int) int { return csb.MaxRounds }

// FirstTurnMillis implements engine.Game.
func (r *Referee) FirstTurnMillis() int { return 1000 }

// TurnMillis implements engine.Game: 150 ms in the published referee, 75
// in the live game.
func (r *Referee) TurnMillis() int {
	if r.Rules == csb.Published {
		return 150
	}
	return 75
}
