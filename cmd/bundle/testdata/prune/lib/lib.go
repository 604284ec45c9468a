// Package lib declares what main uses and what it does not.
package lib

import (
	"flag" // used only by RegisterFlags: no method is called through flag.Value
	"fmt"
	"strings" // used only by Unused: the bundle must not import it
)

// Colour is an iota block of which main uses only Blue: the block stays
// whole, so Blue keeps its value 2.
type Colour int

// String is called by fmt only, through fmt.Stringer: it stays.
func (c Colour) String() string { return [...]string{"red", "green", "blue"}[c] }

// Set is named like the method of flag.Value, but the flag package is
// used only by RegisterFlags, which is left out: Set is left out too.
func (c *Colour) Set(s string) error { return nil }

// RegisterFlags is never called: left out, with the flag import.
func RegisterFlags(fs *flag.FlagSet) { fs.Var(new(Colour), "colour", "a colour") }

// unusedName is called by nothing and named like no interface's method:
// left out, though Colour stays.
func (c Colour) unusedName() string { return "unused" }

const (
	Red Colour = iota
	Green
	Blue
)

// Shape is called through an interface only.
type Shape interface{ Area() float64 }

// Square is used as a Shape: Area stays; its helper, which no interface
// names, is left out.
type Square struct{ Side float64 }

func (s Square) Area() float64 { return s.Side * s.Side }

func (s Square) unusedHelper() float64 { return 0 }

// Stack is generic; main uses Push and Len of Stack[int].
type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func (s *Stack[T]) Len() int { return len(s.items) }

// Used is called by main.
func Used() string { return helper() + "!" }

func helper() string { return "used" }

// Unused is never called: left out, with the strings import.
func Unused() string { return strings.ToUpper(orphan) }

// orphan is only used by Unused.
var orphan = "orphan"

// Orphaned is a type nothing uses: left out with its method.
type Orphaned struct{}

func (Orphaned) Method() string { return "orphaned" }

// registered is never read, but its initializer has an effect: it stays.
var registered = register("lib")

func register(name string) bool {
	fmt.Println("registered", name)
	return true
}
