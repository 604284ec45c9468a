package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"impulse/referee/diff"
	"impulse/referee/fetch"
	"impulse/referee/fetch/fetchtest"
	"impulse/referee/replay"
)

// fetchAgent is the agent whose battles the stand-in lists.
const fetchAgent = 777

// newFetchAPI starts the stand-in of CodinGame's API with the live games
// (fetchtest): every other game in the current API's {"gameResult": ...}
// form, the others bare, the first request for the first game answered
// with a 429 (Retry-After: 0), an unknown game with null; fetchAgent's
// battles list the games, newest first, with one still being played.
func newFetchAPI(t *testing.T) *fetchtest.API {
	a := fetchtest.New(t)
	ids := a.IDs()
	for i, id := range ids {
		if i%2 == 1 {
			a.Shape[id] = fetchtest.Wrapped
		}
	}
	a.Script[ids[0]] = []int{http.StatusTooManyRequests}
	a.RetryAfter = "0"
	a.ListBattles(fetchAgent)
	return a
}

// gameArgs returns the ids of the games a serves, as arguments.
func gameArgs(a *fetchtest.API) []string {
	var s []string
	for _, id := range a.IDs() {
		s = append(s, strconv.FormatInt(id, 10))
	}
	return s
}

// captureStdout runs f with os.Stdout going to a file, and returns what f
// wrote there: run writes to os.Stdout.
func captureStdout(t *testing.T, f func()) string {
	t.Helper()
	tmp, err := os.CreateTemp(t.TempDir(), "stdout")
	if err != nil {
		t.Fatal(err)
	}
	defer tmp.Close()
	saved := os.Stdout
	os.Stdout = tmp
	defer func() { os.Stdout = saved }()
	f()
	if _, err := tmp.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(tmp)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

func TestFetchCommand(t *testing.T) {
	a := newFetchAPI(t)
	ids := a.IDs()
	dir := filepath.Join(t.TempDir(), "fetched")
	args := append([]string{"fetch", "-api", a.URL, "-o", dir, "-pause", "0"}, gameArgs(a)...)
	var err error
	out := captureStdout(t, func() { err = run(args) })
	if err != nil {
		t.Fatalf("fetch: exit %d, %v\n%s", exitCode(err), err, out)
	}
	for _, id := range ids {
		path := fetch.Path(dir, id)
		r, err := replay.Read(path)
		if err != nil {
			t.Fatal(err)
		}
		want := fmt.Sprintf("%d: downloaded (%d frames) -> %s\n", id, len(r.GameResult.Frames), path)
		if !strings.Contains(out, want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
		got, _ := os.ReadFile(path)
		if !bytes.Equal(got, a.Served(id)) {
			t.Errorf("%s is not the body served", path)
		}
	}
	want := fmt.Sprintf("%d downloaded, 0 cached, 0 failed, into %s\n", len(ids), dir)
	if !strings.HasSuffix(out, want) {
		t.Errorf("the last line is not %q:\n%s", want, out)
	}
	if n := a.Total(); n != len(ids)+1 {
		t.Errorf("%d requests, want %d (one a game and a retried 429)", n, len(ids)+1)
	}

	// Again: every game is cached, and nothing is asked.
	var stdout, stderr bytes.Buffer
	err = runFetch(args[1:], &stdout, &stderr)
	if err != nil || a.Total() != len(ids)+1 {
		t.Errorf("fetch again: exit %d, %v, %d new requests", exitCode(err), err, a.Total()-len(ids)-1)
	}
	if want := fmt.Sprintf("0 downloaded, %d cached, 0 failed", len(ids)); !strings.Contains(stdout.String(), want) || strings.Count(stdout.String(), ": cached -> ") != len(ids) {
		t.Errorf("fetch again: want %q and a cached line a game:\n%s", want, stdout.String())
	}

	// An unknown game fails, naming itself and the answer; the others
	// download; exit status 1.
	dir2 := t.TempDir()
	stdout.Reset()
	stderr.Reset()
	err = runFetch([]string{"-api", a.URL, "-o", dir2, "-pause", "0", "123", gameArgs(a)[2]}, &stdout, &stderr)
	if exitCode(err) != 1 || err.Error() != "" {
		t.Errorf("fetch of an unknown game: exit %d, %v; want 1, the failure told on stderr alone", exitCode(err), err)
	}
	if !strings.Contains(stderr.String(), "game 123: the API's answer is not a replay") || !strings.Contains(stderr.String(), ": null") {
		t.Errorf("stderr does not explain game 123: %q", stderr.String())
	}
	if !strings.Contains(stdout.String(), "1 downloaded, 0 cached, 1 failed") {
		t.Errorf("stdout: %q", stdout.String())
	}
	if _, err := os.Stat(fetch.Path(dir2, 123)); err == nil {
		t.Error("a file for the unknown game")
	}
}

func TestFetchCommandAgent(t *testing.T) {
	a := newFetchAPI(t)
	ids := a.IDs()
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	err := runFetch([]string{"-api", a.URL, "-o", dir, "-pause", "0", "-agent", strconv.Itoa(fetchAgent), "-last", "2"}, &stdout, &stderr)
	if err != nil {
		t.Fatalf("fetch -agent: exit %d, %v\n%s", exitCode(err), err, stderr.String())
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	// The newest two listed (the highest ids), the game under way left out.
	n := len(ids)
	want := []string{fmt.Sprint(ids[n-2], ".json"), fmt.Sprint(ids[n-1], ".json")}
	if fmt.Sprint(names) != fmt.Sprint(want) {
		t.Errorf("fetch -agent -last 2 wrote %v, want %v", names, want)
	}
	if !strings.Contains(stdout.String(), "agent 777: 2 newest finished games") {
		t.Errorf("stdout: %q", stdout.String())
	}

	// An agent the API does not know.
	err = runFetch([]string{"-api", a.URL, "-o", dir, "-agent", "1"}, &stdout, &stderr)
	if exitCode(err) != 1 || err == nil || !strings.Contains(err.Error(), "agent 1: the API answered null") {
		t.Errorf("fetch -agent 1: exit %d, %v; want exit 1 naming the agent", exitCode(err), err)
	}
}

// TestFetchedReplaysMatch fetches the live games, CSB and FB, and replays
// each through our referee, as "referee diff" does.
func TestFetchedReplaysMatch(t *testing.T) {
	a := newFetchAPI(t)
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if err := runFetch(append([]string{"-api", a.URL, "-o", dir, "-pause", "0"}, gameArgs(a)...), &stdout, &stderr); err != nil {
		t.Fatalf("fetch: exit %d, %v\n%s", exitCode(err), err, stderr.String())
	}
	for _, id := range a.IDs() {
		path := fetch.Path(dir, id)
		r, err := replay.Read(path)
		if err != nil {
			t.Errorf("%v", err)
			continue
		}
		res, err := diff.Replay(r)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if !res.Match {
			t.Errorf("game %d: mismatch at turn %d frame %d (-official +ours):\n%s", id, res.Turn, res.Frame, res.Diff)
		}
	}
}

func TestFetchUsage(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"no game", nil, "no game id given"},
		{"not a number", []string{"872197069", "abc"}, `"abc" is not a game id`},
		{"zero", []string{"0"}, `"0" is not a game id`},
		{"a replay address", []string{"https://www.codingame.com/replay/872197069"}, "is not a game id"},
		{"an unknown flag", []string{"-x", "1"}, "flag provided but not defined: -x"},
		{"ids and -agent", []string{"-agent", "5", "1"}, "not both"},
		{"-agent 0", []string{"-agent", "0"}, "want an agent id"},
		{"-last 0", []string{"-agent", "5", "-last", "0"}, "-last 0"},
		{"-last alone", []string{"-last", "3", "1"}, "-last goes with -agent"},
		{"-api not http", []string{"-api", "ftp://example.com", "1"}, "want an http or https URL"},
		{"-api without host", []string{"-api", "https://", "1"}, "want an http or https URL"},
		{"-pause negative", []string{"-pause", "-1s", "1"}, "negative"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := run(append([]string{"fetch"}, tc.args...))
			var u usageError
			if exitCode(err) != 2 || !errors.As(err, &u) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("fetch %q: exit %d, %v; want exit 2, a usage error containing %q", tc.args, exitCode(err), err, tc.want)
			}
		})
	}

	var err error
	out := captureStdout(t, func() { err = run([]string{"fetch", "-h"}) })
	if err != nil || !strings.HasPrefix(out, "usage: referee fetch") || !strings.Contains(out, "-agent") {
		t.Errorf("fetch -h: exit %d, %v, printed %q; want exit 0 and the synopsis", exitCode(err), err, out)
	}
	out = captureStdout(t, func() { run([]string{"-h"}) })
	if !strings.Contains(out, "referee fetch GAMEID...") {
		t.Errorf("referee -h does not list fetch:\n%s", out)
	}
}
