package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
)

// usageError is a command-line mistake: exit status 2.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// exitError is a failure with an exit status of its own: "referee diff"
// exits 1 on a mismatch and 2 on a file that is not a readable replay.
// With err nil, the subcommand has told the failure already (diff's
// lines, fetch's failed games, an interrupted match) and main prints
// nothing more.
type exitError struct {
	code int
	err  error
}

func (e exitError) Error() string {
	if e.err == nil {
		return ""
	}
	return e.err.Error()
}

func (e exitError) Unwrap() error { return e.err }

// exitCode returns the exit status of a subcommand's error: 0 for none,
// 2 for a usageError, an exitError's own, and 1 for any other.
func exitCode(err error) int {
	var u usageError
	var e exitError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &e):
		return e.code
	case errors.As(err, &u):
		return 2
	}
	return 1
}

// parseFlags parses a subcommand's flags, the same way for every
// subcommand: flags may follow the other arguments (flagsFirst); -h or
// -help prints its synopsis (fs.Usage) on stdout, and the subcommand
// returns at once with status 0; any other mistake is a usage error
// (exit 2) naming the subcommand and its -h. ok is false when the
// subcommand is to return err at once.
func parseFlags(fs *flag.FlagSet, args []string, stdout io.Writer) (ok bool, err error) {
	fs.SetOutput(io.Discard) // the error goes to main, the usage only on -h
	err = fs.Parse(flagsFirst(fs, args))
	switch {
	case errors.Is(err, flag.ErrHelp):
		fs.SetOutput(stdout)
		fs.Usage()
		return false, nil
	case err != nil:
		return false, usageError{fmt.Sprintf("%s: %v (referee %s -h for help)", fs.Name(), err, fs.Name())}
	}
	return true, nil
}

// flagsFirst returns args with the flags of fs, each with its value,
// before the other arguments, so that "referee report runs.jsonl -o
// r.html" reads as "referee report -o r.html runs.jsonl". A flag is an
// argument that starts with "-" (but "-" alone); one of fs's that is not
// a boolean and has no "=" takes the next argument as its value. "--"
// ends the flags: what follows it are arguments, even those that start
// with "-". The arguments follow a "--" in the result, unless the last
// flag lacks its value: then the result is the flags alone, for Parse
// to say so.
func flagsFirst(fs *flag.FlagSet, args []string) []string {
	var flags, rest []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			rest = append(rest, args[i+1:]...)
			i = len(args)
		case len(a) > 1 && a[0] == '-':
			flags = append(flags, a)
			name := strings.TrimLeft(a, "-")
			if f := fs.Lookup(name); f != nil && !isBoolFlag(f) {
				if i+1 == len(args) {
					return flags // Parse says the value is missing
				}
				flags = append(flags, args[i+1])
				i++
			}
		default:
			rest = append(rest, a)
		}
	}
	if len(rest) == 0 {
		return flags
	}
	return append(append(flags, "--"), rest...)
}

// isBoolFlag reports whether f is a boolean flag, which takes no
// separate value.
func isBoolFlag(f *flag.Flag) bool {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && b.IsBoolFlag()
}

// isSet reports whether the flag name was given on the command line.
func isSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// isTerminal reports whether w is a terminal, where progress is redrawn
// in place.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// tokenOrEnv returns the -token given, else $IMPULSE_TOKEN (read after
// the flags, so that -h never prints it).
func tokenOrEnv(token string) string {
	if token == "" {
		return os.Getenv("IMPULSE_TOKEN")
	}
	return token
}
