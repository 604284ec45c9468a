// Package geom is the lower package of the golden test: it declares names
// that game declares too (State, Kind, Vec is embedded there), a function
// named like a builtin, an init function that fills a table, and iota
// constants.
package geom

import (
	"fmt"
	"math"
	"sort"
)

// Vec is a vector; game embeds it.
type Vec struct{ X, Y float64 }

// Point is an alias of Vec.
type Point = Vec

// Add returns v+w.
func (v Vec) Add(w Vec) Vec { return Vec{v.X + w.X, v.Y + w.Y} }

// Len returns the length of v.
func (v Vec) Len() float64 { return math.Hypot(v.X, v.Y) }

// String formats v.
func (v Vec) String() string { return fmt.Sprintf("(%g, %g)", v.X, v.Y) }

// new shadows the builtin in this package only.
func new(x, y float64) Vec { return Vec{x, y} }

// Unit is the vector (1, 0).
var Unit = new(1, 0)

// Limit is a constant that game reads where a local Limit is in scope.
const Limit = 7

// Kind is a kind of entity; game has a Kind too.
type Kind int

// The kinds, an iota block with implicit repetition and a blank.
const (
	KindPod Kind = iota + 1
	KindCheckpoint
	_
	KindWall
)

// State is the geometry state; game has a State too.
type State struct {
	Pos [2]Vec
	N   int
}

// Step moves every position by d.
//
//go:noinline
func (s *State) Step(d Vec) {
	for i := 0; i < s.N; i++ {
		s.Pos[i] = s.Pos[i].Add(d)
	}
}

// Sorted returns xs sorted.
func Sorted(xs []int) []int {
	out := append([]int(nil), xs...)
	sort.Ints(out)
	return out
}

// Map applies f to each element of xs.
func Map[T any](xs []T, f func(T) T) []T {
	out := make([]T, len(xs))
	for i, x := range xs {
		out[i] = f(x)
	}
	return out
}
