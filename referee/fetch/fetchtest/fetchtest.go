// Package fetchtest stands in for CodinGame's API in tests: an httptest
// server on loopback that serves real games as the API serves them, the
// six live CSB games of replays/csb-live and a game of the multiplayer FB
// referee (replays/fb-live), with the failures a test scripts (HTTP
// statuses with a Retry-After, connections closed without an answer).
// Both referee/fetch and the "referee fetch" command test against it.
package fetchtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"testing"
)

// The API's two services, as paths under its base URL.
const (
	FindByGameID    = "/services/gameResult/findByGameId"
	FindLastBattles = "/services/gamesPlayersRanking/findLastBattlesByAgentId"
)

// FBGame is the id the FB game is served under: its replay's game, as
// CodinGame's live server would number it.
const FBGame int64 = 900000016

// Shape is the form findByGameId serves a game in.
type Shape string

const (
	Bare    Shape = ""        // the gameResult object alone, as the API served the games of replays/csb-live
	Wrapped Shape = "wrapped" // {"gameResult": ...} with other keys, as the API serves games today
	Success Shape = "success" // {"success": ...}, as an older API did
)

// API is the stand-in. findByGameId serves Games[id] in the shape
// Shape[id], after first answering Script[id]'s statuses, one per
// request (with the header Retry-After: RetryAfter when not empty), and
// closing the connection without an answer Hangup[id] times; an id not
// in Games gets Answers[id], or null. findLastBattlesByAgentId serves
// Battles[agent], or null. Every request is counted and checked: POST,
// a JSON content type, a body [id, null] with id a JSON number.
//
// A test sets the fields before it makes its requests.
type API struct {
	URL        string
	CSB        []int64          // the live CSB games' ids, ascending
	Games      map[int64][]byte // by id: the CSB games and FBGame
	Shape      map[int64]Shape
	Script     map[int64][]int
	RetryAfter string
	Hangup     map[int64]int
	Answers    map[int64]string
	Battles    map[int64][]byte

	t        testing.TB
	mu       sync.Mutex       // guards the fields below, and Script and Hangup once served
	requests map[int64]int    // findByGameId requests by game id
	listings int              // findLastBattlesByAgentId requests
	served   map[int64][]byte // the last body of a 200 by game id
	agents   map[string]int   // User-Agent headers seen
}

// New starts the stand-in for the test t, which closes it at its end.
func New(t testing.TB) *API {
	t.Helper()
	games, ids := LiveCSB(t)
	games[FBGame] = fbAPIGame(t, filepath.Join(root(t), "replays", "fb-live", "fb-live-016.json"), FBGame)
	a := &API{
		CSB:      ids,
		Games:    games,
		Shape:    map[int64]Shape{},
		Script:   map[int64][]int{},
		Hangup:   map[int64]int{},
		Answers:  map[int64]string{},
		Battles:  map[int64][]byte{},
		t:        t,
		requests: map[int64]int{},
		served:   map[int64][]byte{},
		agents:   map[string]int{},
	}
	srv := httptest.NewServer(http.HandlerFunc(a.serve))
	t.Cleanup(srv.Close)
	a.URL = srv.URL
	return a
}

// IDs returns the ids of the games served, ascending.
func (a *API) IDs() []int64 {
	ids := make([]int64, 0, len(a.Games))
	for id := range a.Games {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return ids
}

// ListBattles makes findLastBattlesByAgentId list agent's battles as the
// API does, newest first: a game still being played (not done), then
// every game served, from the highest id down.
func (a *API) ListBattles(agent int64) {
	list := []map[string]any{{"gameId": 999, "done": false}}
	ids := a.IDs()
	for i := len(ids) - 1; i >= 0; i-- {
		list = append(list, map[string]any{"gameId": ids[i], "done": true, "players": []any{}})
	}
	a.Battles[agent], _ = json.Marshal(list)
}

// Requests returns the findByGameId requests for the game id so far.
func (a *API) Requests(id int64) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.requests[id]
}

// Total returns the requests so far, to both services.
func (a *API) Total() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	n := a.listings
	for _, c := range a.requests {
		n += c
	}
	return n
}

// Served returns the body of the last successful answer for game id.
func (a *API) Served(id int64) []byte {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.served[id]
}

