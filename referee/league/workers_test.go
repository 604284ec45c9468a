package league

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"impulse/referee/internal/testbot"
	"impulse/referee/match"
	"impulse/referee/queue"
)

// workersQueue starts a queue server on loopback with a short ack wait
// and a worker (two games at a time) in this process, both stopped at
// the test's end; the worker counts the games it starts by run and
// index.
func workersQueue(t *testing.T) (*queue.Server, *startCounts) {
	t.Helper()
	srv, err := queue.Start(queue.ServerConfig{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Limits: queue.Limits{AckWait: time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	c, err := queue.Dial(srv.URL(), "")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	counts := &startCounts{n: map[string]int{}}
	go func() {
		defer close(done)
		c.Work(ctx, queue.WorkerConfig{Name: "w", Parallel: 2, Builtin: testbot.Argv(), CacheDir: t.TempDir(), Started: counts.add})
	}()
	t.Cleanup(func() {
		cancel()
		<-done
		c.Close()
		srv.Shutdown()
	})
	return srv, counts
}

// startCounts counts the games a worker starts, by "RUN/INDEX".
type startCounts struct {
	mu sync.Mutex
	n  map[string]int
}

func (s *startCounts) add(run string, index int, seed int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n[fmt.Sprintf("%s/%d", run, index)]++
}

func (s *startCounts) total() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, v := range s.n {
		n += v
	}
	return n
}

// The test binary doubles as the bots of the workers' games (testbot's
// kinds) and as their command for built-in bots.
func TestMain(m *testing.M) {
	testbot.Main()
	os.Exit(m.Run())
}

// playPair plays the games of pair p with w's runner and returns them by
// index; the error is the runner's.
func playPair(t *testing.T, w *Workers, p Plan, o match.Options, games ...int) (map[int]match.Game, string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	r, err := w.Runner(ctx, p, &o)
	if err != nil {
		return nil, "", err
	}
	var specs []match.Spec
	for _, i := range games {
		specs = append(specs, match.Spec{Index: i, Seed: p.Seed})
	}
	done := make(chan match.Game)
	errc := make(chan error, 1)
	go func() { errc <- r.Play(ctx, &o, specs, done); close(done) }()
	got := map[int]match.Game{}
	for g := range done {
		got[g.Index] = g
	}
	return got, fmt.Sprint(r), <-errc
}

// TestWorkersRunner plays a pair on a queue's worker, then the pair again
// as a league run restarted would, asking for its second game alone: the
// same run (its id the league's and the pair's), the game collected from
// the queue's results and not played again, and the bot file shipped
// once (it is gone by then). Another pair is a run of its own; a bot the
// worker cannot start fails the pair with an error naming the server.
func TestWorkersRunner(t *testing.T) {
	srv, started := workersQueue(t)
	c, err := queue.Dial(srv.URL(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	var warned []string
	w := &Workers{Shipper: &queue.Shipper{Client: c, Builtin: testbot.Argv(),
		Warn: func(bot, w string) { warned = append(warned, bot+": "+w) }}, Server: srv.URL(), League: "league-test"}
	script := filepath.Join(t.TempDir(), "racer.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\nexec '"+os.Args[0]+"' "+testbot.Word+" racer\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	o := match.Options{Game: "csb", Games: 2, Parallel: 1, Seeds: []int64{5}, TimeScale: 10, Players: [2]match.Player{
		{Name: "fast", Argv: testbot.Argv("racer150")}, {Name: "file", Argv: []string{script}},
	}}
	p := Plan{Pair: 3, Players: [2]string{"fast", "file"}, Seed: 5}
	first, name, err := playPair(t, w, p, o, 0, 1)
	if err != nil || len(first) != 2 {
		t.Fatalf("the pair on the worker: %d games, %v", len(first), err)
	}
	if !strings.Contains(name, "run league-test-3-") {
		t.Errorf("the pair's runner is %q, want a run league-test-3-HASH", name)
	}
	os.Remove(script) // shipped once: not read again
	again, nameAgain, err := playPair(t, w, p, o, 1)
	if err != nil || len(again) != 1 || again[1].Seed != 5 || again[1].Ranks != first[1].Ranks || again[1].Turns != first[1].Turns {
		t.Errorf("the pair again, its second game: %v, %v; want the game played first, %v", again, err, first[1])
	}
	if nameAgain != name || started.total() != 2 {
		t.Errorf("the pair again: %s, %d games started in all; want %s, 2", nameAgain, started.total(), name)
	}
	if _, other, err := playPair(t, w, Plan{Pair: 4, Players: p.Players, Seed: 6}, o); err != nil || !strings.Contains(other, "run league-test-4-") {
		t.Errorf("another pair: %s, %v; want a run league-test-4-HASH", other, err)
	}

	o.Players[1] = match.Player{Name: "ghost", Argv: []string{"impulse-no-such-bot"}}
	_, _, err = playPair(t, w, Plan{Pair: 5, Players: [2]string{"fast", "ghost"}, Seed: 7}, o, 0, 1)
	if err == nil || !strings.Contains(err.Error(), "on the workers of "+srv.URL()) || !strings.Contains(err.Error(), "impulse-no-such-bot") {
		t.Errorf("a pair with a bot the worker lacks: %v; want an error naming the server and the command", err)
	}
	if len(warned) != 1 || !strings.HasPrefix(warned[0], "ghost: ") {
		t.Errorf("warnings %q, want one about ghost, not shipped", warned)
	}
}

// TestLeagueID: the first add draws the league's id, which stays through
// later settings (a new anchor); a league stored before leagues had an
// id is given one by ID, once, the first with an id kept.
func TestLeagueID(t *testing.T) {
	ctx := context.Background()
	s := openLeague(t, t.TempDir(), Create)
	if _, err := s.ID(ctx); err == nil || !strings.Contains(err.Error(), "no bots") {
		t.Errorf("the id of an empty league: %v, want an error", err)
	}
	for _, name := range []string{"a", "b"} {
		if _, err := Add(ctx, s, name, "csb/baseline", Setting{Anchor: name}, testPlayers); err != nil {
			t.Fatal(err)
		}
	}
	st, err := s.Load(ctx)
	if err != nil {
		t.Fatal(err)
	}
	id, err := s.ID(ctx)
	if err != nil || id != st.ID || !strings.HasPrefix(id, "league-") || queue.CheckRunID(id+"-123-abcdef12") != nil || st.Anchor != "b" {
		t.Errorf("id %q (%v), state's %q, anchor %s; want one id league-..., a run id's prefix, and anchor b", id, err, st.ID, st.Anchor)
	}

	old := openLeague(t, t.TempDir(), Create)
	if _, err := old.publish(ctx, settingSubject, Setting{Game: "csb", Rules: "live", Anchor: "a"}); err != nil {
		t.Fatal(err)
	}
	first, err := old.ID(ctx)
	if err != nil || !strings.HasPrefix(first, "league-") {
		t.Fatalf("the id given to a league without one: %q, %v", first, err)
	}
	old.publish(ctx, settingSubject, Setting{Game: "csb", Rules: "live", Anchor: "a", ID: "league-other"})
	if again, err := old.ID(ctx); again != first || err != nil {
		t.Errorf("the id asked again: %q, %v; want %q", again, err, first)
	}
}
