package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"impulse/referee/builtin"
	"impulse/referee/match"
	"impulse/referee/replay"
)

// The match runner starts built-in bots by re-executing its own binary with
// "bot NAME": in the tests that binary is the test binary, which then acts
// as the referee's bot command instead of running the tests.
func TestMain(m *testing.M) {
	if len(os.Args) >= 2 && os.Args[1] == "bot" {
		err := runBot(os.Args[2:], os.Stdin, os.Stdout, os.Stderr)
		if err != nil {
			os.Stderr.WriteString(err.Error() + "\n")
		}
		os.Exit(exitCode(err))
	}
	os.Exit(m.Run())
}

// TestBotBuiltin plays the first turn of an official replay with each
// built-in bot: two command lines come back, and an unknown name is a
// usage error.
func TestBotBuiltin(t *testing.T) {
	inputs := map[string]string{}
	for game, file := range map[string]string{"csb": "csb-046.json", "fb": "fb-001.json"} {
		r, err := replay.Read(filepath.Join("..", "..", "replays", game, file))
		if err != nil {
			t.Fatal(err)
		}
		inputs[game] = strings.Join(r.GameResult.Frames[1].PlayerInput, "\n") + "\n"
	}
	for _, name := range builtin.Names() {
		game, _, _ := strings.Cut(name, "/")
		input, ok := inputs[game]
		if !ok {
			t.Errorf("built-in %s: no replay of game %q to test it on", name, game)
			continue
		}
		t.Run(name, func(t *testing.T) {
			var out, log bytes.Buffer
			err := runBot([]string{name, "-iterations", "50"}, strings.NewReader(input), &out, &log)
			if err != nil {
				t.Fatalf("bot %s: exit %d, %v", name, exitCode(err), err)
			}
			lines := strings.Split(strings.TrimSpace(out.String()), "\n")
			if len(lines) != 2 {
				t.Errorf("bot %s answered %q, want 2 lines", name, out.String())
			}
		})
	}
	var u usageError
	if err := runBot([]string{"csb/nope"}, strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{}); !errors.As(err, &u) {
		t.Errorf("unknown bot: %v, want a usage error", err)
	}
	if err := runBot(nil, strings.NewReader(""), &bytes.Buffer{}, &bytes.Buffer{}); !errors.As(err, &u) {
		t.Errorf("no bot: %v, want a usage error", err)
	}
}

// TestMatchBuiltinOfOtherGame: a built-in bot of the other game is a
// usage error (builtin.Player refuses it).
func TestMatchBuiltinOfOtherGame(t *testing.T) {
	err := runMatch([]string{"-game", "fb", "-p1", "csb/ga", "-p2", "fb/baseline"}, io.Discard, io.Discard)
	var u usageError
	if exitCode(err) != 2 || !errors.As(err, &u) || !strings.Contains(err.Error(), "-game csb") {
		t.Errorf("referee match -game fb -p1 csb/ga: exit %d, %v; want 2 and a usage error naming -game csb", exitCode(err), err)
	}
}

// TestMatchCommand plays a short match of built-ins through "referee match"
// and checks the table, the results file and the replays.
func TestMatchCommand(t *testing.T) {
	isolateCache(t)
	dir := t.TempDir()
	results := filepath.Join(dir, "results.jsonl")
	var stdout, stderr bytes.Buffer
	err := runMatch([]string{
		"-p1", "csb/ga -iterations 200", "-p2", "csb/baseline", "-n", "4", "-j", "2", "-seed", "3",
		"-replays", filepath.Join(dir, "replays"), "-results", results, "-sprt", "0,50,0.05,0.05",
	}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("match: exit %d, %v\n%s", exitCode(err), err, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"csb/ga -iterations 200", "csb/baseline", "wins", "Elo of", "response time", "end reasons:", "SPRT elo0 0 elo1 50", "LLR"} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(stderr.String(), "4/4 games") {
		t.Errorf("no progress on stderr: %q", stderr.String())
	}
	data, err := os.ReadFile(results)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(data)), "\n")
	if len(lines) != 4 {
		t.Errorf("%d result lines, want 4", len(lines))
	}
	for _, l := range lines {
		var g match.Game
		if err := json.Unmarshal([]byte(l), &g); err != nil || (g.Seed != 3 && g.Seed != 4) {
			t.Errorf("result line %s: %v", l, err)
		}
	}
	files, _ := replay.Files([]string{filepath.Join(dir, "replays")})
	if len(files) != 4 {
		t.Errorf("%d replays, want 4", len(files))
	}
	if err := runDiff([]string{filepath.Join(dir, "replays")}, io.Discard); err != nil {
		t.Errorf("referee diff of the match's replays: exit %d, %v", exitCode(err), err)
	}
	// The command, not the runner, records the folder for "referee view".
	if last, err := recordedReplaysDir(); err != nil || last != filepath.Join(dir, "replays") {
		t.Errorf("recorded replays folder %q, %v; want %q", last, err, filepath.Join(dir, "replays"))
	}
}

