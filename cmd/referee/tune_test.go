package main

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTuneCommand tunes the thrust of the CSB baseline in self-play
// through bot processes (the test binary as "referee bot"): 12 games, 6
// iterations. The folder gets the setting, a journal line per iteration,
// the plot and the tuned command; a run cut after 2 iterations and
// resumed ends with the same journal; a second run into the folder
// without -resume, or -resume with other flags, is refused.
func TestTuneCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 20 games through processes")
	}
	dir := t.TempDir()
	args := []string{"-game", "csb", "-bot", "csb/baseline -base-thrust {thrust}", "-param", "thrust,40,0,200,10,0.05",
		"-games", "12", "-j", "2", "-time-scale", "10", "-o", dir}
	var stdout, stderr bytes.Buffer
	code, err := runTune(args, &stdout, &stderr)
	if code != 0 || err != nil {
		t.Fatalf("tune: exit %d, %v\n%s%s", code, err, stdout.String(), stderr.String())
	}
	out := stdout.String()
	if !strings.Contains(out, "tuned bot: csb/baseline -base-thrust ") || !strings.Contains(out, "thrust") {
		t.Errorf("stdout:\n%s", out)
	}
	if !strings.Contains(stderr.String(), "iteration 6/6 (12 games)") {
		t.Errorf("stderr does not show the last iteration:\n%s", stderr.String())
	}
	journal, err := os.ReadFile(filepath.Join(dir, tuneJournalFile))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(journal), "\n"), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d journal lines, want 6:\n%s", len(lines), journal)
	}
	for _, f := range []string{tuneSettingFile, tunePlotFile, tuneCommandFile} {
		if data, err := os.ReadFile(filepath.Join(dir, f)); err != nil || len(data) == 0 {
			t.Errorf("%s: %d bytes, %v", f, len(data), err)
		}
	}
	cmd, _ := os.ReadFile(filepath.Join(dir, tuneCommandFile))
	if !strings.Contains(out, "tuned bot: "+string(cmd)) {
		t.Errorf("command.txt %q is not the command printed:\n%s", cmd, out)
	}

	code, err = runTune(args, &stdout, &stderr)
	var u usageError
	if code != 2 || !errors.As(err, &u) || !strings.Contains(err.Error(), "-resume") {
		t.Errorf("a second run into the folder: exit %d, %v; want 2 and -resume named", code, err)
	}
	other := append(append([]string(nil), args...), "-resume", "-seed", "5")
	if code, err := runTune(other, &stdout, &stderr); code != 2 || !strings.Contains(err.Error(), "flags differ") {
		t.Errorf("-resume with another seed: exit %d, %v; want 2, the flags differ", code, err)
	}

	// Cut after 2 iterations, with half a line, then resumed.
	cut := strings.Join(lines[:2], "") + lines[2][:10]
	if err := os.WriteFile(filepath.Join(dir, tuneJournalFile), []byte(cut), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	if code, err := runTune(append(args, "-resume"), &stdout, &stderr); code != 0 || err != nil {
		t.Fatalf("tune -resume: exit %d, %v\n%s", code, err, stdout.String())
	}
	if !strings.Contains(stdout.String(), "from iteration 3") {
		t.Errorf("the resumed run does not start at iteration 3:\n%s", stdout.String())
	}
	again, _ := os.ReadFile(filepath.Join(dir, tuneJournalFile))
	if string(again) != string(journal) {
		t.Errorf("resumed journal:\n%s\nwant the whole run's:\n%s", again, journal)
	}
}

// TestTuneUsage: mistakes in the flags are usage errors (exit 2) that say
// what is wrong.
func TestTuneUsage(t *testing.T) {
	p := "-param"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-bot", "csb/ga"}, "at least one -param"},
		{[]string{"-bot", "csb/ga -w-win {win}", p, "win,1"}, "NAME,START,MIN,MAX,C_END,R_END"},
		{[]string{"-bot", "csb/ga", p, "win,1,0,2,1,1"}, "-bot: command \"csb/ga\": no {win}"},
		{[]string{"-bot", "csb/ga {x} {y}", p, "x,1,0,2,1,1"}, "{y} is no parameter"},
		{[]string{"-bot", "fb/ga {x}", p, "x,1,0,2,1,1"}, "fb/ga is a built-in bot of fb"},
		{[]string{"-bot", "csb/ga {x}", p, "x,1,0,2,1,1", p, "x,1,0,2,1,1"}, "given twice"},
		{[]string{"-bot", "csb/ga {x}", p, "x,1,0,2,1,1", "-games", "3", "-p2", "csb/baseline"}, "want 4 at least"},
		{[]string{"-bot", "csb/ga {x}", p, "x,1,0,2,1,1", "-int", "y"}, "no parameter \"y\""},
		{[]string{"-game", "chess", "-bot", "x {x}", p, "x,1,0,2,1,1"}, "-game \"chess\""},
		{[]string{"-no-such-flag"}, "referee tune -h"},
	} {
		var stdout, stderr bytes.Buffer
		code, err := runTune(tc.args, &stdout, &stderr)
		var u usageError
		if code != 2 || !errors.As(err, &u) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("tune %q: exit %d, %v; want 2 and %q", tc.args, code, err, tc.want)
		}
	}
	var stdout, stderr bytes.Buffer
	if code, err := runTune([]string{"-h"}, &stdout, &stderr); code != 0 || err != nil || !strings.HasPrefix(stdout.String(), "usage: referee tune ") || !strings.Contains(stdout.String(), "-param") {
		t.Errorf("tune -h: exit %d, %v, printed %q", code, err, stdout.String())
	}
}

// TestTuneAgainstOpponent: with -p2 each side plays its own pair against
// the opponent: 8 games are 2 iterations, each journal line with the two
// games' score differences.
func TestTuneAgainstOpponent(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 8 games through processes")
	}
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code, err := runTune([]string{"-bot", "csb/baseline -base-thrust {thrust}", "-param", "thrust,100,0,200,10,0.05",
		"-p2", "csb/baseline", "-games", "8", "-j", "4", "-time-scale", "10", "-o", dir, "-progress=false"}, &stdout, &stderr)
	if code != 0 || err != nil {
		t.Fatalf("tune: exit %d, %v\n%s%s", code, err, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), "against csb/baseline: 8 games, 2 iterations of 4") {
		t.Errorf("stdout:\n%s", stdout.String())
	}
	journal, _ := os.ReadFile(filepath.Join(dir, tuneJournalFile))
	if n := strings.Count(string(journal), "\n"); n != 2 || strings.Count(string(journal), `"scores":[`) != 2 {
		t.Errorf("journal of %d lines:\n%s", n, journal)
	}
}
