package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"impulse/referee/queue"
	"impulse/referee/tune"
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
	err := runTune(args, &stdout, &stderr)
	if err != nil {
		t.Fatalf("tune: exit %d, %v\n%s%s", exitCode(err), err, stdout.String(), stderr.String())
	}
	out := stdout.String()
	if !strings.Contains(out, "tuned bot: csb/baseline -base-thrust ") || !strings.Contains(out, "thrust") {
		t.Errorf("stdout:\n%s", out)
	}
	if !strings.Contains(stderr.String(), "iteration 6/6 (12 games)") {
		t.Errorf("stderr does not show the last iteration:\n%s", stderr.String())
	}
	journal, err := os.ReadFile(filepath.Join(dir, tune.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(strings.TrimSuffix(string(journal), "\n"), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d journal lines, want 6:\n%s", len(lines), journal)
	}
	for _, f := range []string{tune.SettingFile, tune.PlotFile, tune.CommandFile} {
		if data, err := os.ReadFile(filepath.Join(dir, f)); err != nil || len(data) == 0 {
			t.Errorf("%s: %d bytes, %v", f, len(data), err)
		}
	}
	cmd, _ := os.ReadFile(filepath.Join(dir, tune.CommandFile))
	if !strings.Contains(out, "tuned bot: "+string(cmd)) {
		t.Errorf("command.txt %q is not the command printed:\n%s", cmd, out)
	}

	err = runTune(args, &stdout, &stderr)
	var u usageError
	if exitCode(err) != 2 || !errors.As(err, &u) || !strings.Contains(err.Error(), "-resume") {
		t.Errorf("a second run into the folder: exit %d, %v; want 2 and -resume named", exitCode(err), err)
	}
	other := append(append([]string(nil), args...), "-resume", "-seed", "5")
	if err := runTune(other, &stdout, &stderr); exitCode(err) != 2 || !strings.Contains(err.Error(), "flags differ") {
		t.Errorf("-resume with another seed: exit %d, %v; want 2, the flags differ", exitCode(err), err)
	}

	// Cut after 2 iterations, with half a line, then resumed.
	cut := strings.Join(lines[:2], "") + lines[2][:10]
	if err := os.WriteFile(filepath.Join(dir, tune.JournalFile), []byte(cut), 0o644); err != nil {
		t.Fatal(err)
	}
	stdout.Reset()
	if err := runTune(append(args, "-resume"), &stdout, &stderr); err != nil {
		t.Fatalf("tune -resume: exit %d, %v\n%s", exitCode(err), err, stdout.String())
	}
	if !strings.Contains(stdout.String(), "from iteration 3") {
		t.Errorf("the resumed run does not start at iteration 3:\n%s", stdout.String())
	}
	again, _ := os.ReadFile(filepath.Join(dir, tune.JournalFile))
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
		err := runTune(tc.args, &stdout, &stderr)
		var u usageError
		if exitCode(err) != 2 || !errors.As(err, &u) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("tune %q: exit %d, %v; want 2 and %q", tc.args, exitCode(err), err, tc.want)
		}
	}
	var stdout, stderr bytes.Buffer
	if err := runTune([]string{"-h"}, &stdout, &stderr); err != nil || !strings.HasPrefix(stdout.String(), "usage: referee tune ") || !strings.Contains(stdout.String(), "-param") {
		t.Errorf("tune -h: exit %d, %v, printed %q", exitCode(err), err, stdout.String())
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
	err := runTune([]string{"-bot", "csb/baseline -base-thrust {thrust}", "-param", "thrust,100,0,200,10,0.05",
		"-p2", "csb/baseline", "-games", "8", "-j", "4", "-time-scale", "10", "-o", dir, "-progress=false"}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("tune: exit %d, %v\n%s%s", exitCode(err), err, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), "against csb/baseline: 8 games, 2 iterations of 4") {
		t.Errorf("stdout:\n%s", stdout.String())
	}
	journal, _ := os.ReadFile(filepath.Join(dir, tune.JournalFile))
	if n := strings.Count(string(journal), "\n"); n != 2 || strings.Count(string(journal), `"scores":[`) != 2 {
		t.Errorf("journal of %d lines:\n%s", n, journal)
	}
}

// tuneJournal runs "referee tune" with args and -o dir, and returns the
// journal it wrote and its stdout.
func tuneJournal(t *testing.T, dir string, args ...string) (journal []byte, stdout string) {
	t.Helper()
	var out, errs bytes.Buffer
	if err := runTune(append(append([]string(nil), args...), "-o", dir), &out, &errs); err != nil {
		t.Fatalf("tune %q: exit %d, %v\n%s%s", args, exitCode(err), err, out.String(), errs.String())
	}
	journal, err := os.ReadFile(filepath.Join(dir, tune.JournalFile))
	if err != nil {
		t.Fatal(err)
	}
	return journal, out.String()
}

