package fbref

import (
	"fmt"
	"strings"

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
// (frame 0's game name and init lines included).
func ParseView(lines []string) (*View, error) {
	v := &View{}
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
	if len(lines) > 0 && lines[0] == Name {
		if len(lines) < 5 {
			return nil, fmt.Errorf("view: frame 0 has %d lines", len(lines))
		}
		var in ViewInit
		var err error
		for m, dst := range []*[]float64{&in.Constants, &in.Wizards, &in.Snaffles, &in.Bludgers} {
			if *dst, err = engine.Numbers(lines[1+m], fmt.Sprintf("view line %d", m+3)); err != nil {
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
		nums := f
		if len(f) == 8 {
			nums = f[:7]
		}
		r := engine.NewNumReader(nums, fmt.Sprintf("wizard %d", i))
		w := &v.Wizards[i]
		w.X, w.Y, w.VX, w.VY, w.Thrust = r.Num(), r.Num(), r.Num(), r.Num(), r.Num()
		w.TX, w.TY = r.Nullable(), r.Nullable()
		if err := r.Done(); err != nil {
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
		r := engine.NewNumReader(f[1:4], fmt.Sprintf("spell %d", m))
		sp := ViewSpell{Name: f[0], Wizard: r.Num(), Target: r.Num(), Countdown: r.Num(), Fresh: f[4]}
		if err := r.Done(); err != nil {
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
			nums, err := engine.Numbers(l, fmt.Sprintf("%s %d", part.what, m))
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
		if *dst, err = engine.Numbers(l, fmt.Sprintf("view line %d", k+1)); err != nil {
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
		want, ok := collisionFields[f[0]]
		if !ok {
			return nil, fmt.Errorf("collision %d: %q: unknown kind", m, l)
		}
		c := ViewCollision{Kind: f[0]}
		nums := f[1:]
		if c.Kind == "WALL" && len(nums) > 0 {
			c.Side, nums = nums[len(nums)-1], nums[:len(nums)-1]
		}
		r := engine.NewNumReader(nums, fmt.Sprintf("collision %d", m))
		for r.More() {
			c.Nums = append(c.Nums, r.Num())
		}
		if err := r.Done(); err != nil {
			return nil, err
		}
		if len(c.Nums) != want {
			return nil, fmt.Errorf("collision %d: %q: expected %d numbers", m, l, want)
		}
		v.Collisions = append(v.Collisions, c)
	}
	return v, nil
}
