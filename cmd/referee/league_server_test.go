package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"impulse/referee/league"
	"impulse/referee/queue"
)

// lockedBuffer is a bytes.Buffer a child writes while the test reads.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// startWorkerProcess starts "referee worker -j 1" on the queue at url in
// a child, in a process group of its own, killed at the test's end; log
// gathers its output, a line per game.
func startWorkerProcess(t *testing.T, url string) (*exec.Cmd, *lockedBuffer) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "worker", "-server", url, "-j", "1", "-cache", t.TempDir())
	cmd.Env = append(os.Environ(), mainEnv+"=1")
	log := new(lockedBuffer)
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	t.Cleanup(func() {
		syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			<-exited
		}
	})
	return cmd, log
}

// children returns the processes pid started (a worker's bots, each in a
// process group of its own), read from /proc; ok is false where /proc
// does not list them.
func children(pid int) (kids []int, ok bool) {
	files, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", pid))
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		for _, w := range strings.Fields(string(data)) {
			if n, err := strconv.Atoi(w); err == nil {
				kids = append(kids, n)
			}
		}
	}
	return kids, len(files) > 0
}

// killMidGame kills the worker cmd with SIGKILL, its process group and
// its bots', if it is playing a game (it has bots running), and reports
// whether it did.
func killMidGame(cmd *exec.Cmd) bool {
	bots, _ := children(cmd.Process.Pid)
	if len(bots) == 0 {
		return false
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	for _, b := range bots {
		syscall.Kill(-b, syscall.SIGKILL)
	}
	return true
}

// workerGame matches a worker's line of a game: its run and number.
var workerGame = regexp.MustCompile(`run (\S+) game (\d+) \(seed`)

// finishedGames returns the games the workers' logs say they finished,
// as "RUN game N", in order.
func finishedGames(logs ...*lockedBuffer) []string {
	var out []string
	for _, l := range logs {
		for _, m := range workerGame.FindAllStringSubmatch(l.String(), -1) {
			out = append(out, m[1]+" game "+m[2])
		}
	}
	return out
}

// TestLeagueOnServer plays the kill test's league on two workers of a
// queue ("referee worker" processes), the league's run another process:
// one worker is killed with SIGKILL in the middle of a game, later the
// run itself in the middle of pairs; the games the other worker finishes
// meanwhile are collected by the restarted run. The league is then the
// same as the league played here from scratch (compareLeagues: the same
// games, each stored once, the same ratings); each pair was one run of
// the queue, named after the league's id and the pair, and no game
// finished while the run was down was played again.
func TestLeagueOnServer(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two leagues")
	}
	if _, ok := children(os.Getpid()); !ok {
		t.Skip("no /proc/PID/task/TID/children: a worker in the middle of a game cannot be told")
	}
	srv, err := queue.Start(queue.ServerConfig{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Limits: queue.Limits{AckWait: 2 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	doomed, doomedLog := startWorkerProcess(t, srv.URL())
	_, survivorLog := startWorkerProcess(t, srv.URL())

	served, scratch := filepath.Join(t.TempDir(), "served"), filepath.Join(t.TempDir(), "scratch")
	fromScratch := startKillLeagues(t, served, scratch)
	workerKilled := false
	killWhen := func(st *league.State) bool {
		if !workerKilled {
			workerKilled = len(st.Games) >= 4 && killMidGame(doomed)
			return false
		}
		return len(st.Games) >= 8 && 2*len(st.Planned) > len(st.Games)
	}
	onServer := []string{"-server", srv.URL()}
	if killRunWhen(t, served, killWhen, 0, onServer...) == 0 {
		t.Fatal("the run was killed with no pair unfinished")
	}
	down := len(finishedGames(survivorLog))
	for deadline := time.Now().Add(30 * time.Second); len(finishedGames(survivorLog)) == down; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the worker finished no game while the run was down:\n%s", survivorLog)
		}
	}
	whileDown := finishedGames(doomedLog, survivorLog)
	cmd, out := startLeagueRun(t, served, onServer...)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the run restarted: %v\n%s", err, out)
	}
	if err := <-fromScratch; err != nil {
		t.Fatalf("the league from scratch: %v", err)
	}
	compareLeagues(t, served, scratch)
	checkQueueRuns(t, loadLeague(t, served), whileDown, finishedGames(doomedLog, survivorLog))
}

