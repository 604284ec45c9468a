package fetch

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"impulse/referee/fetch/fetchtest"
	"impulse/referee/replay"
)

// shapes serves the live games in all three of the API's shapes.
func shapes(f *fetchtest.API, ids []int64) {
	for i, id := range ids {
		switch i % 3 {
		case 0:
			f.Shape[id] = fetchtest.Wrapped
		case 1:
			f.Shape[id] = fetchtest.Bare
		case 2:
			f.Shape[id] = fetchtest.Success
		}
	}
}

// checkFiles checks that dir holds exactly the downloaded games' files,
// each the body the stand-in served, byte for byte, and a replay.
func checkFiles(t *testing.T, f *fetchtest.API, dir string, ids []int64) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names, want []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	for _, id := range ids {
		want = append(want, strconv.FormatInt(id, 10)+".json")
	}
	slices.Sort(want)
	if !slices.Equal(names, want) {
		t.Errorf("%s holds %q, want %q (no temporary files)", dir, names, want)
	}
	for _, id := range ids {
		got, err := os.ReadFile(Path(dir, id))
		if err != nil {
			t.Error(err)
			continue
		}
		served := f.Served(id)
		if !bytes.Equal(got, served) {
			t.Errorf("game %d: the file (%d bytes) is not the served body (%d bytes)", id, len(got), len(served))
		}
		r, err := replay.Parse(got)
		if err != nil {
			t.Errorf("game %d: %v", id, err)
		} else if r.GameResult.GameID != id {
			t.Errorf("game %d: the file holds game %d", id, r.GameResult.GameID)
		}
	}
}

// checkRetryWaits checks the waits of a download of n games each
// answered first with a 429 and Retry-After: 1: a wait of 1 s a game,
// and the pause between downloads, so once fewer than the games.
func checkRetryWaits(t *testing.T, waits []time.Duration, pause time.Duration, n int) {
	t.Helper()
	var retries, pauses int
	for _, d := range waits {
		switch d {
		case time.Second:
			retries++
		case pause:
			pauses++
		default:
			t.Errorf("a wait of %v, want Retry-After's 1s or the pause %v", d, pause)
		}
	}
	if retries != n || pauses != n-1 {
		t.Errorf("%d retry waits and %d pauses, want %d and %d", retries, pauses, n, n-1)
	}
}

// checkCachedRun downloads ids again into dir, which holds them: it asks
// for nothing and pauses never.
func checkCachedRun(t *testing.T, f *fetchtest.API, c *Client, s *sleeps, dir string, ids []int64) {
	t.Helper()
	before, waits := f.Total(), len(s.waits())
	res, err := c.Fetch(t.Context(), dir, ids, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		if !r.Cached || r.Err != nil || r.String() != strconv.FormatInt(r.ID, 10)+": cached -> "+Path(dir, r.ID) {
			t.Errorf("second run: %s, want cached", r)
		}
	}
	if n := f.Total() - before; n != 0 {
		t.Errorf("second run: %d requests, want none", n)
	}
	if n := len(s.waits()) - waits; n != 0 {
		t.Errorf("second run: %d waits, want none", n)
	}
	checkFiles(t, f, dir, ids)
}

