package main

import (
	"io"

	"impulse/referee"
)

// runSimtest is "referee simtest": the community CSB simulator test
// protocol on stdin and stdout.
func runSimtest(in io.Reader, out io.Writer) error { return referee.SimTest(in, out) }