// checkQueueRuns checks the games the workers finished, all and while
// the run was down ("RUN game N"), against the league st: each run of the
// queue is named after the league's id, a pair planned and a hash, and
// each pair is one run; each game finished while the run was down was
// finished once, its result collected by the restarted run.
func checkQueueRuns(t *testing.T, st *league.State, whileDown, all []string) {
	t.Helper()
	runName := regexp.MustCompile(`^` + regexp.QuoteMeta(st.ID) + `-(\d+)-[0-9a-f]{8} game (\d+)$`)
	planned := map[string]bool{}
	for _, p := range st.Planned {
		planned[strconv.Itoa(p.Pair)] = true
	}
	runOf := map[string]string{} // pair -> run
	finished := map[string]int{} // "pair K game N" -> times
	for _, g := range all {
		run, _, _ := strings.Cut(g, " ")
		m := runName.FindStringSubmatch(g)
		switch {
		case m == nil || !planned[m[1]]:
			t.Errorf("the workers played %s, not of a run %s-PAIR-HASH of a pair planned", g, st.ID)
			continue
		case runOf[m[1]] != "" && runOf[m[1]] != run:
			t.Errorf("pair %s was two runs of the queue, %s and %s: the restarted run did not resume it", m[1], runOf[m[1]], run)
		}
		runOf[m[1]] = run
		finished["pair "+m[1]+" game "+m[2]]++
	}
	for _, g := range whileDown {
		if m := runName.FindStringSubmatch(g); m != nil && finished["pair "+m[1]+" game "+m[2]] != 1 {
			t.Errorf("%s, finished while the run was down, was played %d times", g, finished["pair "+m[1]+" game "+m[2]])
		}
	}
	t.Logf("%d games finished by the workers, %d before the restart; %d pairs", len(all), len(whileDown), len(runOf))
	if t.Failed() {
		t.Logf("the workers' games:\n%s", strings.Join(all, "\n"))
	}
}

// TestLeagueRunServerErrors: league run with a server that is not there,
// or that refuses the token, fails at once naming it; -token without
// -server and a -server that is no address are usage errors.
func TestLeagueRunServerErrors(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lg")
	for _, b := range killBots[:2] {
		if err := runLeague([]string{"add", "-dir", dir, b[0], b[1]}, io.Discard, io.Discard); err != nil {
			t.Fatal(err)
		}
	}
	srv, err := queue.Start(queue.ServerConfig{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Token: "s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Shutdown()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-server", "nats://127.0.0.1:1"}, "league run: -server: nats://127.0.0.1:1: "},
		{[]string{"-server", srv.URL(), "-token", "wrong"}, "league run: -server: " + srv.URL() + ": the server wants a token: -token"},
	} {
		start := time.Now()
		err := runLeague(append([]string{"run", "-dir", dir}, tc.args...), io.Discard, io.Discard)
		if exitCode(err) != 1 || !strings.Contains(fmt.Sprint(err), tc.want) || time.Since(start) > 20*time.Second {
			t.Errorf("league run %q: exit %d, %v after %v; want 1 at once, %q", tc.args, exitCode(err), err, time.Since(start), tc.want)
		}
	}
	var u usageError
	for _, args := range [][]string{{"-token", "x"}, {"-server", "http://127.0.0.1:4222"}} {
		if err := runLeague(append([]string{"run", "-dir", dir}, args...), io.Discard, io.Discard); !errors.As(err, &u) {
			t.Errorf("league run %q: %v, want a usage error", args, err)
		}
	}
}