// UserAgents returns how many requests came with each User-Agent.
func (a *API) UserAgents() map[string]int {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make(map[string]int, len(a.agents))
	for k, v := range a.agents {
		out[k] = v
	}
	return out
}

// serve answers a request to either service.
func (a *API) serve(w http.ResponseWriter, r *http.Request) {
	id, ok := a.readID(w, r)
	if !ok {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	a.agents[r.Header.Get("User-Agent")]++
	switch r.URL.Path {
	case FindLastBattles:
		a.listings++
		list, ok := a.Battles[id]
		if !ok {
			list = []byte("null")
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(list)
	case FindByGameID:
		a.requests[id]++
		a.serveGame(w, id)
	default:
		http.NotFound(w, r)
	}
}

// readID checks the request and reads the id of its body, [id, null];
// on a bad request it answers 400 and ok is false.
func (a *API) readID(w http.ResponseWriter, r *http.Request) (id int64, ok bool) {
	var args []json.RawMessage
	if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/json" {
		a.t.Errorf("%s %s with Content-Type %q, want POST application/json", r.Method, r.URL.Path, r.Header.Get("Content-Type"))
	}
	if err := json.NewDecoder(r.Body).Decode(&args); err != nil || len(args) != 2 || string(args[1]) != "null" {
		a.t.Errorf("%s: body is not [id, null]: %v %q", r.URL.Path, err, args)
		http.Error(w, "bad body", http.StatusBadRequest)
		return 0, false
	}
	id, err := strconv.ParseInt(string(args[0]), 10, 64)
	if err != nil {
		a.t.Errorf("%s: id %s is not a JSON integer", r.URL.Path, args[0])
		http.Error(w, "bad id", http.StatusBadRequest)
		return 0, false
	}
	return id, true
}

// serveGame answers findByGameId for game id: a hang-up or a scripted
// failure while any is left, else the game in its shape, or the answer
// for an id not served. a.mu is held.
func (a *API) serveGame(w http.ResponseWriter, id int64) {
	if a.Hangup[id] > 0 {
		a.Hangup[id]--
		conn, _, err := w.(http.Hijacker).Hijack()
		if err != nil {
			a.t.Error(err)
			return
		}
		conn.Close()
		return
	}
	if s := a.Script[id]; len(s) > 0 {
		a.Script[id] = s[1:]
		if a.RetryAfter != "" {
			w.Header().Set("Retry-After", a.RetryAfter)
		}
		http.Error(w, fmt.Sprintf(`{"error":"status %d"}`, s[0]), s[0])
		return
	}
	game, ok := a.Games[id]
	var body []byte
	switch {
	case !ok:
		body = []byte("null")
		if answer, ok := a.Answers[id]; ok {
			body = []byte(answer)
		}
	case a.Shape[id] == Wrapped:
		body = fmt.Appendf(nil, `{"gameResult": %s, "viewer": {"id": 1}, "shareable": true, "puzzleTitle": ["Coders Strike Back"]}`, game)
	case a.Shape[id] == Success:
		body = fmt.Appendf(nil, `{"success": %s}`, game)
	default:
		body = game
	}
	a.served[id] = bytes.Clone(body)
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	w.Write(body)
}

// LiveCSB reads the games of replays/csb-live, six real CSB games as
// CodinGame's API served them (bare gameResult objects, each naming its
// gameId): the files' bytes by game id, and the ids ascending.
func LiveCSB(t testing.TB) (map[int64][]byte, []int64) {
	t.Helper()
	dir := filepath.Join(root(t), "replays", "csb-live")
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no replays in %s: %v", dir, err)
	}
	games := make(map[int64][]byte)
	var ids []int64
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
		games[head.GameID] = data
		ids = append(ids, head.GameID)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
	return games, ids
}

// fbAPIGame returns the game of our replay at path as CodinGame's API
// serves a game: its gameResult alone, with the game's id, without the
// engine key (a game of the live server) and without the playerInput
// field, which only our replays add.
func fbAPIGame(t testing.TB, path string, id int64) []byte {
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

// root returns the module's root: the nearest folder up from the
// working folder (a package's, in a test) that holds go.mod.
func root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the working folder")
		}
		dir = up
	}
}
