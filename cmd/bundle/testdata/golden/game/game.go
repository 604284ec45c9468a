// Package game embeds geom.Vec, declares State, Kind and Vec again, and
// reads geom's init results in its variables.
package game

import (
	crand "crypto/rand"
	"fmt"
	"math/rand"

	"golden/geom"
)

// Vec clashes with geom.Vec, so the embedded field is renamed with it.
type Vec [2]int

// Kind clashes with geom.Kind.
type Kind string

// State clashes with geom.State.
type State struct {
	Pods  []Pod
	Geom  geom.State
	Kinds []geom.Kind
}

// Pod embeds geom.Vec: its selectors p.Vec follow the type's new name.
type Pod struct {
	geom.Vec
	Name Kind
	Cell Vec
}

// Best reads Table, which geom's init fills: it must see the filled table.
var Best = geom.Table[2] * Factor

// A and B are initialized in dependency order, B first.
var (
	A = B + 1
	B = geom.Count * 2
)

// Factor is set by game's own init before main's variables read it.
var Factor = 3

var sort = []string{"b", "a"} // clashes with the import name of package sort in geom

var seeded = rand.New(rand.NewSource(42))

// Roll draws from math/rand's source, seeded.
func Roll() int { return seeded.Intn(6) + rand.New(rand.NewSource(7)).Intn(6) }

var _ = crand.Reader

func init() {
	Factor *= 2
	fmt.Println("game init: Best", Best, "Factor", Factor)
}

// Entropy reads crypto/rand where a local variable has the name its import
// would take in the bundle.
func Entropy() bool {
	crypto_rand := 1
	return crand.Reader != nil && crypto_rand == 1
}

// Squares returns closures that capture the loop variable: the bundler
// warns, since Go 1.18 shares it across iterations where Go 1.22 does not.
func Squares(n int) []func() int {
	var fs []func() int
	for i := 0; i < n; i++ {
		fs = append(fs, func() int { return i * i })
	}
	return fs
}

// NewPod returns a pod at (x, y).
func NewPod(name Kind, x, y float64) *Pod {
	p := new(Pod)
	*p = Pod{Vec: geom.Vec{X: x, Y: y}, Name: name}
	p.Cell = Vec{int(x), int(y)}
	return p
}

// Far reports whether p is farther than geom.Limit, with a local Limit in
// scope.
func (p *Pod) Far() bool {
	Limit := 1.0
	return p.Vec.Len() > Limit*geom.Limit
}

// Describe uses the embedded field, the promoted method, a method
// expression, the alias and the iota constants.
func Describe(p *Pod) string {
	length := geom.Vec.Len
	var pt geom.Point = p.Vec
	return fmt.Sprintf("%s at %v len %.3f far %v kinds %d %d %d sort %v rnd %d %v",
		p.Name, pt, length(p.Vec), p.Far(), geom.KindPod, geom.KindCheckpoint, geom.KindWall, sort, seeded.Intn(1000), p.Cell)
}
