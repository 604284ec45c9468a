//go:build !fb

package main

import (
	"os"

	"impulse/bot/csb"
)

const gameName = "Coders Strike Back"

type config = csb.Config

// runGame plays Coders Strike Back on stdin and stdout.
func runGame(cfg config) error { return csb.Run(os.Stdin, os.Stdout, os.Stderr, cfg) }