func TestFetchRetriesThenCaches(t *testing.T) {
	f := fetchtest.New(t)
	ids := f.CSB
	shapes(f, ids)
	f.RetryAfter = "1"
	for _, id := range ids {
		f.Script[id] = []int{http.StatusTooManyRequests}
	}
	var s sleeps
	c := client(f, &s)
	c.Pause = 3 * time.Millisecond
	dir := filepath.Join(t.TempDir(), "fetched") // not there yet
	var reported []Result
	res, err := c.Fetch(t.Context(), dir, ids, func(r Result) { reported = append(reported, r) })
	if err != nil {
		t.Fatal(err)
	}
	if len(res) != len(ids) || len(reported) != len(ids) {
		t.Fatalf("%d results, %d reported, want %d", len(res), len(reported), len(ids))
	}
	for i, r := range res {
		want := strconv.FormatInt(ids[i], 10) + ": downloaded ("
		if r.Err != nil || r.Cached || r.ID != ids[i] || r.Frames == 0 || !strings.HasPrefix(r.String(), want) {
			t.Errorf("result %d: %+v (%s), want game %d downloaded", i, r, r, ids[i])
		}
		if got := f.Requests(ids[i]); got != 2 {
			t.Errorf("game %d: %d requests, want 2 (a 429, then the replay)", ids[i], got)
		}
	}
	checkFiles(t, f, dir, ids)
	checkRetryWaits(t, s.waits(), c.Pause, len(ids))
	for ua := range f.UserAgents() {
		if ua != DefaultUserAgent {
			t.Errorf("User-Agent %q, want %q", ua, DefaultUserAgent)
		}
	}
	checkCachedRun(t, f, c, &s, dir, ids)

	// A file that is not a replay is downloaded again; a game given twice
	// is downloaded once.
	if err := os.WriteFile(Path(dir, ids[0]), []byte(`{"frames": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err = c.Fetch(t.Context(), dir, []int64{ids[0], ids[0]}, nil)
	if err != nil || len(res) != 2 || res[0].Cached || res[0].Err != nil || !res[1].Cached {
		t.Errorf("a broken file, then the same game: %v, %v; want downloaded, then cached", res, err)
	}
	if got := f.Requests(ids[0]); got != 3 {
		t.Errorf("game %d: %d requests after replacing a broken file, want 3", ids[0], got)
	}
	checkFiles(t, f, dir, ids)
}

func TestFetchBackoff(t *testing.T) {
	_, ids := fetchtest.LiveCSB(t)
	id := ids[0]
	const base, maxDelay = 100 * time.Millisecond, 300 * time.Millisecond
	inFuture := time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)
	tests := []backoffCase{
		{name: "403 then 503 then the replay", script: []int{403, 503}, requests: 3,
			waits: [][2]time.Duration{{base / 2, base}, {base, 2 * base}}},
		{name: "502, 500, 504, then the replay", script: []int{502, 500, 504}, requests: 4,
			waits: [][2]time.Duration{{base / 2, base}, {base, 2 * base}, {maxDelay / 2, maxDelay}}},
		{name: "no answer, then the replay", hangup: 2, requests: 3,
			waits: [][2]time.Duration{{base / 2, base}, {base, 2 * base}}},
		{name: "Retry-After: 0", script: []int{429, 429}, retryAfter: "0", requests: 3,
			waits: [][2]time.Duration{{0, 0}, {0, 0}}},
		// The wait a server asks for is capped at MaxDelay.
		{name: "Retry-After in seconds over the cap", script: []int{429}, retryAfter: "3600", requests: 2,
			waits: [][2]time.Duration{{maxDelay, maxDelay}}},
		{name: "Retry-After as a date over the cap", script: []int{503}, retryAfter: inFuture, requests: 2,
			waits: [][2]time.Duration{{maxDelay, maxDelay}}},
		{name: "Retry-After unreadable: back-off", script: []int{429}, retryAfter: "soon", requests: 2,
			waits: [][2]time.Duration{{base / 2, base}}},
		{name: "429 until the bound", script: []int{429, 429, 429, 429}, retryAfter: "0", requests: 4,
			waits: [][2]time.Duration{{0, 0}, {0, 0}, {0, 0}},
			err:   []string{"game " + strconv.FormatInt(id, 10) + ": HTTP 429 Too Many Requests after 4 attempts", `{"error":"status 429"}`}},
		{name: "503 until the bound", script: []int{503, 503, 503, 503, 503}, requests: 4,
			waits: [][2]time.Duration{{base / 2, base}, {base, 2 * base}, {maxDelay / 2, maxDelay}},
			err:   []string{"game " + strconv.FormatInt(id, 10) + ": HTTP 503 Service Unavailable after 4 attempts"}},
		{name: "no answer until the bound", hangup: 4, requests: 4,
			waits: [][2]time.Duration{{base / 2, base}, {base, 2 * base}, {maxDelay / 2, maxDelay}},
			err:   []string{"game " + strconv.FormatInt(id, 10) + ": no answer (", "after 4 attempts"}},
		{name: "404 at once", script: []int{404}, requests: 1,
			err: []string{"game " + strconv.FormatInt(id, 10) + ": HTTP 404 Not Found: "}},
		{name: "400 at once", script: []int{400}, retryAfter: "0", requests: 1,
			err: []string{"game " + strconv.FormatInt(id, 10) + ": HTTP 400 Bad Request"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) { checkBackoff(t, id, tc, base, maxDelay) })
	}
}

// backoffCase is a download of one game through failures: the
// stand-in's script, hang-ups and Retry-After, and what the client must
// do.
type backoffCase struct {
	name       string
	script     []int
	hangup     int
	retryAfter string
	requests   int
	waits      [][2]time.Duration // each wait's range, both ends included
	err        []string           // substrings of the error; none: success
}

// checkBackoff downloads game id as tc scripts it, with 4 attempts and
// the delays base and maxDelay, and checks the requests, the waits and
// the outcome.
func checkBackoff(t *testing.T, id int64, tc backoffCase, base, maxDelay time.Duration) {
	f := fetchtest.New(t)
	f.Script[id] = tc.script
	f.Hangup[id] = tc.hangup
	f.RetryAfter = tc.retryAfter
	var s sleeps
	c := client(f, &s)
	c.Attempts, c.BaseDelay, c.MaxDelay = 4, base, maxDelay
	var logged []string
	c.Logf = func(format string, args ...any) { logged = append(logged, format) }
	dir := t.TempDir()
	res, err := c.Fetch(t.Context(), dir, []int64{id}, nil)
	if err != nil || len(res) != 1 {
		t.Fatalf("Fetch: %v, %v", res, err)
	}
	if got := f.Requests(id); got != tc.requests {
		t.Errorf("%d requests, want %d", got, tc.requests)
	}
	waits := s.waits()
	if len(waits) != len(tc.waits) || len(logged) != len(tc.waits) {
		t.Errorf("waits %v (%d logged), want %d in %v", waits, len(logged), len(tc.waits), tc.waits)
	} else {
		for i, w := range tc.waits {
			if waits[i] < w[0] || waits[i] > w[1] {
				t.Errorf("wait %d: %v, want %v to %v", i+1, waits[i], w[0], w[1])
			}
		}
	}
	r := res[0]
	if len(tc.err) == 0 {
		if r.Err != nil || r.Frames == 0 {
			t.Errorf("%s; want the replay", r)
		}
		checkFiles(t, f, dir, []int64{id})
		return
	}
	if r.Err == nil {
		t.Fatalf("%s; want an error", r)
	}
	for _, want := range tc.err {
		if !strings.Contains(r.Err.Error(), want) {
			t.Errorf("error %q does not say %q", r.Err, want)
		}
	}
	checkFiles(t, f, dir, nil)
}

func TestFetchNotAReplay(t *testing.T) {
	f := fetchtest.New(t)
	ids := f.CSB
	shapes(f, ids)
	const (
		unknown  = 999000001 // answered null, as the API does
		errored  = 999000002
		html     = 999000003
		wrongID  = 999000004
		noFrames = 999000005
		empty    = 999000006
	)
	f.Answers[errored] = `{"error": {"type": "NOT_FOUND", "message": "game not found"}}`
	f.Answers[html] = "<!DOCTYPE html>\n<html><head><title>Just a moment...</title>" + strings.Repeat("x", 300)
	f.Answers[wrongID] = string(f.Games[ids[1]])
	f.Answers[noFrames] = `{"success": {"gameId": 999000005, "frames": []}}`
	f.Answers[empty] = ""
	want := map[int64][]string{
		unknown:  {"game 999000001: the API's answer is not a replay", ": null"},
		errored:  {"game 999000002: ", `{"error": {"type": "NOT_FOUND", "message": "game not found"}}`},
		html:     {"game 999000003: ", "line 1, column 1:", "<!DOCTYPE html> <html><head><title>Just a moment...</title>xxx", "x..."},
		wrongID:  {"game 999000004: the API served game " + strconv.FormatInt(ids[1], 10) + " instead"},
		noFrames: {"game 999000005: ", "no frames"},
		empty:    {"game 999000006: ", "an empty answer"},
	}
	all := []int64{ids[0], unknown, ids[1], errored, ids[2], html, wrongID, noFrames, ids[3], empty}
	var s sleeps
	dir := t.TempDir()
	res, err := client(f, &s).Fetch(t.Context(), dir, all, nil)
	if err != nil || len(res) != len(all) {
		t.Fatalf("Fetch: %d results, %v; want %d", len(res), err, len(all))
	}
	for _, r := range res {
		t.Run(strconv.FormatInt(r.ID, 10), func(t *testing.T) {
			msgs, bad := want[r.ID]
			if !bad {
				if r.Err != nil || r.Frames == 0 {
					t.Errorf("%s; want the replay", r)
				}
				return
			}
			if r.Err == nil {
				t.Fatalf("%s; want an error", r)
			}
			if r.String() != r.Err.Error() || r.Frames != 0 {
				t.Errorf("a failed game prints %q (frames %d), want its error", r, r.Frames)
			}
			for _, m := range msgs {
				if !strings.Contains(r.Err.Error(), m) {
					t.Errorf("error %q does not say %q", r.Err, m)
				}
			}
			if len(r.Err.Error()) > 400 {
				t.Errorf("error of %d bytes; the answer should be cut at 200", len(r.Err.Error()))
			}
			if got := f.Requests(r.ID); got != 1 {
				t.Errorf("%d requests, want 1", got)
			}
		})
	}
	checkFiles(t, f, dir, ids[:4])
}

func TestLastGames(t *testing.T) {
	const agent = 4242
	// As the API lists them: newest first, the games under way not done.
	battles := `[
	 {"gameId": 900, "done": false, "players": [{"agentId": 4242, "position": 0}]},
	 {"gameId": 899, "done": true, "refereeInput": "seed=1", "players": []},
	 {"gameId": 898, "done": false},
	 {"gameId": 897, "done": true, "date": 1700000000000},
	 {"gameId": 896, "done": true},
	 {"gameId": 895, "done": true}
	]`
	tests := []struct {
		name string
		list string
		n    int
		want []int64
		err  string
	}{
		{"the 2 newest done", battles, 2, []int64{899, 897}, ""},
		{"the newest done", battles, 1, []int64{899}, ""},
		{"more than there are", battles, 10, []int64{899, 897, 896, 895}, ""},
		{"all", battles, 0, []int64{899, 897, 896, 895}, ""},
		{"none done", `[{"gameId": 1, "done": false}]`, 10, nil, ""},
		{"no battles", `[]`, 10, nil, ""},
		{"null", `null`, 10, nil, "agent 4242: the API answered null"},
		{"an error", `{"error": "unknown agent"}`, 10, nil, `agent 4242: the API's answer is not a list of battles (json: cannot unmarshal object`},
		{"a done battle without gameId", `[{"done": true}]`, 10, nil, "agent 4242: battle 0 of the API's answer: done, but no gameId"},
		{"a string gameId", `[{"gameId": "1", "done": true}]`, 10, nil, "not a list of battles"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := fetchtest.New(t)
			f.Battles[agent] = []byte(tc.list)
			var s sleeps
			got, err := client(f, &s).LastGames(t.Context(), agent, tc.n)
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Errorf("LastGames: %v, %v; want an error containing %q", got, err, tc.err)
				}
				return
			}
			if err != nil || !slices.Equal(got, tc.want) {
				t.Errorf("LastGames(%d) = %v, %v; want %v", tc.n, got, err, tc.want)
			}
			if n := f.Total(); n != 1 {
				t.Errorf("%d requests, want 1", n)
			}
		})
	}
}

