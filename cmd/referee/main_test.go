package main

import (
	"errors"
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
				var code int
				var err error
				out := captureStdout(t, func() { code, err = run(args) })
				if code != 0 || err != nil || !strings.HasPrefix(out, tc.want) {
					t.Errorf("referee %s: exit %d, %v, printed %q; want exit 0 and a synopsis starting %q", strings.Join(args, " "), code, err, out, tc.want)
				}
			})
		}
	}
}

// TestBadFlag: an unknown flag is a usage error (exit 2) naming the
// subcommand and its -h.
func TestBadFlag(t *testing.T) {
	for _, sub := range []string{"match", "bot", "diff", "simtest", "view", "fetch", "report"} {
		code, err := run([]string{sub, "-no-such-flag"})
		var u usageError
		if code != 2 || err == nil || !errors.As(err, &u) || !strings.Contains(err.Error(), "referee "+sub+" -h") {
			t.Errorf("referee %s -no-such-flag: exit %d, %v; want 2 and a usage error pointing to referee %s -h", sub, code, err, sub)
		}
	}
}
