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
// (frame 0's game name and init lines included).
func ParseView(lines []string) (*View, error) {
	v := &View{}
	if len(lines) > 0 && lines[0] == Name {
		if len(lines) < 4 {
			return nil, fmt.Errorf("view: frame 0 has %d lines", len(lines))
		}
		var in ViewInit
		var err error
		if in.Constants, err = engine.Numbers(lines[1], "view line 2"); err != nil {
			return nil, err
		}
		if in.Checkpoints, err = engine.Numbers(lines[2], "view line 3"); err != nil {
			return nil, err
		}
		if in.Spawns, err = engine.Numbers(lines[3], "view line 4"); err != nil {
			return nil, err
		}
		v.Init = &in
		lines = lines[4:]
	}
	if len(lines) < 2*csb.MaxPods+1 {
		return nil, fmt.Errorf("view: %d lines, expected at least %d", len(lines), 2*csb.MaxPods+1)
	}
	for i := range v.Pods {
		r := engine.NewNumReader(strings.Fields(lines[2*i]), fmt.Sprintf("pod %d", i))
		p := &v.Pods[i]
		p.X, p.Y, p.VX, p.VY, p.Power, p.Dead = r.Num(), r.Num(), r.Num(), r.Num(), r.Num(), r.Num()
		p.TX, p.TY, p.Angle = r.Nullable(), r.Nullable(), r.Nullable()
		p.Shield, p.NextCP, p.Rank = r.Num(), r.Num(), r.Num()
		if err := r.Done(); err != nil {
			return nil, err
		}
		m := lines[2*i+1]
		if len(m) < 2 || m[0] != '"' || m[len(m)-1] != '"' {
			return nil, fmt.Errorf("pod %d: message %q is not quoted", i, m)
		}
		p.Message = m[1 : len(m)-1]
	}
	pl := strings.Fields(lines[2*csb.MaxPods])
	if len(pl) != 2 {
		return nil, fmt.Errorf("players line %q: expected 2 fields", lines[2*csb.MaxPods])
	}
	for k, f := range pl {
		rank, left, ok := strings.Cut(f, ":")
		a, err1 := strconv.ParseFloat(rank, 64)
		b, err2 := strconv.ParseFloat(left, 64)
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("player %d: %q is not rank:turns", k, f)
		}
		v.Players[k] = ViewPlayer{a, b}
	}
	for k, line := range lines[2*csb.MaxPods+1:] {
		r := engine.NewNumReader(strings.Fields(line), fmt.Sprintf("collision %d", k))
		c := ViewCollision{r.Num(), r.Num(), r.Num(), r.Num(), r.Num(), r.Num(), r.Num(), r.Num(), r.Num(), r.Num(), r.Num()}
		if err := r.Done(); err != nil {
			return nil, err
		}
		v.Collisions = append(v.Collisions, c)
	}
	return v, nil
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
		line := fmt.Sprintf("%d %d %s", int64(p.TX.V), int64(p.TY.V), power)
		if p.Message != "" {
			line += " " + p.Message
		}
		lines = append(lines, line)
	}
	return lines, true
}
