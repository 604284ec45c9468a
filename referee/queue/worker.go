package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"golang.org/x/sync/errgroup"

	"impulse/referee/match"
)

// DefaultMaxDeliveries is WorkerConfig.MaxDeliveries' default.
const DefaultMaxDeliveries = 10

// WorkerConfig configures Client.Work.
type WorkerConfig struct {
	// Name names the worker in results and errors (host:pid, say).
	Name string
	// Parallel is the number of games played at once (at least 1).
	Parallel int
	// Builtin is the command that runs a built-in bot on this machine
	// (this program and "bot"): a built-in's words follow it.
	Builtin []string
	// CacheDir keeps the shipped bots, by content hash.
	CacheDir string
	// Log, when set, receives a line a game: games played, games per
	// minute.
	Log io.Writer

	// MaxDeliveries is how many times a game may be handed out before a
	// worker gives up on it and fails its match, saying so: a game that
	// kills every worker that plays it (0: DefaultMaxDeliveries).
	MaxDeliveries int
	// Started, when set, is called as each game starts (tests,
	// monitoring): its run, index in the match and seed.
	Started func(run string, index int, seed int64)

	// play, when set, plays the games instead of match.PlayGame (the
	// benchmark of the queue alone).
	play func(ctx context.Context, run *Run, j job) (match.Game, error)
}

// Work pulls games from the queue and plays them, cfg.Parallel at a time,
// with match.PlayGame, until ctx is done. Each game's ack deadline is
// extended while it runs; its result is stored, once, before the game is
// acknowledged. A game this worker stops playing (ctx done) goes back to
// the queue at once; one whose run has stopped (the SPRT decided) is
// dropped.
func (c *Client) Work(ctx context.Context, cfg WorkerConfig) error {
	if cfg.Parallel < 1 {
		cfg.Parallel = 1
	}
	if cfg.MaxDeliveries < 1 {
		cfg.MaxDeliveries = DefaultMaxDeliveries
	}
	w := &worker{c: c, cfg: cfg, runs: map[string]*Run{}, playing: map[string]map[*context.CancelFunc]bool{}, start: time.Now()}
	var err error
	if w.cons, err = c.js.Consumer(ctx, gamesStream, workers); err != nil {
		return c.noQueue(err)
	}
	if w.results, err = c.js.Stream(ctx, resultsStream); err != nil {
		return c.noQueue(err)
	}
	if w.replays, err = c.js.ObjectStore(ctx, replaysBucket); err != nil {
		return c.noQueue(err)
	}
	if w.kv, err = c.js.KeyValue(ctx, runsBucket); err != nil {
		return c.noQueue(err)
	}
	w.ackWait = w.cons.CachedInfo().Config.AckWait
	if w.ackWait <= 0 {
		w.ackWait = DefaultLimits.AckWait
	}
	sub, err := c.nc.Subscribe(stopSubject+".*", func(m *nats.Msg) {
		w.stop(m.Subject[len(stopSubject)+1:])
	})
	if err != nil {
		return err
	}
	defer sub.Unsubscribe()
	if w.tmp, err = os.MkdirTemp("", "impulse-worker-"); err != nil {
		return err
	}
	defer os.RemoveAll(w.tmp)

	g, gctx := errgroup.WithContext(ctx)
	for i := 0; i < cfg.Parallel; i++ {
		g.Go(func() error { return w.loop(gctx) })
	}
	err = g.Wait()
	if ctx.Err() != nil {
		return nil
	}
	return err
}

type worker struct {
	c       *Client
	cfg     WorkerConfig
	cons    jetstream.Consumer
	results jetstream.Stream
	replays jetstream.ObjectStore
	kv      jetstream.KeyValue
	ackWait time.Duration
	tmp     string
	start   time.Time

	mu      sync.Mutex
	runs    map[string]*Run
	playing map[string]map[*context.CancelFunc]bool // by run
	played  int
	recent  []time.Time // when the last rateWindow games finished
}

// rateWindow is the number of recent games the log's rate is taken over.
const rateWindow = 20

// loop takes a game at a time and plays it, until ctx is done.
func (w *worker) loop(ctx context.Context) error {
	for ctx.Err() == nil {
		fctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		msg, err := w.cons.Next(jetstream.FetchContext(fctx))
		cancel()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			if errors.Is(err, context.DeadlineExceeded) || errors.Is(err, nats.ErrTimeout) || errors.Is(err, jetstream.ErrNoHeartbeat) {
				continue // nothing to play yet
			}
			if errors.Is(err, nats.ErrConnectionClosed) {
				return err
			}
			// The server restarting, say: try again in a moment.
			select {
			case <-time.After(500 * time.Millisecond):
			case <-ctx.Done():
			}
			continue
		}
		if err := w.play(ctx, msg); err != nil {
			return err
		}
	}
	return nil
}

