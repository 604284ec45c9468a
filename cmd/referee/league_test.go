package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"impulse/referee/league"
	"impulse/referee/match"
	"impulse/sim"
)

// mainEnv, set to 1 in a child's environment, has the test binary run
// as the referee itself (its main) instead of the tests: the SIGKILL
// test's league run is such a child, and so are the bots it starts.
const mainEnv = "IMPULSE_REFEREE_MAIN"

func init() {
	if os.Getenv(mainEnv) == "1" {
		main()
	}
}

// killBots are the league of the SIGKILL test: deterministic built-ins
// (fixed iterations), whose games are the same whenever they are played.
var killBots = [][2]string{
	{"ga30", "csb/ga -iterations 30"},
	{"ga120", "csb/ga -iterations 120"},
	{"base", "csb/baseline"},
}

// killGames is the SIGKILL test's league size; killRun its run's flags.
const killGames = 20

var killRun = []string{"-j", "2", "-games", "20", "-min-games", "4", "-time-scale", "50"}

// TestLeagueSurvivesKill plays a league to killGames games with run
// killed by SIGKILL (the run and its bots) three times in the middle of
// games and restarted each time (a fourth run is stopped by SIGTERM,
// which exits 0, and a fifth finishes the league), and meanwhile the same
// league from scratch without a kill: the same games (keys, players,
// seeds, ranks, scores, turns), none lost, each stored once, and the same
// ratings. Then every record is stored again, as a worker that played a
// game twice would: the store still holds each key once.
func TestLeagueSurvivesKill(t *testing.T) {
	if testing.Short() {
		t.Skip("plays two leagues")
	}
	killed, scratch := filepath.Join(t.TempDir(), "killed"), filepath.Join(t.TempDir(), "scratch")
	fromScratch := startKillLeagues(t, killed, scratch)
	kills := []func(*league.State) bool{
		func(st *league.State) bool { return len(st.Planned) >= 2 }, // before any game is stored, maybe
		func(st *league.State) bool { return len(st.Games) >= 4 },
		func(st *league.State) bool { return len(st.Games) >= 10 },
	}
	unfinished := 0
	for i, when := range kills {
		unfinished += killRunWhen(t, killed, when, i)
	}
	if unfinished == 0 {
		t.Error("no kill left a pair unfinished: the restarts replayed nothing")
	}
	terminate(t, killed, 14)
	cmd, out := startLeagueRun(t, killed)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("the last run: %v\n%s", err, out)
	}
	if err := <-fromScratch; err != nil {
		t.Fatalf("the league from scratch: %v", err)
	}
	compareLeagues(t, killed, scratch)
}

// startKillLeagues adds killBots to the leagues killed and scratch, and
// plays scratch to its end with killRun's flags in this process: its
// error comes on the channel.
func startKillLeagues(t *testing.T, killed, scratch string) <-chan error {
	t.Helper()
	for _, dir := range []string{killed, scratch} {
		for _, b := range killBots {
			if err := runLeague([]string{"add", "-dir", dir, b[0], b[1]}, io.Discard, io.Discard); err != nil {
				t.Fatal(err)
			}
		}
	}
	fromScratch := make(chan error, 1)
	go func() {
		fromScratch <- runLeague(append([]string{"run", "-dir", scratch}, killRun...), io.Discard, io.Discard)
	}()
	return fromScratch
}

// startLeagueRun starts "referee league run" on dir with killRun's flags
// and extra in a child, in a process group of its own; out gathers its
// output.
func startLeagueRun(t *testing.T, dir string, extra ...string) (*exec.Cmd, *bytes.Buffer) {
	t.Helper()
	args := append(append([]string{"league", "run", "-dir", dir}, killRun...), extra...)
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), mainEnv+"=1")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd, &out
}

// killRunWhen starts a run on dir (killRun's flags and extra), kills it
// with SIGKILL once the league satisfies when, and returns the number of
// pairs planned and unfinished it left. It fails the test if the run
// ends before.
func killRunWhen(t *testing.T, dir string, when func(*league.State) bool, i int, extra ...string) int {
	t.Helper()
	cmd, out := startLeagueRun(t, dir, extra...)
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		select {
		case err := <-exited:
			t.Fatalf("kill %d: the run ended (%v) before it was killed:\n%s", i+1, err, out)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("kill %d: the league never came to the point of the kill", i+1)
		}
		if st := loadLeague(t, dir); when(st) {
			break
		}
	}
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	if err := <-exited; err == nil {
		t.Fatalf("kill %d: the run exited 0 when killed", i+1)
	}
	st := loadLeague(t, dir)
	t.Logf("kill %d: %d games, %d pairs planned, at %v", i+1, len(st.Games), len(st.Planned), time.Now().Format("15:04:05.000"))
	if len(st.Games) >= killGames {
		t.Fatalf("kill %d: the league was finished when killed", i+1)
	}
	return 2*len(st.Planned) - len(st.Games)
}

