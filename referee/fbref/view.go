package fbref

import (
	"fmt"

	"impulse/referee/engine"
	"impulse/sim/fb"
)

// View is a Fantastic Bits key frame's view, parsed so that numbers
// compare as numbers and a difference names the entity and field.
//
// The engine's view quirk (fb.md section 3, aliasing): a WALL line, and an
// ENTITY line against a post, hold references to the body's position and
// speed vectors, and a wizard holding a snaffle writes its own vectors
// into the snaffle's in place after each of its collisions; so for a
// wizard that caught a snaffle earlier in the turn such a line shows the
// speed after the bounce, or after a later collision (fb-001 frame 88,
// fb-013 frame 102, fb-045 frame 178). The simulator's collision log
// reproduces it (sim/fb step.go, objects and sync), so the diff compares
// those lines as printed, with no exception here.
type View struct {
	Init       *ViewInit `json:",omitempty"`
	Wizards    [fb.MaxWizards]ViewWizard
	Spells     []ViewSpell
	Snaffles   [][]float64 // id x y alive
	Bludgers   [][]float64 // id x y
	Scores     []float64
	Magic      []float64
	Collisions []ViewCollision
}

// ViewInit is frame 0's extra lines.
type ViewInit struct {
	Constants []float64 // width height wizardRadius wizards snaffleRadius goalSize
	Wizards   []float64 // team x y per wizard
	Snaffles  []float64 // id x y per snaffle
	Bludgers  []float64 // id x y per bludger
}

// ViewWizard is one wizard line.
type ViewWizard struct {
	X, Y, VX, VY, Thrust float64
	TX, TY               engine.Num
	Message              string
	HasMessage           bool
}

// ViewSpell is one running spell: "NAME wizard target countdown fresh".
type ViewSpell struct {
	Name                      string
	Wizard, Target, Countdown float64
	Fresh                     string
}

// ViewCollision is one collision line: its kind, its numbers and, for a
// WALL, its side.
type ViewCollision struct {
	Kind string
	Nums []float64
	Side string `json:",omitempty"`
}

// collisionFields is the number count of each collision kind.
var collisionFields = map[string]int{"SNAFFLESCORE": 6, "SNAFFLE": 8, "WALL": 9, "ENTITY": 11}

// ParseView parses the lines of a key frame's view after its header
// (frame 0's game name and init lines included). An error names the view
// line, counted from 1 with the header as line 1, the line's entity and
// the field (engine.ViewReader).
func ParseView(lines []string) (*View, error) {
	v := &View{}
	r := engine.NewViewReader(lines)
	if len(lines) > 0 && lines[0] == Name {
		v.Init = parseInit(r)
	}
	parseWizards(r, v)
	parseSpells(r, v)
	v.Snaffles = parseEntities(r, "snaffle", 4)
	v.Bludgers = parseEntities(r, "bludger", 3)
	v.Scores = parsePair(r, "scores")
	v.Magic = parsePair(r, "magic")
	parseCollisions(r, v)
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
	for _, line := range []struct {
		name string
		dst  *[]float64
	}{
		{"constants", &in.Constants}, {"wizards", &in.Wizards},
		{"snaffles", &in.Snaffles}, {"bludgers", &in.Bludgers},
	} {
		r.Next(line.name)
		*line.dst = r.Nums()
	}
	return &in
}

// parseWizards reads the wizard lines: "x y vx vy thrust tx ty", the
// target null before the wizard's first order, then the message, if any,
// with its spaces.
func parseWizards(r *engine.ViewReader, v *View) {
	for i := range v.Wizards {
		r.NextWithMessage(fmt.Sprintf("wizard %d", i), 7)
		w := &v.Wizards[i]
		w.X, w.Y, w.VX, w.VY, w.Thrust = r.Num(), r.Num(), r.Num(), r.Num(), r.Num()
		w.TX, w.TY = r.Nullable(), r.Nullable()
		if r.More() {
			w.Message, w.HasMessage = r.Word(), true
		}
		r.End()
	}
}

// parseSpells reads the number of running spells, then a line
// "NAME wizard target countdown fresh" for each.
func parseSpells(r *engine.ViewReader, v *View) {
	n := r.Count("number of spells")
	for m := 0; m < n && r.Next(fmt.Sprintf("spell %d", m)); m++ {
		sp := ViewSpell{Name: r.Word(), Wizard: r.Num(), Target: r.Num(), Countdown: r.Num(), Fresh: r.Word()}
		if r.End() == nil {
			v.Spells = append(v.Spells, sp)
		}
	}
}

// parseEntities reads the number of snaffles or bludgers (what), then a
// line of fields numbers for each.
func parseEntities(r *engine.ViewReader, what string, fields int) [][]float64 {
	var out [][]float64
	n := r.Count("number of " + what + "s")
	for m := 0; m < n && r.Next(fmt.Sprintf("%s %d", what, m)); m++ {
		nums := make([]float64, fields)
		for i := range nums {
			nums[i] = r.Num()
		}
		if r.End() == nil {
			out = append(out, nums)
		}
	}
	return out
}

// parsePair reads a line of both teams' numbers: the scores or the magic.
func parsePair(r *engine.ViewReader, name string) []float64 {
	r.Next(name)
	pair := []float64{r.Num(), r.Num()}
	r.End()
	return pair
}

// parseCollisions reads the rest of the lines, the collisions of the
// turn: "KIND numbers", and for a WALL its side after them.
func parseCollisions(r *engine.ViewReader, v *View) {
	for m := 0; r.MoreLines(); m++ {
		r.Next(fmt.Sprintf("collision %d", m))
		c := ViewCollision{Kind: r.Word()}
		want, ok := collisionFields[c.Kind]
		if !ok {
			r.BadField("a collision kind (SNAFFLESCORE, SNAFFLE, WALL or ENTITY)")
			return
		}
		c.Nums = make([]float64, want)
		for i := range c.Nums {
			c.Nums[i] = r.Num()
		}
		if c.Kind == "WALL" {
			c.Side = r.Word()
		}
		if r.End() == nil {
			v.Collisions = append(v.Collisions, c)
		}
	}
}