// play plays the game of msg and stores its result, then acknowledges.
// A game this worker stops playing goes back to the queue; one whose run
// stopped is dropped.
func (w *worker) play(ctx context.Context, msg jetstream.Msg) error {
	j, run, ok := w.take(ctx, msg)
	if !ok {
		return nil
	}
	gctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w.track(j.Run, &cancel)
	defer w.untrack(j.Run, &cancel)

	stopKeep := keepInProgress(gctx, msg, w.ackWait/3)
	defer stopKeep()
	if w.cfg.Started != nil {
		w.cfg.Started(j.Run, j.Index, j.Seed)
	}
	began := time.Now()
	g, err := w.player(msg)(gctx, run, j)
	stopKeep()
	res := result{Run: j.Run, Index: j.Index, Worker: w.cfg.Name}
	switch {
	case ctx.Err() != nil:
		msg.Nak() // this worker is leaving: another one plays it now
		return nil
	case gctx.Err() != nil:
		msg.TermWithReason("run stopped")
		return nil
	case err != nil:
		res.Error = err.Error()
	default:
		if res.Record, err = g.MarshalRecord(); err != nil {
			res.Error = err.Error()
		}
	}
	if w.settle(ctx, msg, &res) {
		w.logGame(j, began, g, &res)
	}
	return nil
}

// take decodes the game of msg and finds its run; ok false when there
// is no game to play, msg settled: not a game, played before, of no run
// (all three dropped), or of a run not found now (handed back).
func (w *worker) take(ctx context.Context, msg jetstream.Msg) (j job, run *Run, ok bool) {
	if err := json.Unmarshal(msg.Data(), &j); err != nil || CheckRunID(j.Run) != nil {
		msg.TermWithReason("not a game")
		return j, nil, false
	}
	if _, err := w.results.GetLastMsgForSubject(ctx, resultSubjectOf(j.Run, j.Index)); err == nil {
		msg.Ack() // played before: its result is stored, its ack was lost
		return j, nil, false
	}
	run, err := w.run(ctx, j.Run)
	if err != nil {
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			msg.TermWithReason("no such run")
			return j, nil, false
		}
		msg.Nak()
		return j, nil, false
	}
	return j, run, true
}

// keepInProgress tells the server every period, until ctx is done or
// stop is called, that msg's game is still being played, so that it goes
// to another worker only when this one dies.
func keepInProgress(ctx context.Context, msg jetstream.Msg, period time.Duration) (stop func()) {
	keep := time.NewTicker(period)
	kctx, cancel := context.WithCancel(ctx)
	go func() {
		for {
			select {
			case <-keep.C:
				msg.InProgress()
			case <-kctx.Done():
				return
			}
		}
	}()
	return func() {
		cancel()
		keep.Stop()
	}
}

// player returns the function that plays the game of msg: cfg.play or
// playGame, or, when the game has been handed out more than
// MaxDeliveries times, one that fails it saying so.
func (w *worker) player(msg jetstream.Msg) func(context.Context, *Run, job) (match.Game, error) {
	if meta, err := msg.Metadata(); err == nil && meta.NumDelivered > uint64(w.cfg.MaxDeliveries) {
		return func(context.Context, *Run, job) (match.Game, error) {
			return match.Game{}, fmt.Errorf("handed out %d times and never finished: the workers that played it died or left (-resume plays it again)", meta.NumDelivered-1)
		}
	}
	if w.cfg.play != nil {
		return w.cfg.play
	}
	return w.playGame
}

// settle stores res, then acknowledges msg, and reports whether the game
// counts as played here. A result that could not be stored hands the
// game back.
func (w *worker) settle(ctx context.Context, msg jetstream.Msg, res *result) bool {
	data, _ := json.Marshal(res)
	if err := w.store(ctx, resultSubjectOf(res.Run, res.Index), data); err != nil {
		if ctx.Err() == nil {
			msg.Nak()
		}
		return false
	}
	if err := msg.DoubleAck(ctx); err != nil && ctx.Err() != nil {
		return false
	}
	return true
}

// logGame counts game j, begun at began and played as g (or not, as
// res says), and writes its line to the log.
func (w *worker) logGame(j job, began time.Time, g match.Game, res *result) {
	now := time.Now()
	w.mu.Lock()
	w.played++
	n := w.played
	// The rate over the last games, or since the first game: an idle
	// worker does not drag it down for long.
	since, games := w.start, n
	if len(w.recent) > 0 {
		since, games = w.recent[0], len(w.recent)
	}
	w.recent = append(w.recent, now)
	if len(w.recent) > rateWindow {
		w.recent = w.recent[1:]
	}
	w.mu.Unlock()
	if w.cfg.Log != nil {
		status := g.End
		if res.Error != "" {
			status = "not played: " + res.Error
		}
		rate := float64(games) / now.Sub(since).Minutes()
		fmt.Fprintf(w.cfg.Log, "run %s game %d (seed %d) in %.1fs: %s; %d games, %.1f games/min\n",
			j.Run, j.Index+1, j.Seed, now.Sub(began).Seconds(), status, n, rate)
	}
}