// terminate starts a run on dir and stops it with SIGTERM once the
// league counts n games: it exits 0.
func terminate(t *testing.T, dir string, n int) {
	t.Helper()
	cmd, out := startLeagueRun(t, dir)
	for deadline := time.Now().Add(60 * time.Second); len(loadLeague(t, dir).Games) < n; time.Sleep(100 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the league never came to %d games:\n%s", n, out)
		}
	}
	cmd.Process.Signal(syscall.SIGTERM)
	if err := cmd.Wait(); err != nil {
		t.Fatalf("run stopped by SIGTERM: %v, want exit 0:\n%s", err, out)
	}
}

// loadLeague returns the state of the league in dir, dialing run when
// it plays.
func loadLeague(t *testing.T, dir string) *league.State {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := league.Open(ctx, dir, league.Use)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	st, err := s.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// compareLeagues checks that the leagues killed and scratch hold the
// same games and plans, each game once, and give the same ratings; then
// stores killed's records again and checks it still holds each once.
func compareLeagues(t *testing.T, killed, scratch string) {
	got, want := loadLeague(t, killed), loadLeague(t, scratch)
	if len(want.Games) != killGames {
		t.Fatalf("the league from scratch has %d games, want %d", len(want.Games), killGames)
	}
	byKey := func(a, b league.Record) bool { return a.Key < b.Key }
	opts := cmp.Options{
		cmpopts.SortSlices(byKey),
		cmpopts.IgnoreFields(league.Record{}, "At"),
		cmpopts.IgnoreFields(match.Game{}, "MS", "FirstMS"),
		cmpopts.IgnoreUnexported(match.Game{}),
	}
	if diff := cmp.Diff(want.Games, got.Games, opts); diff != "" {
		t.Errorf("games killed and restarted, against from scratch (-scratch +killed):\n%s", diff)
	}
	if diff := cmp.Diff(want.Planned, got.Planned); diff != "" {
		t.Errorf("pairs planned (-scratch +killed):\n%s", diff)
	}
	if diff := cmp.Diff(ratings(t, want), ratings(t, got), cmpopts.EquateNaNs()); diff != "" {
		t.Errorf("ratings (-scratch +killed):\n%s", diff)
	}
	checkStoredOnce(t, killed, false)
	checkStoredOnce(t, killed, true)
}

// ratings returns the league's ratings by bot.
func ratings(t *testing.T, st *league.State) map[string]string {
	t.Helper()
	tab, err := league.Standings(st)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, r := range tab.Rows {
		out[r.Player.ID] = r.Rating.String()
	}
	return out
}

// checkStoredOnce checks that the store of the league in dir holds
// killGames records, one per key; with again, after storing each once
// more.
func checkStoredOnce(t *testing.T, dir string, again bool) {
	t.Helper()
	ctx := context.Background()
	s, err := league.Open(ctx, dir, league.Use)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	raw, err := s.Records(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if again {
		for i := range raw {
			if err := s.StoreRecord(ctx, &raw[i]); err != nil {
				t.Fatal(err)
			}
		}
		if raw, err = s.Records(ctx); err != nil {
			t.Fatal(err)
		}
	}
	count := map[string]int{}
	var twice []string
	for _, r := range raw {
		if count[r.Key]++; count[r.Key] == 2 {
			twice = append(twice, r.Key)
		}
	}
	sort.Strings(twice)
	if len(count) != killGames || len(twice) > 0 {
		t.Errorf("stored again %v: %d keys, want %d; stored more than once: %s", again, len(count), killGames, strings.Join(twice, " "))
	}
}

// TestLeagueCommands runs the commands as a user types them: their
// output, and a usage error for a command without its arguments.
func TestLeagueCommands(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "lg")
	var out bytes.Buffer
	steps := [][]string{
		{"add", "-dir", dir, "base", "csb/baseline"},
		{"add", "ga", "csb/ga -iterations 10", "-dir", dir},
		{"update", "-dir", dir, "ga", "csb/ga -iterations 20"},
		{"stop", "-dir", dir, "ga#2"},
		{"remove", "-dir", dir, "base"},
		{"show", "-dir", dir, "-o", filepath.Join(dir, "page.html")},
		{"show", "-dir", dir, "-anchor", "ga#2"},
	}
	for _, args := range steps {
		if err := runLeague(args, &out, io.Discard); err != nil {
			t.Fatalf("league %s: %v", strings.Join(args, " "), err)
		}
	}
	for _, want := range []string{"base: csb/baseline (csb, live rules, anchor base, 1 bots)", "ga#2: csb/ga -iterations 20", "ga#2 stopped", "base removed", "page: ", "Elo relative to ga#2"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	var u usageError
	for _, args := range [][]string{{"add", "-dir", dir, "x"}, {"stop", "-dir", dir}, {"nope"}, nil, {"run", "-dir", dir, "extra"}} {
		if err := runLeague(args, io.Discard, io.Discard); !errors.As(err, &u) {
			t.Errorf("league %q: %v, want a usage error", args, err)
		}
	}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"stop", "-dir", dir, "zz"}, "league: stop zz: zz: no bot"},
		{[]string{"show", "-dir", dir, "-anchor", "zz"}, `the anchor "zz" is not a player`},
		{[]string{"add", "-dir", dir, "x", "csb/ga -nope 1"}, `league: add x "csb/ga -nope 1": csb/ga: flag provided but not defined: -nope`},
		{[]string{"add", "-dir", dir, "x", "fb/ga"}, `league: add x "fb/ga": fb/ga is a built-in bot of fb`},
	} {
		if err := runLeague(tc.args, io.Discard, io.Discard); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("league %q: %v, want an error with %q", tc.args, err, tc.want)
		}
	}
	for _, args := range [][]string{{"-h"}, {"add", "-h"}, {"update", "-help"}, {"stop", "-h"}, {"remove", "-h"}, {"run", "-h"}, {"show", "-h"}} {
		var help bytes.Buffer
		want := "usage: referee league " + strings.TrimPrefix(args[0], "-h")
		if err := runLeague(args, &help, io.Discard); err != nil || !strings.HasPrefix(help.String(), want) {
			t.Errorf("league %q: %v, printed %q; want a synopsis starting %q", args, err, help.String(), want)
		}
	}
}

