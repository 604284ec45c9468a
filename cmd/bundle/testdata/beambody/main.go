// Command beambody is a contest program whose settings function chooses
// the beam search in its body, which the bundler's build tags cannot
// follow (TestBeamTag): they are chosen from -flags before loading.
package main

import (
	"os"

	"impulse/bot/fb"
)

type config = fb.Config

func settings() (cfg config) {
	cfg.Strategy = "beam"
	return
}

func main() { _ = fb.Run(os.Stdin, os.Stdout, os.Stderr, settings()) }
