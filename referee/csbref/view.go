package referee

import (
	"fmt"
	"strconv"
	"strings"

	"impulse/referee/csbref"
	"impulse/referee/engine"
	"impulse/sim"
	"impulse/sim/csb"
)

// CSBView is a Coders Strike Back key frame's view, parsed so that numbers
// compare as numbers and a difference names the pod or player and field.
type CSBView struct {
	Init       *CSBInit `json:",omitempty"`
	Pods       [csb.MaxPods]CSBPod
	Players    [2]CSBPlayer
	Collisions []CSBCollision
}

// CSBInit is frame 0's extra lines.
type CSBInit struct {
	Constants   []float64 // width height podRadius checkpointRadius pods maxRotation
	Checkpoints []float64
	Spawns      []float64 // owner x y per pod
}

// CSBPod is one pod line and its message.
type CSBPod struct {
	X, Y, VX, VY, Power, Dead float64
	TX, TY                    Num
	Angle                     Num
	Shield, NextCP, Rank      float64
	Message                   string
}

// CSBPlayer is one "rank:turnsLeft".
type CSBPlayer struct{ Rank, TurnsLeft float64 }

// CSBCollision is one collision line.
type CSBCollision struct {
	ID, Time, A, AX, AY, B, BX, BY, Impulse, MVX, MVY float64
}

// Num is a number that Java may print as null.
type Num struct {
	Null bool
	V    float64
}

func (n Num) String() string {
	if n.Null {
		return "null"
	}
	return strconv.FormatFloat(n.V, 'g', -1, 64)
}

// fields reads a line of numbers; "null" is allowed where nullable.
type fieldReader struct {
	f   []string
	k   int
	err error
	ctx string
}

func (r *fieldReader) num() float64 {
	n := r.nullable()
	if n.Null && r.err == nil {
		r.err = fmt.Errorf("%s: field %d: null where a number is expected", r.ctx, r.k)
	}
	return n.V
}

func (r *fieldReader) nullable() Num {
	if r.err != nil {
		return Num{}
	}
	if r.k >= len(r.f) {
		r.err = fmt.Errorf("%s: %d fields, expected more", r.ctx, len(r.f))
		return Num{}
	}
	s := r.f[r.k]
	r.k++
	if s == "null" {
		return Num{Null: true}
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		r.err = fmt.Errorf("%s: field %d: %q is not a number", r.ctx, r.k, s)
	}
	return Num{V: v}
}

func (r *fieldReader) done() error {
	if r.err == nil && r.k != len(r.f) {
		r.err = fmt.Errorf("%s: %d fields, expected %d", r.ctx, len(r.f), r.k)
	}
	return r.err
}

func numbers(line, ctx string) ([]float64, error) {
	r := &fieldReader{f: strings.Fields(line), ctx: ctx}
	var out []float64
	for r.k < len(r.f) && r.err == nil {
		out = append(out, r.num())
	}
	return out, r.done()
}

// ParseCSBView parses the lines of a key frame's view after its header
// (frame 0's game name and init lines included).
func ParseCSBView(lines []string) (*CSBView, error) {
	v := &CSBView{}
	if len(lines) > 0 && lines[0] == csbref.Name {
		if len(lines) < 4 {
			return nil, fmt.Errorf("view: frame 0 has %d lines", len(lines))
		}
		var in CSBInit
		var err error
		if in.Constants, err = numbers(lines[1], "view line 2"); err != nil {
			return nil, err
		}
		if in.Checkpoints, err = numbers(lines[2], "view line 3"); err != nil {
			return nil, err
		}
		if in.Spawns, err = numbers(lines[3], "view line 4"); err != nil {
			return nil, err
		}
		v.Init = &in
		lines = lines[4:]
	}
	if len(lines) < 2*csb.MaxPods+1 {
		return nil, fmt.Errorf("view: %d lines, expected at least %d", len(lines), 2*csb.MaxPods+1)
	}
	for i := range v.Pods {
		r := &fieldReader{f: strings.Fields(lines[2*i]), ctx: fmt.Sprintf("pod %d", i)}
		p := &v.Pods[i]
		p.X, p.Y, p.VX, p.VY, p.Power, p.Dead = r.num(), r.num(), r.num(), r.num(), r.num(), r.num()
		p.TX, p.TY, p.Angle = r.nullable(), r.nullable(), r.nullable()
		p.Shield, p.NextCP, p.Rank = r.num(), r.num(), r.num()
		if err := r.done(); err != nil {
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
		v.Players[k] = CSBPlayer{a, b}
	}
	for k, line := range lines[2*csb.MaxPods+1:] {
		r := &fieldReader{f: strings.Fields(line), ctx: fmt.Sprintf("collision %d", k)}
		c := CSBCollision{r.num(), r.num(), r.num(), r.num(), r.num(), r.num(), r.num(), r.num(), r.num(), r.num(), r.num()}
		if err := r.done(); err != nil {
			return nil, err
		}
		v.Collisions = append(v.Collisions, c)
	}
	return v, nil
}

var csbGame = gameDef{
	name:  csbref.Name,
	short: "csb",
	newGame: func(rules sim.Rules) (engine.Game, engine.Variant, error) {
		return csbref.New(rules), csbref.Variant(rules), nil
	},
	parseView: func(lines []string) (any, error) { return ParseCSBView(lines) },
	commands:  func(view any, player int) ([]string, bool) { return view.(*CSBView).Commands(player) },
}

// Commands rebuilds player's two output lines from the pod lines of the key
// frame that closes its round: the target, then SHIELD when field 9 says
// so, BOOST for power 650, else the power; then the message shown. ok is
// false when a pod shows no target (the player timed out or was already
// out). What the view cannot tell: a SHIELD or BOOST sent in the locked
// turns after a SHIELD shows as power 0 and is rebuilt as power 0.
func (v *CSBView) Commands(player int) (lines []string, ok bool) {
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