// TestLeagueFingerprint: a command line's fingerprint follows its files'
// content, a built-in bot's its play; a league run stops at a bot whose
// program was rebuilt after its add, before playing it, and tells the
// update that makes it a new version.
func TestLeagueFingerprint(t *testing.T) {
	dir := t.TempDir()
	prog := filepath.Join(dir, "bot.sh")
	write := func(body string) {
		t.Helper()
		if err := os.WriteFile(prog, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("echo 1")
	fp := func(command string) string {
		t.Helper()
		d, err := leagueFingerprint(command, "csb", sim.Live)
		if err != nil {
			t.Fatalf("fingerprint of %q: %v", command, err)
		}
		return d
	}
	first := fp(prog + " -x 1")
	if !strings.HasPrefix(first, "files:") || fp(prog+" -x 1") != first {
		t.Errorf("fingerprint of the script %q, then %q; want files: and the same twice", first, fp(prog+" -x 1"))
	}
	if base, ga := fp("csb/baseline"), fp("csb/ga -iterations 10"); !strings.HasPrefix(base, "play:") || base == ga || fp("csb/baseline") != base {
		t.Errorf("built-in fingerprints: csb/baseline %q (then %q), csb/ga %q; want play: digests, the same bot's alike, the two apart", base, fp("csb/baseline"), ga)
	}
	if _, err := leagueFingerprint("no-such-program-here", "csb", sim.Live); err == nil {
		t.Error("fingerprint of a missing program: no error")
	}

	lg := filepath.Join(dir, "lg")
	for _, args := range [][]string{{"add", "-dir", lg, "base", "csb/baseline"}, {"add", "-dir", lg, "mine", prog}} {
		if err := runLeague(args, io.Discard, io.Discard); err != nil {
			t.Fatalf("league %s: %v", strings.Join(args, " "), err)
		}
	}
	write("echo 2")
	if d := fp(prog + " -x 1"); d == first {
		t.Errorf("the rebuilt script keeps its fingerprint %s", d)
	}
	err := runLeague([]string{"run", "-dir", lg, "-games", "2"}, io.Discard, io.Discard)
	want := "mine: " + strconv.Quote(prog) + " plays otherwise than when it was added"
	if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "referee league update -dir "+lg+" mine") {
		t.Errorf("league run after the rebuild: %v; want an error with %q and the update to type", err, want)
	}
}