// tuneCutOnServer runs "referee tune" with args into dir on the server at
// url, and closes its connection once the journal has 3 lines, without a
// word, as when the tuner is killed: the run fails, telling -resume. It
// returns the journal's lines at the cut and the run's error.
func tuneCutOnServer(t *testing.T, ctx context.Context, url, dir string, args ...string) (int, error) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	c, err := parseTune(append(append([]string(nil), args...), "-o", dir, "-server", url), &stdout, &stderr)
	if c == nil {
		t.Fatalf("tune -server: exit %d, %v", exitCode(err), err)
	}
	if c.Parallel != 4 {
		t.Errorf("-j 4 with -server: %d at once", c.Parallel)
	}
	clients := make(chan *queue.Client, 1)
	c.OnQueue = func(cl *queue.Client) { clients <- cl }
	cut := make(chan int, 1)
	go func() {
		cl := <-clients
		for {
			data, _ := os.ReadFile(filepath.Join(dir, tune.JournalFile))
			if n := bytes.Count(data, []byte("\n")); n >= 3 {
				cl.Close()
				cut <- n
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	tctx, tcancel := context.WithTimeout(ctx, time.Minute)
	defer tcancel()
	err = playTune(tctx, c)
	if exitCode(err) != 1 || err == nil || !strings.Contains(err.Error(), "-resume continues") {
		t.Fatalf("tune with its connection lost: exit %d, %v; want 1, -resume continues\n%s", exitCode(err), err, stdout.String())
	}
	if !strings.Contains(stdout.String(), "the games go to the workers of "+url) {
		t.Errorf("stdout does not name the server:\n%s", stdout.String())
	}
	return <-cut, err
}

// TestTuneOnServer tunes the thrust of the CSB baseline (16 games, 8
// iterations, 2 at once with -j 4) here and on the workers of an
// embedded server, through the commands. On the server the tuner's
// connection drops after its third iteration, without a word, as when a
// tuner is killed: its pairs' games stay queued or in play on the
// workers, and their results are stored. -resume then finds them and
// plays the rest: the journal is the local run's, line for line, each
// iteration counted once. Then a bot that is a script, against -p2 (two
// pairs an iteration, -j 8), gives the local run's journal too.
func TestTuneOnServer(t *testing.T) {
	if testing.Short() {
		t.Skip("plays about 40 games through processes")
	}
	isolateCache(t)
	s, ctx, workers := startTestQueue(t)
	var played atomic.Int32
	startWorkers(t, ctx, s, workers, 2, func(string, int, int64) { played.Add(1) })

	args := []string{"-game", "csb", "-bot", "csb/baseline -base-thrust {thrust}", "-param", "thrust,40,0,200,10,0.05",
		"-games", "16", "-j", "4", "-seed", "7", "-time-scale", "10", "-progress=false"}
	want, _ := tuneJournal(t, t.TempDir(), args...)
	dir := t.TempDir()
	n, err := tuneCutOnServer(t, ctx, s.URL(), dir, args...)
	got, out := tuneJournal(t, dir, append(args, "-server", s.URL(), "-resume")...)
	t.Logf("connection lost after iteration %d (%v); the workers played %d games for 16; the resumed run: %s", n, err, played.Load(), strings.SplitN(out, "\n", 2)[0])
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("journal on the server, cut and resumed (-local +server):\n%s", diff)
	}

	// A bot that is a file, shipped once, against a fixed opponent: each
	// side its own pair (two runs an iteration).
	script := filepath.Join(t.TempDir(), "thrust.sh")
	self, _ := os.Executable()
	if err := os.WriteFile(script, []byte("#!/bin/sh\nexec '"+self+"' bot csb/baseline -base-thrust \"$1\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	args = []string{"-game", "csb", "-bot", script + " {thrust}", "-param", "thrust,100,0,200,10,0.05", "-p2", "csb/baseline",
		"-games", "8", "-j", "8", "-seed", "3", "-time-scale", "10", "-progress=false"}
	before := played.Load()
	want, _ = tuneJournal(t, t.TempDir(), args...)
	got, _ = tuneJournal(t, t.TempDir(), append(args, "-server", s.URL())...)
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("journal of a file against -p2 on the server (-local +server):\n%s", diff)
	}
	if n := played.Load() - before; n != 8 {
		t.Errorf("the workers played %d games of the run of 8", n)
	}
}

// TestTuneServerUsage: -server takes nats://HOST:PORT, -token needs
// -server, a server that wants a token says so, and one that is not
// there fails at once; with -server, -j defaults to 64.
func TestTuneServerUsage(t *testing.T) {
	base := []string{"-bot", "csb/baseline -base-thrust {thrust}", "-param", "thrust,40,0,200,10,0.05", "-games", "4", "-progress=false"}
	var u usageError
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-server", "127.0.0.1:4222"}, `-server "127.0.0.1:4222": want nats://HOST:PORT`},
		{[]string{"-server", "http://127.0.0.1:4222"}, "want nats://HOST:PORT"},
		{[]string{"-server", "nats://127.0.0.1"}, "want nats://HOST:PORT"},
		{[]string{"-token", "s3cret"}, "-token is the token of a -server"},
	} {
		err := runTune(append(append([]string(nil), base...), tc.args...), io.Discard, io.Discard)
		if exitCode(err) != 2 || !errors.As(err, &u) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("tune %q: exit %d, %v; want 2 and %q", tc.args, exitCode(err), err, tc.want)
		}
	}
	c, err := parseTune(append(append([]string(nil), base...), "-server", "nats://127.0.0.1:1"), io.Discard, io.Discard)
	if c == nil || c.Parallel != tuneServerParallel {
		t.Errorf("tune -server without -j: %v", err)
	}

	s, err := queue.Start(queue.ServerConfig{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Token: "s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown()
	t.Setenv("IMPULSE_TOKEN", "")
	start := time.Now()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-server", s.URL()}, "-token"},
		{[]string{"-server", "nats://127.0.0.1:1"}, "nats://127.0.0.1:1"},
	} {
		err := runTune(append(append([]string(nil), base...), append(tc.args, "-o", t.TempDir())...), io.Discard, io.Discard)
		if exitCode(err) != 1 || err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("tune %q: exit %d, %v; want 1 and %q", tc.args, exitCode(err), err, tc.want)
		}
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the refusals took %v", d)
	}
}