func TestMatchUsage(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-p1", "csb/ga"}, "give both -p1 and -p2"},
		{[]string{"-p1", "csb/ga", "-p2", "x 'y"}, "unterminated"},
		{[]string{"-p1", "csb/ga", "-p2", "csb/baseline", "-sprt", "1,2"}, "elo0,elo1,alpha,beta"},
		{[]string{"-p1", "csb/ga", "-p2", "csb/baseline", "-seed", "x"}, "not an integer"},
		{[]string{"-p1", "csb/ga", "-p2", "csb/baseline", "-sprt", "0,5,0.05,0.05", "-sprt-model", "x"}, "logistic or normalized"},
		{[]string{"-p1", "csb/ga", "-p2", "csb/baseline", "-continue"}, "-continue continues the match of its -results file"},
	}
	for _, tc := range tests {
		err := runMatch(tc.args, &bytes.Buffer{}, &bytes.Buffer{})
		var u usageError
		if exitCode(err) != 2 || !errors.As(err, &u) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("match %q: exit %d, %v; want usage error containing %q", tc.args, exitCode(err), err, tc.want)
		}
	}
	err := runMatch([]string{"-p1", "./no-such-bot", "-p2", "csb/baseline"}, &bytes.Buffer{}, &bytes.Buffer{})
	if exitCode(err) != 1 || err == nil || !strings.Contains(err.Error(), "no-such-bot") {
		t.Errorf("missing bot: exit %d, %v; want exit 1 naming it", exitCode(err), err)
	}
}

// TestMatchCommandFB plays a pair of Fantastic Bits between the built-ins,
// and referee diff reproduces both games.
func TestMatchCommandFB(t *testing.T) {
	isolateCache(t)
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	err := runMatch([]string{"-game", "fb", "-p1", "fb/ga -iterations 100", "-p2", "fb/baseline", "-n", "2", "-replays", dir, "-time-scale", "4"}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("match: exit %d, %v\n%s", exitCode(err), err, stderr.String())
	}
	if !strings.Contains(stdout.String(), "fb: fb/ga -iterations 100 vs fb/baseline") || strings.Contains(stdout.String(), "timeout") {
		t.Errorf("table:\n%s", stdout.String())
	}
	if err := runDiff([]string{dir}, io.Discard); err != nil {
		t.Errorf("referee diff of the match's replays: exit %d, %v", exitCode(err), err)
	}
}

// TestMatchContinue: a match run twice on one -results file with -continue
// numbers its games on, draws the next seeds, counts the first run's games
// in its table, and leaves a file referee report reads whole; a file of
// another match is refused, naming its line, and a new match appending to
// the file without -continue is refused before it plays.
func TestMatchContinue(t *testing.T) {
	isolateCache(t)
	results := filepath.Join(t.TempDir(), "results.jsonl")
	args := []string{"-p1", "csb/ga -iterations 100", "-p2", "csb/baseline", "-n", "2", "-j", "2", "-results", results, "-progress=false"}
	for run, extra := range [][]string{{"-seed", "3"}, {"-continue"}, {"-continue", "-seed", "4"}} {
		var stdout, stderr bytes.Buffer
		if err := runMatch(append(args, extra...), &stdout, &stderr); err != nil {
			t.Fatalf("run %d: exit %d, %v\n%s", run+1, exitCode(err), err, stderr.String())
		}
		want := []string{"2 games (1 pairs, seeds 3..3)", "4 games (2 pairs, seeds 3..4)", "6 games (3 pairs)"}[run]
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("run %d: the table lacks %q:\n%s", run+1, want, stdout.String())
		}
		if run == 2 && !strings.Contains(stderr.String(), "seed 4 is already played") {
			t.Errorf("run 3 replays seed 4 without a warning: %q", stderr.String())
		}
	}
	f, err := os.Open(results)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	res, err := match.ReadResults(f, results)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[int]int64{}
	for _, r := range res {
		seen[r.Game.Index] = r.Game.Seed
	}
	if diff := cmp.Diff(map[int]int64{0: 3, 1: 3, 2: 4, 3: 4, 4: 4, 5: 4}, seen); diff != "" {
		t.Errorf("games by index: their seeds (-want +got):\n%s", diff)
	}
	if err := runReport([]string{"-o", filepath.Join(t.TempDir(), "r.html"), results}, io.Discard); err != nil {
		t.Errorf("referee report of the continued file: %v", err)
	}

	err = runMatch(append(args, "-seed", "9"), io.Discard, io.Discard)
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), results+" already holds games: -continue plays on") {
		t.Errorf("appending a new match to the file without -continue: exit %d, %v; want a usage error naming the file", exitCode(err), err)
	}
	if after, err := os.ReadFile(results); err != nil || strings.Count(string(after), "\n") != len(res) {
		t.Errorf("the refused match touched the file: %d lines, want %d (%v)", strings.Count(string(after), "\n"), len(res), err)
	}

	err = runMatch([]string{"-p1", "csb/ga -iterations 50", "-p2", "csb/baseline", "-n", "2", "-results", results, "-continue"}, io.Discard, io.Discard)
	if err == nil || !strings.Contains(err.Error(), results+":1 is a game of csb/ga -iterations 100") || !strings.Contains(err.Error(), "not of this match") {
		t.Errorf("continuing another match's file: %v; want an error naming %s:1", err, results)
	}
}
