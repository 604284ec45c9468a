//go:build fb

package main

import (
	"os"

	"impulse/bot/fb"
)

const gameName = "Fantastic Bits"

type config = fb.Config

// runGame plays Fantastic Bits on stdin and stdout.
func runGame(cfg config) error { return fb.Run(os.Stdin, os.Stdout, os.Stderr, cfg) }
