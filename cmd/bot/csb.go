//go:build !fb

package main

import (
	"os"

	"impulse/bot/csb"
	"impulse/sim"
)

// strategies lists the -strategy values of Coders Strike Back.
const strategies = "ga, beam or baseline"

// runGame plays Coders Strike Back on stdin and stdout.
func runGame(o options) error {
	return csb.Run(os.Stdin, os.Stdout, os.Stderr, csb.Config{
		Strategy:   o.strategy,
		Seed:       o.seed,
		Iterations: o.iterations,
		FirstTurn:  o.first,
		Turn:       o.turn,
		Published:  o.rules == sim.Published,
	})
}
