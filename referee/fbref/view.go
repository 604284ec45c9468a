package referee

import (
	"fmt"
	"strings"

	"impulse/referee/engine"
	"impulse/referee/fbref"
	"impulse/sim"
	"impulse/sim/fb"
)

// FBView is a Fantastic Bits key frame's view, parsed so that numbers
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
type FBView struct {
	Init       *FBInit `json:",omitempty"`
	Wizards    [fb.MaxWizards]FBWizard
	Spells     []FBSpell
	Snaffles   [][]float64 // id x y alive
	Bludgers   [][]float64 // id x y
	Scores     []float64
	Magic      []float64
	Collisions []FBCollision
}

// FBInit is frame 0's extra lines.
type FBInit struct {
	Constants []float64 // width height wizardRadius wizards snaffleRadius goalSize
	Wizards   []float64 // team x y per wizard
	Snaffles  []float64 // id x y per snaffle
	Bludgers  []float64 // id x y per bludger
}

// FBWizard is one wizard line.
type FBWizard struct {
	X, Y, VX, VY, Thrust float64
	TX, TY               Num
	Message              string
	HasMessage           bool
}

// FBSpell is one running spell: "NAME wizard target countdown fresh".
type FBSpell struct {
	Name                      string
	Wizard, Target, Countdown float64
	Fresh                     string
}

// FBCollision is one collision line: its kind, its numbers and, for a
// WALL, its side.
type FBCollision struct {
	Kind string
	Nums []float64
	Side string `json:",omitempty"`
}

// fbCollisionFields is the number count of each collision kind.
var fbCollisionFields = map[string]int{"SNAFFLESCORE": 6, "SNAFFLE": 8, "WALL": 9, "ENTITY": 11}

// ParseFBView parses the lines of a key frame's view after its header
// (frame 0's game name and init lines included).
func ParseFBView(lines []string) (*FBView, error) {
	v := &FBView{}
	k := 0
	next := func(what string) (string, error) {
		if k >= len(lines) {
			return "", fmt.Errorf("view: %d lines, expected %s at line %d", len(lines), what, k+2)
		}
		k++
		return lines[k-1], nil
	}
	count := func(what string) (int, error) {
		l, err := next(what)
		if err != nil {
			return 0, err
		}
		var n int
		if _, err := fmt.Sscan(l, &n); err != nil || fmt.Sprint(n) != l || n < 0 {
			return 0, fmt.Errorf("view line %d: %q: expected the number of %s", k+1, l, what)
		}
		return n, nil
	}
	if len(lines) > 0 && lines[0] == fbref.Name {
		if len(lines) < 5 {
			return nil, fmt.Errorf("view: frame 0 has %d lines", len(lines))
		}
		var in FBInit
		var err error
		for m, dst := range []*[]float64{&in.Constants, &in.Wizards, &in.Snaffles, &in.Bludgers} {
			if *dst, err = numbers(lines[1+m], fmt.Sprintf("view line %d", m+3)); err != nil {
				return nil, err
			}
		}
		v.Init = &in
		k = 5
	}
	for i := range v.Wizards {
		l, err := next("a wizard")
		if err != nil {
			return nil, err
		}
		f := strings.SplitN(l, " ", 8)
		r := &fieldReader{f: f, ctx: fmt.Sprintf("wizard %d", i)}
		if len(f) == 8 {
			r.f = f[:7]
		}
		w := &v.Wizards[i]
		w.X, w.Y, w.VX, w.VY, w.Thrust = r.num(), r.num(), r.num(), r.num(), r.num()
		w.TX, w.TY = r.nullable(), r.nullable()
		if err := r.done(); err != nil {
			return nil, err
		}
		if len(f) == 8 {
			w.Message, w.HasMessage = f[7], true
		}
	}
	n, err := count("spells")
	if err != nil {
		return nil, err
	}
	for m := 0; m < n; m++ {
		l, err := next("a spell")
		if err != nil {
			return nil, err
		}
		f := strings.Fields(l)
		if len(f) != 5 {
			return nil, fmt.Errorf("spell %d: %q: expected 'NAME wizard target countdown fresh'", m, l)
		}
		r := &fieldReader{f: f[1:4], ctx: fmt.Sprintf("spell %d", m)}
		sp := FBSpell{Name: f[0], Wizard: r.num(), Target: r.num(), Countdown: r.num(), Fresh: f[4]}
		if err := r.done(); err != nil {
			return nil, err
		}
		v.Spells = append(v.Spells, sp)
	}
	for _, part := range []struct {
		what   string
		fields int
		dst    *[][]float64
	}{{"snaffles", 4, &v.Snaffles}, {"bludgers", 3, &v.Bludgers}} {
		n, err := count(part.what)
		if err != nil {
			return nil, err
		}
		for m := 0; m < n; m++ {
			l, err := next(part.what)
			if err != nil {
				return nil, err
			}
			nums, err := numbers(l, fmt.Sprintf("%s %d", part.what, m))
			if err != nil {
				return nil, err
			}
			if len(nums) != part.fields {
				return nil, fmt.Errorf("%s %d: %q: expected %d numbers", part.what, m, l, part.fields)
			}
			*part.dst = append(*part.dst, nums)
		}
	}
	for _, dst := range []*[]float64{&v.Scores, &v.Magic} {
		l, err := next("scores and magic")
		if err != nil {
			return nil, err
		}
		if *dst, err = numbers(l, fmt.Sprintf("view line %d", k+1)); err != nil {
			return nil, err
		}
		if len(*dst) != 2 {
			return nil, fmt.Errorf("view line %d: %q: expected 2 numbers", k+1, l)
		}
	}
	for m, l := range lines[k:] {
		f := strings.Fields(l)
		if len(f) == 0 {
			return nil, fmt.Errorf("collision %d: empty line", m)
		}
		want, ok := fbCollisionFields[f[0]]
		if !ok {
			return nil, fmt.Errorf("collision %d: %q: unknown kind", m, l)
		}
		c := FBCollision{Kind: f[0]}
		nums := f[1:]
		if c.Kind == "WALL" && len(nums) > 0 {
			c.Side, nums = nums[len(nums)-1], nums[:len(nums)-1]
		}
		r := &fieldReader{f: nums, ctx: fmt.Sprintf("collision %d", m)}
		for r.k < len(nums) && r.err == nil {
			c.Nums = append(c.Nums, r.num())
		}
		if err := r.done(); err != nil {
			return nil, err
		}
		if len(c.Nums) != want {
			return nil, fmt.Errorf("collision %d: %q: expected %d numbers", m, l, want)
		}
		v.Collisions = append(v.Collisions, c)
	}
	return v, nil
}

var fbGame = gameDef{
	name:  fbref.Name,
	short: "fb",
	newGame: func(rules sim.Rules) (engine.Game, engine.Variant, error) {
		return fbref.New(rules), fbref.Variant, nil
	},
	parseView: func(lines []string) (any, error) { return ParseFBView(lines) },
}