// storeTries bounds how long a worker tries to store a result while the
// server does not answer (restarting, say) before giving the game back.
const storeTries = 2 * time.Minute

// store stores a game's result on subject unless one is there already,
// trying again while the server does not answer.
func (w *worker) store(ctx context.Context, subject string, data []byte) error {
	deadline := time.Now().Add(storeTries)
	for {
		_, err := w.c.js.Publish(ctx, subject, data, jetstream.WithExpectLastSequencePerSubject(0))
		if err == nil || storedBefore(err) {
			return nil
		}
		var api *jetstream.APIError
		if errors.As(err, &api) || errors.Is(err, nats.ErrConnectionClosed) || time.Now().After(deadline) {
			return err // refused, or no connection to wait for
		}
		select {
		case <-time.After(500 * time.Millisecond):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// storedBefore reports whether a result's publication failed because
// the game's result is stored already.
func storedBefore(err error) bool {
	var api *jetstream.APIError
	if errors.As(err, &api) {
		// 10071: wrong last sequence (a message is on the subject);
		// 10077: the subject's message limit.
		return api.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence || api.ErrorCode == 10077
	}
	return false
}

// playGame plays game j of run with this machine's bots.
func (w *worker) playGame(ctx context.Context, run *Run, j job) (match.Game, error) {
	o := match.Options{Game: run.Game, Rules: run.Rules, TimeScale: run.TimeScale}
	for p, b := range run.Players {
		argv, err := w.command(ctx, b)
		if err != nil {
			return match.Game{}, fmt.Errorf("p%d: %w", p+1, err)
		}
		o.Players[p] = match.Player{Name: b.Name, Argv: argv}
	}
	if run.Replays {
		dir, err := os.MkdirTemp(w.tmp, "replay-")
		if err != nil {
			return match.Game{}, err
		}
		defer os.RemoveAll(dir)
		o.ReplaysDir = dir
	}
	g, err := match.PlayGame(ctx, &o, j.Index, j.Seed)
	if err != nil {
		return g, err
	}
	if g.Replay != "" {
		f, err := os.Open(g.Replay)
		if err != nil {
			return g, err
		}
		defer f.Close()
		name := filepath.Base(g.Replay)
		if _, err := w.replays.Put(ctx, jetstream.ObjectMeta{Name: run.ID + "/" + name}, f); err != nil {
			return g, fmt.Errorf("storing the replay: %w", err)
		}
		g.Replay = name
	}
	return g, nil
}

// command returns the command that runs bot b here.
func (w *worker) command(ctx context.Context, b Bot) ([]string, error) {
	if len(b.Argv) == 0 {
		return nil, errors.New("no command")
	}
	if b.Builtin {
		if len(w.cfg.Builtin) == 0 {
			return nil, fmt.Errorf("%s is a built-in bot, and this worker runs none", b.Argv[0])
		}
		return append(append([]string(nil), w.cfg.Builtin...), b.Argv...), nil
	}
	argv := append([]string(nil), b.Argv...)
	if b.Object != "" {
		path, err := w.c.botFile(ctx, w.cfg.CacheDir, b.Object)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", b.Argv[0], err)
		}
		argv[0] = path
		return argv, nil
	}
	if _, err := exec.LookPath(argv[0]); err != nil {
		return nil, fmt.Errorf("%s is not on this worker's PATH (only a command given as a path to a file, ./bot, is shipped): %w", argv[0], err)
	}
	return argv, nil
}

// run returns the run id, from the cache or the runs bucket.
func (w *worker) run(ctx context.Context, id string) (*Run, error) {
	w.mu.Lock()
	r := w.runs[id]
	w.mu.Unlock()
	if r != nil {
		return r, nil
	}
	e, err := w.kv.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	r = new(Run)
	if err := json.Unmarshal(e.Value(), r); err != nil {
		return nil, fmt.Errorf("run %s: %w", id, err)
	}
	w.mu.Lock()
	if len(w.runs) >= maxCachedRuns {
		clear(w.runs) // a tuner's runs, one a pair: fetched again when needed
	}
	w.runs[id] = r
	w.mu.Unlock()
	return r, nil
}

// maxCachedRuns bounds the runs a worker keeps in memory.
const maxCachedRuns = 1024

// track records a game of run being played, for stop to cancel.
func (w *worker) track(run string, cancel *context.CancelFunc) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.playing[run] == nil {
		w.playing[run] = map[*context.CancelFunc]bool{}
	}
	w.playing[run][cancel] = true
}

// untrack forgets a game of run that track recorded, once it has ended.
func (w *worker) untrack(run string, cancel *context.CancelFunc) {
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.playing[run], cancel)
	if len(w.playing[run]) == 0 {
		delete(w.playing, run)
	}
}

// stop stops the games of run being played, and forgets its cached
// spec: a run resumed later may have changed (more games).
func (w *worker) stop(run string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for cancel := range w.playing[run] {
		(*cancel)()
	}
	delete(w.runs, run)
}
