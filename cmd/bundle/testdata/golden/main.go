// Command golden prints values that depend on every renaming the bundler
// does; the bundled file must print the same.
package main

import (
	"fmt"
	. "strings"

	_ "embed"

	g "golden/game"
	_ "golden/gear"
	"golden/geom"
)

// greeting is read after the init functions of geom and game ran.
var greeting = ToUpper(fmt.Sprint("factor ", g.Factor, " best ", g.Best))

func init() {
	fmt.Println("main init:", greeting)
}

func main() {
	p := g.NewPod("runner", 3, 4)
	fmt.Println(g.Describe(p))
	var s geom.State
	s.N = 2
	s.Step(geom.Unit)
	st := g.State{Pods: []g.Pod{*p}, Geom: s, Kinds: []geom.Kind{geom.KindWall}}
	fmt.Println(st.Geom.Pos, st.Pods[0].X, st.Kinds, g.A, g.B)
	fmt.Println(geom.Sorted([]int{3, 1, 2}), geom.Map[int]([]int{1, 2}, func(x int) int { return x * x }))
	fmt.Println(Repeat("=", 3), g.Entropy(), g.Roll(), g.Squares(3)[0]())
}
