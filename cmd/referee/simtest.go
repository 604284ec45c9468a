package main

import (
	"flag"
	"fmt"
	"io"

	"impulse/referee/simtest"
)

const simtestUsage = `usage: referee simtest

Speaks the two protocols of the community test suite for Coders Strike Back
simulators (github.com/sethorizer/csb) on stdin and stdout: each test gives
four pods and their commands, and the answer is the four pods after the turn,
under the live rules. It runs until its input ends.
`

// runSimtest is "referee simtest": the community CSB simulator test
// protocol on stdin and stdout.
func runSimtest(args []string, in io.Reader, out io.Writer) error {
	fs := flag.NewFlagSet("simtest", flag.ContinueOnError)
	fs.Usage = func() { fmt.Fprint(fs.Output(), simtestUsage) }
	if ok, err := parseFlags(fs, args, out); !ok {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("simtest: unexpected arguments %q", fs.Args())}
	}
	return simtest.SimTest(in, out)
}
