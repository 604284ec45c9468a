package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"impulse/referee/diff"
	"impulse/referee/fetch"
	"impulse/referee/replay"
)

// fetchAPI stands in for CodinGame's API on loopback with the six live CSB
// games of replays/csb-live (bare gameResult objects, as the API served
// them) and a game of the multiplayer FB referee in the same shape
// (fbLiveAPIGame): findByGameId answers every other game in the current API's
// {"gameResult": ...} form, the first request for the first game with a 429,
// and an unknown game with null; findLastBattlesByAgentId lists the games,
// newest first, with one still being played.
type fetchAPI struct {
	ids      []int64 // ascending
	games    map[int64][]byte
	mu       sync.Mutex
	requests map[int64]int
	served   map[int64][]byte
	srv      *httptest.Server
}

const fetchAgent = 777

func newFetchAPI(t *testing.T) *fetchAPI {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join("..", "..", "replays", "csb-live", "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no live replays: %v", err)
	}
	a := &fetchAPI{games: map[int64][]byte{}, requests: map[int64]int{}, served: map[int64][]byte{}}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var head struct {
			GameID int64 `json:"gameId"`
		}
		if err := json.Unmarshal(data, &head); err != nil || head.GameID == 0 {
			t.Fatalf("%s: no gameId (%v)", p, err)
		}
		a.games[head.GameID] = data
		a.ids = append(a.ids, head.GameID)
	}
	fb := fbLiveAPIGame(t, filepath.Join("..", "..", "replays", "fb-live", "fb-live-016.json"), 900000016)
	a.games[900000016] = fb
	a.ids = append(a.ids, 900000016)
	sort.Slice(a.ids, func(i, j int) bool { return a.ids[i] < a.ids[j] })
	a.srv = httptest.NewServer(http.HandlerFunc(a.serve))
	t.Cleanup(a.srv.Close)
	return a
}

// fbLiveAPIGame returns the game of the replay at path as CodinGame's API
// serves a game: its gameResult alone, with the game's id, without the
// engine key (a game of the live server) and without the playerInput
// field, which only our replays add.
func fbLiveAPIGame(t *testing.T, path string, id int64) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var top struct {
		GameResult map[string]json.RawMessage `json:"gameResult"`
	}
	if err := json.Unmarshal(data, &top); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	var frames []map[string]json.RawMessage
	if err := json.Unmarshal(top.GameResult["frames"], &frames); err != nil {
		t.Fatalf("%s: frames: %v", path, err)
	}
	for _, f := range frames {
		delete(f, "playerInput")
	}
	game := top.GameResult
	game["frames"], _ = json.Marshal(frames)
	game["gameId"], _ = json.Marshal(id)
	body, err := json.Marshal(game)
	if err != nil {
		t.Fatal(err)
	}
	return body
}

