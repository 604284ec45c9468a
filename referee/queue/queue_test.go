package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/nats-io/nats.go/jetstream"

	"impulse/referee/internal/testbot"
	"impulse/referee/match"
	"impulse/referee/stats"
)

// The test binary doubles as the bots (testbot's kinds): run as
// "TESTBINARY impulse-testbot KIND", it plays as KIND says instead of
// running the tests. The workers of the tests run it as their built-in
// bots.
func TestMain(m *testing.M) {
	testbot.Main()
	os.Exit(m.Run())
}

// builtin is the workers' command for built-in bots: the test binary.
var builtin = testbot.Argv()

// startServer starts a server on a free loopback port in dir, with a
// short ack wait, stopped at the end of the test.
func startServer(t *testing.T, dir, listen string) *Server {
	t.Helper()
	s, err := Start(ServerConfig{Listen: listen, StoreDir: dir, Limits: Limits{AckWait: time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Shutdown)
	return s
}

func dial(t *testing.T, url string) *Client {
	t.Helper()
	c, err := Dial(url, "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	return c
}

// startWorker runs a worker until the end of the test; its stop
// function stops it as a killed one would stop: its connection drops
// without a word, its game unfinished.
func startWorker(t *testing.T, url string, onGame func(j job)) (kill func()) {
	var started func(run string, index int, seed int64)
	if onGame != nil {
		started = func(run string, index int, seed int64) { onGame(job{run, index, seed}) }
	}
	t.Helper()
	c, err := Dial(url, "")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		if err := c.Work(ctx, WorkerConfig{Name: t.Name(), Parallel: 1, Builtin: builtin, CacheDir: t.TempDir(), Started: started}); err != nil && ctx.Err() == nil {
			t.Logf("worker: %v", err)
		}
	}()
	var once sync.Once
	kill = func() {
		once.Do(func() {
			c.Close() // first: no nak, no result, as a killed process
			cancel()
			<-done
		})
	}
	t.Cleanup(kill)
	return kill
}

// starts counts the games the workers of a test start, by index in the
// match; the zero value counts none yet.
type starts struct {
	mu sync.Mutex
	n  map[int]int
}

// add counts game j started: a worker's onGame.
func (s *starts) add(j job) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.n == nil {
		s.n = map[int]int{}
	}
	s.n[j.Index]++
}

// of returns how many times game i started.
func (s *starts) of(i int) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.n[i]
}

