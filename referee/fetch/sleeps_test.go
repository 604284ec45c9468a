package fetch

import (
	"bytes"
	"context"
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
	"time"
)

// liveDir holds six real CSB games as CodinGame's API served them (bare
// gameResult objects), each naming its gameId.
var liveDir = filepath.Join("..", "..", "replays", "csb-live")

// liveGames reads the replays of liveDir: file bytes by game id, and the
// ids in ascending order.
func liveGames(t testing.TB) (map[int64][]byte, []int64) {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(liveDir, "*.json"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no replays in %s: %v", liveDir, err)
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

// fakeAPI stands in for CodinGame's API on a loopback httptest server.
// findByGameId serves games[id] in the shape shape[id] ("bare", "wrapped":
// {"gameResult": ...} with other keys as the current API, "success": the
// older API), after first answering script[id]'s statuses one per request;
// an id it does not know gets answers[id], or null. findLastBattlesByAgentId
// serves battles. Every request is counted and checked: POST, JSON
// content type, a User-Agent, a body [id, null] with id a JSON number.
type fakeAPI struct {
	t          *testing.T
	games      map[int64][]byte
	shape      map[int64]string
	script     map[int64][]int
	retryAfter string           // sent with every scripted failure, when not empty
	answers    map[int64]string // bodies for ids not in games
	battles    map[int64][]byte // findLastBattlesByAgentId answers by agent
	hangup     map[int64]int    // close the connection without answering this many times
	mu         sync.Mutex       // guards the fields below
	requests   map[int64]int    // findByGameId requests by game id
	listings   int              // findLastBattlesByAgentId requests
	served     map[int64][]byte // the last 200 body by game id
	agents     map[string]int   // User-Agent headers seen
	srv        *httptest.Server
}

func newFakeAPI(t *testing.T) *fakeAPI {
	games, _ := liveGames(t)
	f := &fakeAPI{
		t:        t,
		games:    games,
		shape:    map[int64]string{},
		script:   map[int64][]int{},
		answers:  map[int64]string{},
		battles:  map[int64][]byte{},
		hangup:   map[int64]int{},
		requests: map[int64]int{},
		served:   map[int64][]byte{},
		agents:   map[string]int{},
	}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// client returns a Client on the stand-in whose waits are recorded, not
// slept; every request gives up after 5 s so that no test hangs.
func (f *fakeAPI) client(s *sleeps) *Client {
	return &Client{
		API:   f.srv.URL,
		HTTP:  &http.Client{Timeout: 5 * time.Second},
		Sleep: s.sleep,
	}
}

func (f *fakeAPI) count(id int64) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.requests[id]
}

func (f *fakeAPI) total() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := f.listings
	for _, c := range f.requests {
		n += c
	}
	return n
}

func (f *fakeAPI) serve(w http.ResponseWriter, r *http.Request) {
	var args []json.RawMessage
	if r.Method != http.MethodPost || r.Header.Get("Content-Type") != "application/json" {
		f.t.Errorf("%s %s with Content-Type %q, want POST application/json", r.Method, r.URL.Path, r.Header.Get("Content-Type"))
	}
	if err := json.NewDecoder(r.Body).Decode(&args); err != nil || len(args) != 2 || string(args[1]) != "null" {
		f.t.Errorf("%s: body is not [id, null]: %v %q", r.URL.Path, err, args)
		http.Error(w, "bad body", http.StatusBadRequest)
		return
	}
	id, err := strconv.ParseInt(string(args[0]), 10, 64)
	if err != nil {
		f.t.Errorf("%s: id %s is not a JSON integer", r.URL.Path, args[0])
		http.Error(w, "bad id", http.StatusBadRequest)
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.agents[r.Header.Get("User-Agent")]++
	switch r.URL.Path {
	case findLastBattles:
		f.listings++
		list, ok := f.battles[id]
		if !ok {
			list = []byte("null")
		}
		w.Header().Set("Content-Type", "application/json")
		w.Write(list)
		return
	case findByGameID:
	default:
		http.NotFound(w, r)
		return
	}
	f.requests[id]++
	if f.hangup[id] > 0 {
		f.hangup[id]--
		conn, _, err := w.(http.Hijacker).Hijack()
		if err != nil {
			f.t.Error(err)
			return
		}
		conn.Close()
		return
	}
	if s := f.script[id]; len(s) > 0 {
		f.script[id] = s[1:]
		if f.retryAfter != "" {
			w.Header().Set("Retry-After", f.retryAfter)
		}
		http.Error(w, fmt.Sprintf(`{"error":"status %d"}`, s[0]), s[0])
		return
	}
	game, ok := f.games[id]
	var body []byte
	switch {
	case !ok:
		body = []byte("null")
		if a, ok := f.answers[id]; ok {
			body = []byte(a)
		}
	case f.shape[id] == "wrapped":
		body = fmt.Appendf(nil, `{"gameResult": %s, "viewer": {"id": 1}, "shareable": true, "puzzleTitle": ["Coders Strike Back"]}`, game)
	case f.shape[id] == "success":
		body = fmt.Appendf(nil, `{"success": %s}`, game)
	default:
		body = game
	}
	f.served[id] = bytes.Clone(body)
	w.Header().Set("Content-Type", "application/json;charset=UTF-8")
	w.Write(body)
}

// sleeps records the waits of a Client instead of sleeping.
type sleeps struct {
	mu sync.Mutex
	d  []time.Duration
}

func (s *sleeps) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.d = append(s.d, d)
	s.mu.Unlock()
	return ctx.Err()
}

func (s *sleeps) waits() []time.Duration {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]time.Duration(nil), s.d...)
}
