// Command expbot is a small Coders Strike Back bot written as Go 1.18 bots
// were before slices and maps reached the standard library: with
// golang.org/x/exp/slices, maps and constraints. TestThirdParty bundles it
// and plays it. Both packages declare Clone and Equal, which the bundle
// renames.
package main

import (
	"bufio"
	"fmt"
	"os"

	"golang.org/x/exp/constraints"
	"golang.org/x/exp/maps"
	"golang.org/x/exp/slices"
)

type point struct{ x, y int }

// clamp returns v within [lo, hi].
func clamp[T constraints.Ordered](v, lo, hi T) T {
	if v < lo {
		return lo
	}
	if v > hi {
		return hi
	}
	return v
}

// abs returns |v|.
func abs[T constraints.Signed | constraints.Float](v T) T {
	if v < 0 {
		return -v
	}
	return v
}

func main() {
	in := bufio.NewReader(os.Stdin)
	var laps, n int
	if _, err := fmt.Fscan(in, &laps, &n); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	checkpoints := map[int]point{}
	for i := 0; i < n; i++ {
		var p point
		fmt.Fscan(in, &p.x, &p.y)
		checkpoints[i] = p
	}
	ids := maps.Keys(maps.Clone(checkpoints))
	slices.Sort(ids)
	for {
		var pods [4][6]int
		for i := range pods {
			for j := range pods[i] {
				if _, err := fmt.Fscan(in, &pods[i][j]); err != nil {
					return
				}
			}
		}
		for _, pod := range slices.Clone(pods[:2]) {
			next := ids[slices.Index(ids, pod[5])]
			c := checkpoints[next]
			// Aim ahead of the drift: three turns of velocity.
			x, y := c.x-3*pod[2], c.y-3*pod[3]
			d := abs(x-pod[0]) + abs(y-pod[1])
			fmt.Printf("%d %d %d\n", x, y, clamp(d/10, 20, 100))
		}
	}
}
