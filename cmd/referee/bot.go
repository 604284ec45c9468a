package main

import (
	"flag"
	"fmt"
	"io"
	"strings"

	"impulse/referee/builtin"
)

const botUsage = `usage: referee bot NAME [-seed N] [-iterations K] [-first D] [-turn D] [-rules R] [-strategy S] [game flags]

Runs the built-in bot NAME on the CodinGame protocol: stdin, stdout, a log
line per turn on stderr. The match runner starts built-ins this way, so
"-p1 csb/ga" needs no build step. With -iterations K > 0 the bot runs K
search iterations a turn whatever the time (deterministic with -seed).
Every search constant and evaluation weight is a flag (the game flags
below, defaults shown), which "referee tune" tunes.

Bots:
`

// runBot is "referee bot NAME [flags]".
func runBot(args []string, in io.Reader, out, log io.Writer) error {
	fs := flag.NewFlagSet("bot", flag.ContinueOnError)
	s, known := builtin.RegisterFlags(fs, first(args))
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), botUsage)
		for _, n := range builtin.Names() {
			b, _ := builtin.Lookup(n)
			fmt.Fprintf(fs.Output(), "  %-14s %s\n", n, b.Doc)
		}
		fmt.Fprintln(fs.Output(), "\nFlags:")
		fs.PrintDefaults()
		if !known {
			builtin.PrintGameFlags(fs.Output(), fs)
		}
	}
	names := strings.Join(builtin.Names(), ", ")
	if len(args) == 0 || strings.HasPrefix(args[0], "-") {
		if ok, err := parseFlags(fs, args, out); !ok {
			return err
		}
		return usageError{"bot: no bot named; one of " + names}
	}
	if !known {
		return usageError{fmt.Sprintf("bot: unknown bot %q; one of %s", args[0], names)}
	}
	if ok, err := parseFlags(fs, args[1:], out); !ok {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("bot %s: bad arguments %q", args[0], args[1:])}
	}
	if err := s.Play(in, out, log); err != nil {
		return fmt.Errorf("bot %s: %w", args[0], err)
	}
	return nil
}

// first returns the first of args, "" for none.
func first(args []string) string {
	if len(args) == 0 {
		return ""
	}
	return args[0]
}
