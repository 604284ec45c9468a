package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestHelp: the command and every subcommand print their synopsis on
// stdout for -h and -help and exit 0 (parseFlags). The last argument of
// each row is replaced by -h, then by -help.
func TestHelp(t *testing.T) {
	tests := []struct {
		args []string
		want string // the synopsis starts so
	}{
		{[]string{"-h"}, "usage:\n  referee "},
		{[]string{"match", "-h"}, "usage: referee match "},
		{[]string{"bot", "-h"}, "usage: referee bot NAME"},
		{[]string{"bot", "csb/ga", "-h"}, "usage: referee bot NAME"},
		{[]string{"diff", "-h"}, "usage: referee diff PATH"},
		{[]string{"simtest", "-h"}, "usage: referee simtest"},
		{[]string{"view", "-h"}, "usage: referee view "},
		{[]string{"fetch", "-h"}, "usage: referee fetch "},
		{[]string{"report", "-h"}, "usage: referee report "},
	}
	for _, tc := range tests {
		for _, h := range []string{"-h", "-help"} {
			args := append([]string(nil), tc.args...)
			args[len(args)-1] = h
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				var err error
				out := captureStdout(t, func() { err = run(args) })
				if err != nil || !strings.HasPrefix(out, tc.want) {
					t.Errorf("referee %s: exit %d, %v, printed %q; want exit 0 and a synopsis starting %q", strings.Join(args, " "), exitCode(err), err, out, tc.want)
				}
			})
		}
	}
}

// TestBadFlag: an unknown flag is a usage error (exit 2) naming the
// subcommand and its -h.
func TestBadFlag(t *testing.T) {
	for _, sub := range []string{"match", "bot", "diff", "simtest", "view", "fetch", "report"} {
		err := run([]string{sub, "-no-such-flag"})
		var u usageError
		if exitCode(err) != 2 || err == nil || !errors.As(err, &u) || !strings.Contains(err.Error(), "referee "+sub+" -h") {
			t.Errorf("referee %s -no-such-flag: exit %d, %v; want 2 and a usage error pointing to referee %s -h", sub, exitCode(err), err, sub)
		}
	}
}

// TestExitCode: no error exits 0, a usage error 2 (wrapped or not), an
// exitError its own status, any other error 1; main prints an error
// unless its message is empty.
func TestExitCode(t *testing.T) {
	for _, tc := range []struct {
		err  error
		want int
	}{
		{nil, 0},
		{usageError{"x"}, 2},
		{fmt.Errorf("tune: %w", usageError{"x"}), 2},
		{exitError{code: 1}, 1},
		{exitError{2, errors.New("x")}, 2},
		{errors.New("x"), 1},
	} {
		if got := exitCode(tc.err); got != tc.want {
			t.Errorf("exitCode(%#v) = %d, want %d", tc.err, got, tc.want)
		}
	}
	if (exitError{code: 1}).Error() != "" {
		t.Error("an exitError without an error has a message to print")
	}
}

// TestFlagsFirst: flags and their values go before the other arguments,
// in their order, and "--" ends the flags.
func TestFlagsFirst(t *testing.T) {
	fs := flag.NewFlagSet("x", flag.ContinueOnError)
	fs.String("o", "", "")
	fs.Bool("diff", true, "")
	for _, tc := range []struct{ in, want string }{
		{"a b", "-- a b"},
		{"-o r.html a", "-o r.html -- a"},
		{"a -o r.html b", "-o r.html -- a b"},
		{"a -diff b", "-diff -- a b"},
		{"a -diff=false -o=x b", "-diff=false -o=x -- a b"},
		{"a -o", "-o"},
		{"-o=x a", "-o=x -- a"},
		{"a -x 1", "-x -- a 1"},
		{"a -- -o b", "-- a -o b"},
		{"-o -- a", "-o -- -- a"},
		{"a - b", "-- a - b"},
		{"-h", "-h"},
		{"", ""},
	} {
		got := strings.Join(flagsFirst(fs, strings.Fields(tc.in)), " ")
		if got != tc.want {
			t.Errorf("flagsFirst(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestFlagsAfterFiles: report, diff and view read flags given after their
// files (flagsFirst), and "--" makes a file of what looks like a flag.
func TestFlagsAfterFiles(t *testing.T) {
	isolateCache(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "game.json")
	copyReplay(t, src)

	out := filepath.Join(dir, "game.html")
	var stdout bytes.Buffer
	if err := runView([]string{src, "-diff=false", "-o", out}, &stdout); err != nil {
		t.Fatalf("view FILE -diff=false -o OUT: %v", err)
	}
	if _, err := os.Stat(out); err != nil {
		t.Errorf("view FILE -o OUT: %v", err)
	}

	stdout.Reset()
	if err := runDiff([]string{src, "-h"}, &stdout); err != nil || !strings.HasPrefix(stdout.String(), "usage: referee diff") {
		t.Errorf("diff FILE -h: %v, printed %q; want the synopsis", err, stdout.String())
	}
	err := runDiff([]string{src, "-bogus"}, io.Discard)
	if exitCode(err) != 2 || !strings.Contains(err.Error(), "flag provided but not defined: -bogus") {
		t.Errorf("diff FILE -bogus: exit %d, %v; want 2, the flag named", exitCode(err), err)
	}
	err = runDiff([]string{src, "--", "-bogus"}, io.Discard)
	if exitCode(err) != 2 || !strings.Contains(err.Error(), "-bogus") || errors.As(err, new(usageError)) {
		t.Errorf("diff FILE -- -bogus: exit %d, %v; want 2, -bogus a file that is not there", exitCode(err), err)
	}

	results := filepath.Join(dir, "runs.jsonl")
	os.WriteFile(results, []byte("{\"seed\": 1}\n[\n"), 0o644)
	err = runReport([]string{results, "-o", filepath.Join(dir, "r.html")}, io.Discard)
	if exitCode(err) != 1 || !strings.Contains(err.Error(), "runs.jsonl:2") {
		t.Errorf("report FILE -o OUT: exit %d, %v; want 1, the file read and its line 2 refused", exitCode(err), err)
	}
}