// options are a short match of the test bots: racer150 a built-in, racer
// a script, shipped as a file.
func options(t *testing.T, games int) match.Options {
	script := filepath.Join(os.TempDir(), fmt.Sprintf("impulse-queue-test-%d-racer.sh", os.Getpid()))
	if _, err := os.Stat(script); err != nil {
		if err := os.WriteFile(script, []byte("#!/bin/sh\nexec '"+os.Args[0]+"' "+testbot.Word+" racer\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Remove(script) })
	}
	return match.Options{
		Game: "csb", Games: games, Parallel: 2, Seeds: []int64{5}, TimeScale: 10,
		Players: [2]match.Player{
			{Name: "racer150", Argv: testbot.Argv("racer150")},
			{Name: "racer", Argv: []string{script}},
		},
	}
}

// remote makes o a match on the queue at c, run id.
func remote(t *testing.T, c *Client, o *match.Options, id string, resume bool) *Remote {
	t.Helper()
	r := &Remote{Client: c, ID: id, Resume: resume}
	for p := range o.Players {
		b, _, err := c.Ship(context.Background(), o.Players[p], builtin)
		if err != nil {
			t.Fatal(err)
		}
		r.Players[p] = b
	}
	o.Runner = r
	return r
}

// runMatch plays a match, failing the test on an error or after 60 s.
func runMatch(t *testing.T, ctx context.Context, o match.Options) *match.Report {
	t.Helper()
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	rep, err := match.Run(ctx, o)
	if err != nil {
		t.Fatalf("match: %v", err)
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		t.Fatal("the match did not finish in 60 s")
	}
	return rep
}

// outcome is what a game played twice with deterministic bots repeats.
type outcome struct {
	Index   int
	Seed    int64
	Swapped bool
	Ranks   [2]int
	Scores  [2]float64
	Turns   int
	End     string
}

func outcomes(games []match.Game) []outcome {
	var out []outcome
	for _, g := range games {
		out = append(out, outcome{g.Index, g.Seed, g.Swapped, g.Ranks, g.Scores, g.Turns, g.End})
	}
	return out
}

// TestMatchOnWorkers plays a match on two workers, one of them killed in
// the middle of its first game, and checks that the results equal, game
// for game, the same match played locally: the killed worker's game came
// back to the other worker and counts once.
func TestMatchOnWorkers(t *testing.T) {
	s := startServer(t, t.TempDir(), "127.0.0.1:0")
	local := runMatch(t, context.Background(), options(t, 6))

	var killOnce sync.Once
	var kill func()
	killed := make(chan int, 1)
	kill = startWorker(t, s.URL(), func(j job) {
		killOnce.Do(func() {
			killed <- j.Index
			go func() {
				time.Sleep(50 * time.Millisecond) // its bots are started
				kill()
			}()
		})
	})
	<-time.After(100 * time.Millisecond)
	startWorker(t, s.URL(), nil)
	c := dial(t, s.URL())
	o := options(t, 6)
	var results strings.Builder
	o.Results = &results
	o.ReplaysDir = t.TempDir()
	remote(t, c, &o, NewRunID(), false)
	rep := runMatch(t, context.Background(), o)

	select {
	case i := <-killed:
		t.Logf("killed a worker playing game %d", i+1)
	default:
		t.Error("no worker was killed: the first worker played no game")
	}
	if diff := cmp.Diff(outcomes(local.Games), outcomes(rep.Games)); diff != "" {
		t.Errorf("games on the workers differ from the local ones (-local +workers):\n%s", diff)
	}
	if n := strings.Count(results.String(), "\n"); n != 6 {
		t.Errorf("%d result lines, want 6", n)
	}
	for _, g := range rep.Games {
		if filepath.Dir(g.Replay) != o.ReplaysDir {
			t.Errorf("game %d: replay %q, want one in %s", g.Index+1, g.Replay, o.ReplaysDir)
		} else if _, err := os.Stat(g.Replay); err != nil {
			t.Error(err)
		}
	}
	if match.WriteReport(&strings.Builder{}, rep) != nil {
		t.Error("no report")
	}
}

// TestResultStoredOnce: a game's second result (a game played twice) is
// refused by the results stream, and the worker takes it as stored.
func TestResultStoredOnce(t *testing.T) {
	s := startServer(t, t.TempDir(), "127.0.0.1:0")
	c := dial(t, s.URL())
	ctx := context.Background()
	subject := resultSubjectOf("r1", 3)
	for i, want := range []bool{false, true} {
		data, _ := json.Marshal(result{Run: "r1", Index: 3, Worker: strconv.Itoa(i)})
		_, err := c.js.Publish(ctx, subject, data, jetstream.WithExpectLastSequencePerSubject(0))
		if got := err != nil && storedBefore(err); got != want || (err != nil && !got) {
			t.Errorf("result %d: error %v; stored before: %v, want %v", i+1, err, got, want)
		}
	}
	// A publisher that does not expect an empty subject is refused too.
	data, _ := json.Marshal(result{Run: "r1", Index: 3, Worker: "2"})
	if _, err := c.js.Publish(ctx, subject, data); !storedBefore(err) {
		t.Errorf("a third result without expectation: %v, want refused as stored before", err)
	}
	rs, _ := c.js.Stream(ctx, resultsStream)
	info, err := rs.Info(ctx, jetstream.WithSubjectFilter(subject))
	if err != nil {
		t.Fatal(err)
	}
	if n := info.State.Subjects[subject]; n != 1 {
		t.Errorf("%d results stored for one game, want 1", n)
	}
	m, err := rs.GetLastMsgForSubject(ctx, subject)
	if err != nil || !strings.Contains(string(m.Data), `"worker":"0"`) {
		t.Errorf("stored result %s, %v; want the first", m.Data, err)
	}
}

// TestSPRTPurges: when the SPRT decides, the run's queued games are
// purged and the worker stops, so the match ends long before its games
// are played.
func TestSPRTPurges(t *testing.T) {
	s := startServer(t, t.TempDir(), "127.0.0.1:0")
	startWorker(t, s.URL(), nil)
	c := dial(t, s.URL())
	o := options(t, 200)
	sprt, err := stats.ParseSPRT("0,200,0.2,0.2")
	if err != nil {
		t.Fatal(err)
	}
	o.SPRT = &sprt
	id := NewRunID()
	remote(t, c, &o, id, false)
	rep := runMatch(t, context.Background(), o)
	if rep.Verdict == stats.Continue || len(rep.Games) >= 200 {
		t.Fatalf("the SPRT did not decide: %d games, LLR %.2f", len(rep.Games), rep.LLR)
	}
	ctx := context.Background()
	gs, _ := c.js.Stream(ctx, gamesStream)
	info, err := gs.Info(ctx, jetstream.WithSubjectFilter(jobSubject(id)))
	if err != nil {
		t.Fatal(err)
	}
	if n := info.State.Subjects[jobSubject(id)]; n != 0 {
		t.Errorf("%d games of the decided run still queued, want 0", n)
	}
	t.Logf("decided %s after %d games", rep.Verdict, len(rep.Games))
}

// TestResume interrupts a match and resumes it: the finished games are
// not played again, and the whole match counts each game once.
func TestResume(t *testing.T) {
	s := startServer(t, t.TempDir(), "127.0.0.1:0")
	var played starts
	startWorker(t, s.URL(), played.add)
	c := dial(t, s.URL())
	id := NewRunID()
	o := options(t, 8)
	var first strings.Builder
	o.Results = &first
	remote(t, c, &o, id, false)
	ctx, cancel := context.WithCancel(context.Background())
	o.Progress, o.ProgressTTY = writerFunc(func(p []byte) {
		if strings.HasPrefix(string(p), "3/8") {
			cancel()
		}
	}), false
	rep := runMatch(t, ctx, o)
	if !rep.Interrupted {
		t.Fatalf("the first part was not interrupted")
	}
	before := strings.Count(first.String(), "\n")
	done := map[int]bool{}
	for _, l := range strings.Split(strings.TrimSpace(first.String()), "\n") {
		var g match.Game
		json.Unmarshal([]byte(l), &g)
		done[2*int(g.Seed-5)+map[bool]int{false: 0, true: 1}[g.Swapped]] = true
	}

	o = options(t, 8)
	var second strings.Builder
	o.Results = &second
	remote(t, c, &o, id, true)
	rep = runMatch(t, context.Background(), o)
	if rep.Interrupted || len(rep.Games) != 8 {
		t.Fatalf("resumed: %d games, interrupted %v; want 8", len(rep.Games), rep.Interrupted)
	}
	for i := range done {
		if n := played.of(i); n != 1 {
			t.Errorf("game %d, finished before the interruption, was played %d times", i+1, n)
		}
	}
	local := runMatch(t, context.Background(), options(t, 8))
	if diff := cmp.Diff(outcomes(local.Games), outcomes(rep.Games)); diff != "" {
		t.Errorf("resumed match differs from the local one (-local +resumed):\n%s", diff)
	}
	t.Logf("%d games before the interruption, %d results on resuming", before, strings.Count(second.String(), "\n"))

	// A resumed run must be the same match.
	o = options(t, 8)
	o.TimeScale = 3
	remote(t, c, &o, id, true)
	if _, err := match.Run(context.Background(), o); err == nil || !strings.Contains(err.Error(), "not the same match") {
		t.Errorf("resuming with another time scale: %v, want not the same match", err)
	}
}

type writerFunc func(p []byte)

func (f writerFunc) Write(p []byte) (int, error) { f(p); return len(p), nil }

// TestServerRestart stops the server in the middle of a match and starts
// it again from its folder: the match and the worker carry on, and every
// game counts once.
func TestServerRestart(t *testing.T) {
	dir := t.TempDir()
	s, err := Start(ServerConfig{Listen: "127.0.0.1:0", StoreDir: dir, Limits: Limits{AckWait: time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	addr := s.Addr().String()
	url := s.URL()
	var restarted = make(chan *Server, 1)
	var once sync.Once
	startWorker(t, url, func(j job) {
		if j.Index == 2 {
			once.Do(func() {
				go func() {
					s.Shutdown()
					s2, err := Start(ServerConfig{Listen: addr, StoreDir: dir, Limits: Limits{AckWait: time.Second}})
					if err != nil {
						t.Errorf("restart: %v", err)
						close(restarted)
						return
					}
					restarted <- s2
				}()
			})
		}
	})
	c := dial(t, url)
	o := options(t, 6)
	var results strings.Builder
	o.Results = &results
	remote(t, c, &o, NewRunID(), false)
	rep := runMatch(t, context.Background(), o)
	s2, ok := <-restarted
	if !ok {
		t.FailNow()
	}
	t.Cleanup(s2.Shutdown)
	if len(rep.Games) != 6 || strings.Count(results.String(), "\n") != 6 {
		t.Errorf("%d games, %d result lines; want 6 each", len(rep.Games), strings.Count(results.String(), "\n"))
	}
	local := runMatch(t, context.Background(), options(t, 6))
	if diff := cmp.Diff(outcomes(local.Games), outcomes(rep.Games)); diff != "" {
		t.Errorf("games across the restart differ from the local ones (-local +queue):\n%s", diff)
	}
}

// TestToken: a server beyond loopback needs a token; a server with one
// refuses a client without it.
func TestToken(t *testing.T) {
	if _, err := Start(ServerConfig{Listen: "0.0.0.0:0", StoreDir: t.TempDir()}); !errors.Is(err, ErrNeedToken) {
		t.Errorf("listening on every interface without a token: %v, want ErrNeedToken", err)
	}
	if _, err := Start(ServerConfig{Listen: ":0", StoreDir: t.TempDir()}); !errors.Is(err, ErrNeedToken) {
		t.Errorf("listening on :0 without a token: %v, want ErrNeedToken", err)
	}
	s, err := Start(ServerConfig{Listen: "127.0.0.1:0", StoreDir: t.TempDir(), Token: "s3cret"})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown()
	if _, err := Dial(s.URL(), ""); err == nil || !strings.Contains(err.Error(), "-token") {
		t.Errorf("a client without the token: %v, want refused, naming -token", err)
	}
	if _, err := Dial(s.URL(), "wrong"); err == nil {
		t.Error("a client with a wrong token was let in")
	}
	c, err := Dial(s.URL(), "s3cret")
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
}

// instantQueue starts, for one benchmark, a loopback server and a worker
// of parallel games whose games take no time, and returns a client of
// the server; all stop at the benchmark's end.
func instantQueue(b *testing.B, parallel int) *Client {
	s, err := Start(ServerConfig{Listen: "127.0.0.1:0", StoreDir: b.TempDir()})
	if err != nil {
		b.Fatal(err)
	}
	w, err := Dial(s.URL(), "")
	if err != nil {
		s.Shutdown()
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		w.Work(ctx, WorkerConfig{Parallel: parallel, Builtin: builtin, CacheDir: b.TempDir(), play: func(ctx context.Context, run *Run, j job) (match.Game, error) {
			return match.Game{Index: j.Index, Seed: j.Seed, Swapped: j.Index%2 == 1, Turns: 1, End: "instant"}, nil
		}})
	}()
	c, err := Dial(s.URL(), "")
	b.Cleanup(func() {
		if c != nil {
			c.Close()
		}
		cancel()
		<-done
		w.Close()
		s.Shutdown()
	})
	if err != nil {
		b.Fatal(err)
	}
	return c
}

// BenchmarkQueueOverhead measures what the queue adds to a game: a match
// of games that take no time, played by one worker one at a time, so
// that each game is a full round trip (queued, fetched, result stored,
// acknowledged, result read by the match). Reported as ms/game.
func BenchmarkQueueOverhead(b *testing.B) {
	c := instantQueue(b, 1)
	games := 2 * ((b.N + 1) / 2)
	o := match.Options{Game: "csb", Games: games, TimeScale: 1, Players: [2]match.Player{{Name: "a", Argv: []string{"a"}}, {Name: "b", Argv: []string{"b"}}}}
	o.Runner = &Remote{Client: c, ID: NewRunID(), Players: [2]Bot{{Name: "a", Argv: []string{"a"}}, {Name: "b", Argv: []string{"b"}}}}
	b.ResetTimer()
	start := time.Now()
	rep, err := match.Run(context.Background(), o)
	if err != nil {
		b.Fatal(err)
	}
	if len(rep.Games) != games {
		b.Fatalf("%d games, want %d", len(rep.Games), games)
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(games), "ms/game")
}

// BenchmarkPairRuns measures what the queue adds to a tuner's pair,
// which is a run of its own (StartOrResume): runs of two games that take
// no time, one after the other, on one worker with -j 2. Reported as
// ms/pair.
func BenchmarkPairRuns(b *testing.B) {
	c := instantQueue(b, 2)
	players := [2]match.Player{{Name: "a", Argv: []string{"a"}}, {Name: "b", Argv: []string{"b"}}}
	id := NewRunID()
	b.ResetTimer()
	start := time.Now()
	for i := 0; i < b.N; i++ {
		o := match.Options{Game: "csb", Games: 2, Seeds: []int64{int64(i)}, TimeScale: 1, Players: players}
		o.Runner = &Remote{Client: c, ID: id + "-" + strconv.Itoa(i), StartOrResume: true, Players: [2]Bot{{Name: "a", Argv: []string{"a"}}, {Name: "b", Argv: []string{"b"}}}}
		rep, err := match.Run(context.Background(), o)
		if err != nil {
			b.Fatal(err)
		}
		if len(rep.Games) != 2 {
			b.Fatalf("%d games, want 2", len(rep.Games))
		}
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/1000/float64(b.N), "ms/pair")
}

// TestStopRunningGames: a match interrupted while a worker plays one of
// its long games stops that game at once (the worker is told), and the
// game is not handed to another worker: the worker's next game is the
// next run's, played without waiting for the long one to end.
func TestStopRunningGames(t *testing.T) {
	s := startServer(t, t.TempDir(), "127.0.0.1:0")
	started := make(chan job, 10)
	startWorker(t, s.URL(), func(j job) { started <- j })
	c := dial(t, s.URL())

	slow := options(t, 2)
	slow.Players[1].Argv = testbot.Argv("slow") // 300 ms a turn: a minute a game
	slowID := NewRunID()
	remote(t, c, &slow, slowID, false)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-started
		time.Sleep(200 * time.Millisecond) // in the game
		cancel()
	}()
	if rep := runMatch(t, ctx, slow); !rep.Interrupted {
		t.Fatal("the slow match was not interrupted")
	}

	fast := options(t, 2)
	remote(t, c, &fast, NewRunID(), false)
	begin := time.Now()
	runMatch(t, context.Background(), fast)
	if d := time.Since(begin); d > 10*time.Second {
		t.Errorf("the next match took %v: the worker went on with the stopped game", d)
	}
	close(started)
	for j := range started {
		if j.Run == slowID {
			t.Errorf("game %d of the stopped run was played again", j.Index+1)
		}
	}
}

// TestLongGame: a game that lasts several ack waits is not handed to
// another worker while its worker plays it (the worker extends the ack
// deadline), and the match counts it once.
func TestLongGame(t *testing.T) {
	s := startServer(t, t.TempDir(), "127.0.0.1:0") // ack wait 1 s
	var started starts
	startWorker(t, s.URL(), started.add)
	startWorker(t, s.URL(), started.add)
	c := dial(t, s.URL())
	o := options(t, 2)
	o.Players[1].Argv = testbot.Argv("pause:8") // 8 ms a turn: 2 s or more a game
	remote(t, c, &o, NewRunID(), false)
	begin := time.Now()
	rep := runMatch(t, context.Background(), o)
	if d := time.Since(begin); d < 2*time.Second {
		t.Errorf("the games took %v, not several ack waits: the test tests nothing", d)
	}
	for i := 0; i < 2; i++ {
		if n := started.of(i); n != 1 {
			t.Errorf("game %d started %d times, want once", i+1, n)
		}
	}
	if len(rep.Games) != 2 {
		t.Errorf("%d games counted, want 2", len(rep.Games))
	}
}

// TestUnplayable: a bot the worker cannot start (a command not on its
// PATH, which is not shipped) stops the match with an error naming the
// worker and the reason, as a local match stops.
func TestUnplayable(t *testing.T) {
	s := startServer(t, t.TempDir(), "127.0.0.1:0")
	startWorker(t, s.URL(), nil)
	c := dial(t, s.URL())
	o := options(t, 2)
	o.Players[1] = match.Player{Name: "ghost", Argv: []string{"impulse-no-such-bot"}}
	r := &Remote{Client: c, ID: NewRunID()}
	for p := range o.Players {
		b, warnings, err := c.Ship(context.Background(), o.Players[p], builtin)
		if err != nil {
			t.Fatal(err)
		}
		if p == 1 && (len(warnings) != 1 || !strings.Contains(warnings[0], "not shipped")) {
			t.Errorf("warnings %q, want one saying impulse-no-such-bot is not shipped", warnings)
		}
		r.Players[p] = b
	}
	o.Runner = r
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	_, err := match.Run(ctx, o)
	if err == nil || !strings.Contains(err.Error(), "on worker "+t.Name()) || !strings.Contains(err.Error(), "impulse-no-such-bot is not on this worker's PATH") {
		t.Errorf("match with a bot the worker lacks: %v; want an error naming the worker and the command", err)
	}
	// A file that is not there cannot be shipped.
	if _, _, err := c.Ship(context.Background(), match.Player{Name: "x", Argv: []string{"./impulse-no-such-file"}}, builtin); err == nil || !strings.Contains(err.Error(), "cannot be shipped") {
		t.Errorf("shipping a missing file: %v", err)
	}
}

// TestMaxDeliveries: a game whose workers keep leaving in the middle of
// it is handed out MaxDeliveries times, then fails its match, saying so,
// instead of coming back forever.
func TestMaxDeliveries(t *testing.T) {
	s := startServer(t, t.TempDir(), "127.0.0.1:0")
	c := dial(t, s.URL())
	o := options(t, 2)
	remote(t, c, &o, NewRunID(), false)
	errc := make(chan error, 1)
	go func() {
		_, err := match.Run(context.Background(), o)
		errc <- err
	}()
	// Four workers, one after the other, leave as their game starts
	// (Ctrl-C: the game is handed back at once): the two games have been
	// handed out twice each, or one of them more.
	for i := 0; i < 4; i++ {
		w := dial(t, s.URL())
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() {
			defer close(done)
			w.Work(ctx, WorkerConfig{Parallel: 1, MaxDeliveries: 2, Builtin: builtin, CacheDir: t.TempDir(),
				Started: func(string, int, int64) { cancel() }})
		}()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatal("a worker did not leave")
		}
	}
	w := dial(t, s.URL())
	go w.Work(t.Context(), WorkerConfig{Parallel: 1, MaxDeliveries: 2, Builtin: builtin, CacheDir: t.TempDir()})
	select {
	case err := <-errc:
		if err == nil || !strings.Contains(err.Error(), "handed out") {
			t.Errorf("match: %v, want a game handed out too often", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the match did not end")
	}
}

// TestStartOrResume: a run with StartOrResume starts when the queue has
// none of its id, and continues when it has, its finished games not
// played again (a tuner's pair played again after the tuner restarted);
// without it, the id taken is refused. A file is shipped by the hash of
// what it holds now: the client reads it again once it changes.
func TestStartOrResume(t *testing.T) {
	s := startServer(t, t.TempDir(), "127.0.0.1:0")
	var played starts
	startWorker(t, s.URL(), played.add)
	c := dial(t, s.URL())
	id := NewRunID()
	var reps []*match.Report
	for range 2 {
		o := options(t, 2)
		remote(t, c, &o, id, false).StartOrResume = true
		reps = append(reps, runMatch(t, context.Background(), o))
	}
	if played.of(0) != 1 || played.of(1) != 1 {
		t.Errorf("games played %d and %d times, want each once", played.of(0), played.of(1))
	}
	if diff := cmp.Diff(outcomes(reps[0].Games), outcomes(reps[1].Games)); diff != "" || len(reps[1].Games) != 2 {
		t.Errorf("the run continued differs from the run (-first +continued):\n%s", diff)
	}
	o := options(t, 2)
	remote(t, c, &o, id, false)
	if _, err := match.Run(context.Background(), o); err == nil || !strings.Contains(err.Error(), "exists") {
		t.Errorf("a run of an id taken: %v, want it exists", err)
	}

	script := filepath.Join(t.TempDir(), "bot.sh")
	ship := func(body string) string {
		t.Helper()
		if body != "" {
			if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
				t.Fatal(err)
			}
		}
		b, _, err := c.Ship(context.Background(), match.Player{Name: "bot", Argv: []string{script, "-x", "1"}}, builtin)
		if err != nil {
			t.Fatal(err)
		}
		return b.Object
	}
	a := ship("#!/bin/sh\n")
	if again := ship(""); again != a {
		t.Errorf("the same file shipped as %s, then %s", a, again)
	}
	if b := ship("#!/bin/sh\nexit 1\n"); b == a || b == "" {
		t.Errorf("a changed file shipped as %s, as before it changed (%s)", b, a)
	}
}

// TestStopReported: a run that cannot be stopped (its connection lost,
// a game still queued) says so in Play's error, instead of leaving the
// game to the workers without a word.
func TestStopReported(t *testing.T) {
	s := startServer(t, t.TempDir(), "127.0.0.1:0")
	c, err := Dial(s.URL(), "")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	o := options(t, 2)
	r := remote(t, c, &o, NewRunID(), false)
	// Game 1 has its result already, game 2 none and no worker: once
	// Play has sent game 1 on, it waits for game 2, queued.
	stored := match.Game{Seed: 5, Turns: 1, End: "stored by the test"}
	rec, err := stored.MarshalRecord()
	if err != nil {
		t.Fatal(err)
	}
	data, _ := json.Marshal(result{Run: r.ID, Index: 0, Worker: "test", Record: rec})
	if _, err := c.js.Publish(context.Background(), resultSubjectOf(r.ID, 0), data); err != nil {
		t.Fatal(err)
	}
	games := []match.Spec{{Index: 0, Seed: 5}, {Index: 1, Seed: 5}}
	done := make(chan match.Game)
	errc := make(chan error, 1)
	go func() { errc <- r.Play(context.Background(), &o, games, done) }()
	timeout := time.After(20 * time.Second)
	select {
	case <-done:
	case err := <-errc:
		t.Fatalf("Play: %v before sending game 1", err)
	case <-timeout:
		t.Fatal("Play did not send game 1")
	}
	c.Close()
	select {
	case err := <-errc:
		if err == nil || !strings.Contains(err.Error(), "stopping run "+r.ID) || !strings.Contains(err.Error(), "purging its queued games") {
			t.Errorf("Play without its connection: %v; want an error saying the run could not be stopped", err)
		}
	case <-timeout:
		t.Fatal("Play did not return after its connection closed")
	}
}