func TestFetchInterrupted(t *testing.T) {
	f := fetchtest.New(t)
	ids := f.CSB
	f.Script[ids[1]] = []int{429, 429, 429}
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	c := client(f, nil)
	// Ctrl-C during the back-off of the second game.
	c.Sleep = func(ctx context.Context, d time.Duration) error {
		cancel()
		return ctx.Err()
	}
	dir := t.TempDir()
	res, err := c.Fetch(ctx, dir, ids, nil)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Fetch: %v, want context.Canceled", err)
	}
	if len(res) != 1 || res[0].ID != ids[0] || res[0].Err != nil {
		t.Errorf("results %v, want the first game alone", res)
	}
	if got := f.Requests(ids[2]); got != 0 {
		t.Errorf("%d requests for the game after the interruption, want none", got)
	}
	checkFiles(t, f, dir, ids[:1])

	// Done before it starts: no request at all.
	before := f.Total()
	if res, err := c.Fetch(ctx, t.TempDir(), ids, nil); !errors.Is(err, context.Canceled) || len(res) != 0 || f.Total() != before {
		t.Errorf("Fetch with a done context: %v, %v, %d requests", res, err, f.Total()-before)
	}

	// The default sleep stops when the context is done.
	var zero Client
	start := time.Now()
	if err := zero.sleep(ctx, time.Hour); !errors.Is(err, context.Canceled) || time.Since(start) > time.Second {
		t.Errorf("sleep with a done context: %v after %v", err, time.Since(start))
	}
}

func TestFetchUserAgentAndDir(t *testing.T) {
	f := fetchtest.New(t)
	ids := f.CSB
	var s sleeps
	c := client(f, &s)
	c.UserAgent = "test-agent/2"
	c.API = f.URL + "/" // a trailing slash is not doubled
	if _, _, err := c.Game(t.Context(), ids[0]); err != nil {
		t.Fatal(err)
	}
	if agents := f.UserAgents(); agents["test-agent/2"] != 1 {
		t.Errorf("User-Agents %v, want test-agent/2", agents)
	}
	// A folder that cannot be made is the run's error, not a game's.
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	if res, err := c.Fetch(t.Context(), filepath.Join(file, "sub"), ids, nil); err == nil || res != nil {
		t.Errorf("Fetch into a folder under a file: %v, %v; want an error", res, err)
	}
}
