package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"impulse/referee/builtin"
	"impulse/referee/match"
	"impulse/referee/queue"
)

// startTestQueue starts an embedded server on a loopback port for one
// test, with an ack wait of one second; the workers the test starts in
// the group see ctx cancelled, and are waited for, before the server
// shuts down at the test's end.
func startTestQueue(t *testing.T) (*queue.Server, context.Context, *sync.WaitGroup) {
	t.Helper()
	s, err := queue.Start(queue.ServerConfig{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Limits: queue.Limits{AckWait: time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	workers := new(sync.WaitGroup)
	t.Cleanup(func() {
		cancel()
		workers.Wait()
		s.Shutdown()
	})
	return s, ctx, workers
}

// startWorkers starts n workers ("referee worker", one game at a time)
// on the queue at s, stopped with ctx; started, when set, is told each
// game a worker starts.
func startWorkers(t *testing.T, ctx context.Context, s *queue.Server, workers *sync.WaitGroup, n int, started func(run string, index int, seed int64)) {
	for i := 0; i < n; i++ {
		workers.Add(1)
		go func() {
			defer workers.Done()
			cfg := queue.WorkerConfig{Parallel: 1, CacheDir: t.TempDir(), Started: started}
			if err := work(ctx, s.URL(), "", cfg, io.Discard); err != nil {
				t.Errorf("worker: exit %d, %v", exitCode(err), err)
			}
		}()
	}
}

// startDoomedWorker starts a worker that dies in the middle of its first
// game, without a word: "referee worker" but for its client, which it
// closes, with no result and no nak. The channel receives the game's
// index.
func startDoomedWorker(t *testing.T, ctx context.Context, s *queue.Server, workers *sync.WaitGroup) <-chan int {
	doomed, err := queue.Dial(s.URL(), "")
	if err != nil {
		t.Fatal(err)
	}
	launcher, _ := builtin.Launcher()
	dctx, kill := context.WithCancel(ctx)
	killed := make(chan int, 1)
	workers.Add(1)
	go func() {
		defer workers.Done()
		doomed.Work(dctx, queue.WorkerConfig{Parallel: 1, Builtin: launcher, CacheDir: t.TempDir(),
			Started: func(run string, index int, seed int64) {
				select {
				case killed <- index:
					go func() {
						time.Sleep(100 * time.Millisecond) // in the game
						doomed.Close()                     // no result, no nak
						kill()
					}()
				default:
				}
			}})
	}()
	return killed
}

// playResults plays "referee match" with args and -results into dir's
// name.jsonl, and returns its table and its games.
func playResults(t *testing.T, dir, name string, args ...string) (table string, games []match.Game) {
	t.Helper()
	results := filepath.Join(dir, name+".jsonl")
	var stdout, stderr bytes.Buffer
	if err := runMatch(append([]string{"-results", results}, args...), &stdout, &stderr); err != nil {
		t.Fatalf("%s match: exit %d, %v\n%s", name, exitCode(err), err, stderr.String())
	}
	data, err := os.ReadFile(results)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		var g match.Game
		if err := json.Unmarshal([]byte(l), &g); err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	return stdout.String(), games
}

// TestMatchOnServer plays the same match of deterministic built-in bots
// locally and on an embedded server's workers, through the commands, and
// compares the tables (times left out) and the results, game for game. A
// third worker dies in the middle of its first game, without a word: the
// game comes back to another worker when the ack wait passes.
func TestMatchOnServer(t *testing.T) {
	isolateCache(t)
	s, ctx, workers := startTestQueue(t)
	killed := startDoomedWorker(t, ctx, s, workers)
	time.Sleep(200 * time.Millisecond) // first in line for the first game
	startWorkers(t, ctx, s, workers, 2, nil)

	dir := t.TempDir()
	args := []string{"-p1", "csb/ga -iterations 200", "-p2", "csb/baseline", "-n", "4", "-seed", "3", "-time-scale", "10", "-j", "2"}
	localTable, localGames := playResults(t, dir, "local", args...)
	remoteTable, remoteGames := playResults(t, dir, "remote", append(args, "-server", s.URL(), "-replays", filepath.Join(dir, "replays"))...)
	if !strings.Contains(remoteTable, "played by a runner (the queue's workers, run ") || !strings.Contains(localTable, " at a time") {
		t.Errorf("the tables do not say who played: local %q, server %q", strings.SplitN(localTable, "\n", 2)[0], strings.SplitN(remoteTable, "\n", 2)[0])
	}
	if diff := cmp.Diff(tableWithoutTimes(localTable), tableWithoutTimes(remoteTable)); diff != "" {
		t.Errorf("tables (-local +server):\n%s", diff)
	}
	if diff := cmp.Diff(outcomesBySeed(localGames), outcomesBySeed(remoteGames)); diff != "" {
		t.Errorf("games (-local +server):\n%s", diff)
	}
	if err := runDiff([]string{filepath.Join(dir, "replays")}, io.Discard); err != nil {
		t.Errorf("referee diff of the workers' replays: exit %d, %v", exitCode(err), err)
	}
	select {
	case i := <-killed:
		t.Logf("a worker died playing game %d", i+1)
	default:
		t.Error("the doomed worker played no game")
	}
}

// tableWithoutTimes is a match's table without what the clock decides:
// the elapsed time, the response times, the replays line.
func tableWithoutTimes(s string) string {
	s = regexp.MustCompile(`, [0-9.]+ s\n`).ReplaceAllString(s, "\n")
	// Who played: "2 at a time" here, "played by a runner (the queue's
	// workers, run ID)" on the server.
	s = regexp.MustCompile(`, (\d+ at a time|played by a runner \([^)]*\)),`).ReplaceAllString(s, ",")
	var keep []string
	skip := 0
	for _, l := range strings.Split(s, "\n") {
		switch {
		case strings.Contains(l, "response time (ms)"):
			skip = 3
		case strings.HasPrefix(l, "replays:"):
			skip = 1
		}
		if skip > 0 {
			skip--
			continue
		}
		keep = append(keep, l)
	}
	return strings.Join(keep, "\n")
}

type outcome struct {
	Seed    int64
	Swapped bool
	Ranks   [2]int
	Scores  [2]float64
	Turns   int
	End     string
}

// outcomesBySeed are the games' outcomes in pair order (the results
// file is in the order the games finished).
func outcomesBySeed(games []match.Game) map[outcome]int {
	out := map[outcome]int{}
	for _, g := range games {
		out[outcome{g.Seed, g.Swapped, g.Ranks, g.Scores, g.Turns, g.End}]++
	}
	return out
}

// TestQueueUsage: the server refuses to listen beyond loopback without a
// token, -resume needs -server, a match cannot reach a server that is not
// there, and server and worker print their synopsis.
func TestQueueUsage(t *testing.T) {
	var u usageError
	err := runServer([]string{"-listen", "0.0.0.0:0", "-store", t.TempDir()}, io.Discard)
	if exitCode(err) != 2 || !errors.As(err, &u) || !strings.Contains(err.Error(), "-token") {
		t.Errorf("server -listen 0.0.0.0:0 without a token: exit %d, %v; want 2, naming -token", exitCode(err), err)
	}
	err = runMatch([]string{"-p1", "csb/ga", "-p2", "csb/baseline", "-resume", "x"}, io.Discard, io.Discard)
	if exitCode(err) != 2 || !errors.As(err, &u) || !strings.Contains(err.Error(), "-server") {
		t.Errorf("match -resume without -server: exit %d, %v; want 2", exitCode(err), err)
	}
	err = runMatch([]string{"-p1", "csb/ga", "-p2", "csb/baseline", "-server", "nats://127.0.0.1:1", "-resume", "a/b"}, io.Discard, io.Discard)
	if exitCode(err) != 2 || !errors.As(err, &u) {
		t.Errorf("match -resume a/b: exit %d, %v; want 2", exitCode(err), err)
	}
	start := time.Now()
	err = runMatch([]string{"-p1", "csb/ga", "-p2", "csb/baseline", "-server", "nats://127.0.0.1:1"}, io.Discard, io.Discard)
	if exitCode(err) != 1 || err == nil || time.Since(start) > 10*time.Second {
		t.Errorf("match -server with no server: exit %d, %v after %v; want 1 at once", exitCode(err), err, time.Since(start))
	}
	// A worker without the server's token is refused, and told why.
	s, err := queue.Start(queue.ServerConfig{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Token: "s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown()
	err = work(context.Background(), s.URL(), "", queue.WorkerConfig{CacheDir: t.TempDir()}, io.Discard)
	if exitCode(err) != 1 || err == nil || !strings.Contains(err.Error(), "-token") {
		t.Errorf("a worker without the token: exit %d, %v; want 1, naming -token", exitCode(err), err)
	}
	if tokenOrEnv("") != os.Getenv("IMPULSE_TOKEN") || tokenOrEnv("x") != "x" {
		t.Error("tokenOrEnv: -token first, then $IMPULSE_TOKEN")
	}
	for _, sub := range []string{"server", "worker"} {
		var err error
		out := captureStdout(t, func() { err = run([]string{sub, "-h"}) })
		if err != nil || !strings.HasPrefix(out, "usage: referee "+sub) {
			t.Errorf("referee %s -h: exit %d, %v, printed %q", sub, exitCode(err), err, out)
		}
		err = run([]string{sub, "-no-such-flag"})
		if exitCode(err) != 2 || !errors.As(err, &u) || !strings.Contains(err.Error(), "referee "+sub+" -h") {
			t.Errorf("referee %s -no-such-flag: exit %d, %v", sub, exitCode(err), err)
		}
	}
}
