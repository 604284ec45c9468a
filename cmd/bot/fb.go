//go:build fb

package main

import (
	"os"

	"impulse/bot/fb"
)

// strategies lists the -strategy values of Fantastic Bits.
const strategies = "search, beam or baseline"

// runGame plays Fantastic Bits on stdin and stdout.
func runGame(o options) error {
	return fb.Run(os.Stdin, os.Stdout, os.Stderr, fb.Config{
		Strategy:   o.strategy,
		Seed:       o.seed,
		Iterations: o.iterations,
		FirstTurn:  o.first,
		Turn:       o.turn,
	})
}
