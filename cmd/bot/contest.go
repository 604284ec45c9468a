//go:build contest

package main

import (
	"log"
	"os"
)

// parseArgs refuses arguments: the contest build has no flags (CodinGame
// passes none), so that a bundle given flags fails rather than plays
// without them. cmd/bundle -flags bakes settings in.
func parseArgs(cfg *config) (stop func()) {
	if len(os.Args) > 1 {
		log.Printf("the contest build takes no arguments (got %q): cmd/bundle -flags bakes settings into the bundle", os.Args[1:])
		os.Exit(2)
	}
	return func() {}
}
