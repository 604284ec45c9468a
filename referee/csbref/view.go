package csbref

import (
	"fmt"
	"strconv"
	"strings"

	"impulse/referee/engine"
	"impulse/sim/csb"
)

// View is a Coders Strike Back key frame's view, parsed so that numbers
// compare as numbers and a difference names the pod or player and field.
type View struct {
	Init       *ViewInit `json:",omitempty"`
	Pods       [csb.MaxPods]ViewPod
	Players    [2]ViewPlayer
	Collisions []ViewCollision
}

// ViewInit is frame 0's extra lines.
type ViewInit struct {
	Constants   []float64 // width height podRadius checkpointRadius pods maxRotation
	Checkpoints []float64
	Spawns      []float64 // owner x y per pod
}

// ViewPod is one pod line and its message.
type ViewPod struct {
	X, Y, VX, VY, Power, Dead float64
	TX, TY                    engine.Num
	Angle                     engine.Num
	Shield, NextCP, Rank      float64
	Message                   string
}

// ViewPlayer is one "rank:turnsLeft".
type ViewPlayer struct{ Rank, TurnsLeft float64 }

// ViewCollision is one collision line.
type ViewCollision struct {
	ID, Time, A, AX, AY, B, BX, BY, Impulse, MVX, MVY float64
}

// ParseView parses the lines of a key frame's view after its header
// (frame 0's game name and init lines included). An error names the view
// line, counted from 1 with the header as line 1, the line's pod or
// player and the field (engine.ViewReader).
func ParseView(lines []string) (*View, error) {
	v := &View{}
	r := engine.NewViewReader(lines)
	if len(lines) > 0 && lines[0] == Name {
		v.Init = parseInit(r)
	}
	parsePods(r, v)
	parsePlayers(r, v)
	for k := 0; r.MoreLines(); k++ {
		r.Next(fmt.Sprintf("collision %d", k))
		c := ViewCollision{r.Num(), r.Num(), r.Num(), r.Num(), r.Num(), r.Num(), r.Num(), r.Num(), r.Num(), r.Num(), r.Num()}
		if r.End() == nil {
			v.Collisions = append(v.Collisions, c)
		}
	}
	if err := r.Err(); err != nil {
		return nil, err
	}
	return v, nil
}

// parseInit reads frame 0's game name and init lines.
func parseInit(r *engine.ViewReader) *ViewInit {
	var in ViewInit
	r.Next("game name")
	r.Text()
	r.Next("constants")
	in.Constants = r.Nums()
	r.Next("checkpoints")
	in.Checkpoints = r.Nums()
	r.Next("spawns")
	in.Spawns = r.Nums()
	return &in
}

// parsePods reads each pod's line, "x y vx vy power dead tx ty angle
// shield nextCP rank" (target and angle null until set), and its message
// line, quoted.
func parsePods(r *engine.ViewReader, v *View) {
	for i := range v.Pods {
		r.Next(fmt.Sprintf("pod %d", i))
		p := &v.Pods[i]
		p.X, p.Y, p.VX, p.VY, p.Power, p.Dead = r.Num(), r.Num(), r.Num(), r.Num(), r.Num(), r.Num()
		p.TX, p.TY, p.Angle = r.Nullable(), r.Nullable(), r.Nullable()
		p.Shield, p.NextCP, p.Rank = r.Num(), r.Num(), r.Num()
		r.End()
		r.Next(fmt.Sprintf("pod %d message", i))
		m := r.Text()
		if len(m) < 2 || m[0] != '"' || m[len(m)-1] != '"' {
			r.Fail("%q: want a quoted message", m)
		}
		if r.Err() == nil {
			p.Message = m[1 : len(m)-1]
		}
	}
}

// parsePlayers reads the players line: "rank:turnsLeft" per player.
func parsePlayers(r *engine.ViewReader, v *View) {
	r.Next("players")
	for k := range v.Players {
		rank, left, ok := strings.Cut(r.Word(), ":")
		a, err1 := strconv.ParseFloat(rank, 64)
		b, err2 := strconv.ParseFloat(left, 64)
		if !ok || err1 != nil || err2 != nil {
			r.BadField("rank:turnsLeft")
		}
		v.Players[k] = ViewPlayer{a, b}
	}
	r.End()
}

// Commands rebuilds player's two output lines from the pod lines of the key
// frame that closes its round: the target, then SHIELD when field 9 says
// so, BOOST for power 650, else the power; then the message shown. ok is
// false when a pod shows no target (the player timed out or was already
// out). What the view cannot tell: a SHIELD or BOOST sent in the locked
// turns after a SHIELD shows as power 0 and is rebuilt as power 0.
func (v *View) Commands(player int) (lines []string, ok bool) {
	for k := 0; k < 2; k++ {
		p := &v.Pods[2*player+k]
		if p.TX.Null || p.TY.Null {
			return nil, false
		}
		power := strconv.Itoa(int(p.Power))
		switch {
		case p.Shield == 1:
			power = "SHIELD"
		case p.Power == csb.BoostThrust:
			power = "BOOST"
		}
		line := fmt.Sprintf("%d %d %s", int64(p.TX.Value), int64(p.TY.Value), power)
		if p.Message != "" {
			line += " " + p.Message
		}
		lines = append(lines, line)
	}
	return lines, true
}