func (a *fetchAPI) serve(w http.ResponseWriter, r *http.Request) {
	var args [2]json.RawMessage
	if err := json.NewDecoder(r.Body).Decode(&args); err != nil || string(args[1]) != "null" {
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	id, err := strconv.ParseInt(string(args[0]), 10, 64)
	if err != nil {
		http.Error(w, "bad id", http.StatusBadRequest)
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.requests[id]++
	switch r.URL.Path {
	case "/services/gamesPlayersRanking/findLastBattlesByAgentId":
		if id != fetchAgent {
			w.Write([]byte("null"))
			return
		}
		list := []map[string]any{{"gameId": 999, "done": false}}
		for i := len(a.ids) - 1; i >= 0; i-- {
			list = append(list, map[string]any{"gameId": a.ids[i], "done": true, "players": []any{}})
		}
		json.NewEncoder(w).Encode(list)
	case "/services/gameResult/findByGameId":
		game, ok := a.games[id]
		switch {
		case !ok:
			w.Write([]byte("null"))
		case id == a.ids[0] && a.requests[id] == 1:
			w.Header().Set("Retry-After", "0")
			http.Error(w, "slow down", http.StatusTooManyRequests)
		default:
			body := game
			if sort.Search(len(a.ids), func(i int) bool { return a.ids[i] >= id })%2 == 1 {
				body = fmt.Appendf(nil, `{"gameResult": %s, "viewer": null}`, game)
			}
			a.served[id] = body
			w.Write(body)
		}
	default:
		http.NotFound(w, r)
	}
}

func (a *fetchAPI) count() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	n := 0
	for _, c := range a.requests {
		n += c
	}
	return n
}

func (a *fetchAPI) args() []string {
	var s []string
	for _, id := range a.ids {
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
	dir := filepath.Join(t.TempDir(), "fetched")
	args := append([]string{"fetch", "-api", a.srv.URL, "-o", dir, "-pause", "0"}, a.args()...)
	var code int
	var err error
	out := captureStdout(t, func() { code, err = run(args) })
	if code != 0 || err != nil {
		t.Fatalf("fetch: exit %d, %v\n%s", code, err, out)
	}
	for _, id := range a.ids {
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
		if !bytes.Equal(got, a.served[id]) {
			t.Errorf("%s is not the body served", path)
		}
	}
	want := fmt.Sprintf("%d downloaded, 0 cached, 0 failed, into %s\n", len(a.ids), dir)
	if !strings.HasSuffix(out, want) {
		t.Errorf("the last line is not %q:\n%s", want, out)
	}
	if n := a.count(); n != len(a.ids)+1 {
		t.Errorf("%d requests, want %d (one a game and a retried 429)", n, len(a.ids)+1)
	}

	// Again: every game is cached, and nothing is asked.
	var stdout, stderr bytes.Buffer
	code, err = runFetch(args[1:], &stdout, &stderr)
	if code != 0 || err != nil || a.count() != len(a.ids)+1 {
		t.Errorf("fetch again: exit %d, %v, %d new requests", code, err, a.count()-len(a.ids)-1)
	}
	if want := fmt.Sprintf("0 downloaded, %d cached, 0 failed", len(a.ids)); !strings.Contains(stdout.String(), want) || strings.Count(stdout.String(), ": cached -> ") != len(a.ids) {
		t.Errorf("fetch again: want %q and a cached line a game:\n%s", want, stdout.String())
	}

	// An unknown game fails, naming itself and the answer; the others
	// download; exit status 1.
	dir2 := t.TempDir()
	stdout.Reset()
	stderr.Reset()
	code, err = runFetch([]string{"-api", a.srv.URL, "-o", dir2, "-pause", "0", "123", a.args()[2]}, &stdout, &stderr)
	if code != 1 || err != nil {
		t.Errorf("fetch of an unknown game: exit %d, %v; want 1", code, err)
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
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	code, err := runFetch([]string{"-api", a.srv.URL, "-o", dir, "-pause", "0", "-agent", strconv.Itoa(fetchAgent), "-last", "2"}, &stdout, &stderr)
	if code != 0 || err != nil {
		t.Fatalf("fetch -agent: exit %d, %v\n%s", code, err, stderr.String())
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	// The newest two listed (the highest ids), the game under way left out.
	n := len(a.ids)
	want := []string{fmt.Sprint(a.ids[n-2], ".json"), fmt.Sprint(a.ids[n-1], ".json")}
	if fmt.Sprint(names) != fmt.Sprint(want) {
		t.Errorf("fetch -agent -last 2 wrote %v, want %v", names, want)
	}
	if !strings.Contains(stdout.String(), "agent 777: 2 newest finished games") {
		t.Errorf("stdout: %q", stdout.String())
	}

	// An agent the API does not know.
	code, err = runFetch([]string{"-api", a.srv.URL, "-o", dir, "-agent", "1"}, &stdout, &stderr)
	if code != 1 || err == nil || !strings.Contains(err.Error(), "agent 1: the API answered null") {
		t.Errorf("fetch -agent 1: exit %d, %v; want exit 1 naming the agent", code, err)
	}
}

// TestFetchedReplaysMatch fetches the live games, CSB and FB, and replays
// each through our referee, as "referee diff" does.
func TestFetchedReplaysMatch(t *testing.T) {
	a := newFetchAPI(t)
	dir := t.TempDir()
	var stdout, stderr bytes.Buffer
	if code, err := runFetch(append([]string{"-api", a.srv.URL, "-o", dir, "-pause", "0"}, a.args()...), &stdout, &stderr); code != 0 || err != nil {
		t.Fatalf("fetch: exit %d, %v\n%s", code, err, stderr.String())
	}
	for _, id := range a.ids {
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
			code, err := run(append([]string{"fetch"}, tc.args...))
			var u usageError
			if code != 2 || !errors.As(err, &u) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("fetch %q: exit %d, %v; want exit 2, a usage error containing %q", tc.args, code, err, tc.want)
			}
		})
	}

	var code int
	var err error
	out := captureStdout(t, func() { code, err = run([]string{"fetch", "-h"}) })
	if code != 0 || err != nil || !strings.HasPrefix(out, "usage: referee fetch") || !strings.Contains(out, "-agent") {
		t.Errorf("fetch -h: exit %d, %v, printed %q; want exit 0 and the synopsis", code, err, out)
	}
	out = captureStdout(t, func() { run([]string{"-h"}) })
	if !strings.Contains(out, "referee fetch GAMEID...") {
		t.Errorf("referee -h does not list fetch:\n%s", out)
	}
}
