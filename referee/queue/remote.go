package queue

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"

	"impulse/referee/match"
)

// job is a game to play: the message of the games work queue.
type job struct {
	Run   string `json:"run"`
	Index int    `json:"index"`
	Seed  int64  `json:"seed"`
}

// result is a finished game: the message of the results stream. Error,
// when set, says the worker could not play the game (a bot that does not
// start there), and Record is empty.
type result struct {
	Run    string          `json:"run"`
	Index  int             `json:"index"`
	Worker string          `json:"worker"`
	Error  string          `json:"error,omitempty"`
	Record json.RawMessage `json:"record,omitempty"`
}

func jobSubject(run string) string { return gamesSubject + "." + run }
func resultSubjectOf(run string, i int) string {
	return resultSubject + "." + run + "." + strconv.Itoa(i)
}

// Remote is a match.Runner that plays the games on the queue's workers.
type Remote struct {
	Client *Client
	// ID is the run's id (NewRunID for a new run).
	ID string
	// Resume continues the run ID, which must be the same match: its
	// finished games count, the others are queued again.
	Resume bool
	// StartOrResume starts the run ID, or continues it as Resume does
	// when the queue has it: a tuner's pair, whose id the tuner derives
	// from the pair, played again after the tuner restarted.
	StartOrResume bool
	// Players are the match's players as shipped (Client.Ship).
	Players [2]Bot
	// Log, when set, receives a line when the run starts.
	Log io.Writer
}

// String names the runner in a match's table.
func (r *Remote) String() string { return "the queue's workers, run " + r.ID }

// Play publishes the run and its unfinished games, and sends the results
// on done as they are stored, each game once. When it returns before
// every game has finished (the SPRT decided, the match was interrupted,
// an error), the run's queued games are purged and the workers told to
// stop its running games; the finished ones stay, for Resume. A failure
// to stop the run is returned, joined with Play's own error if any.
func (r *Remote) Play(ctx context.Context, o *match.Options, games []match.Spec, done chan<- match.Game) (err error) {
	p, err := r.start(ctx, o, games)
	if err != nil {
		return err
	}
	finished, err := p.countFinished(ctx)
	if err != nil {
		return err
	}
	if r.Log != nil {
		fmt.Fprintf(r.Log, "run %s on %s: %d games, %d finished before; referee match -resume %s with the same flags continues it\n",
			r.ID, r.Client.nc.ConnectedUrlRedacted(), len(games), finished, r.ID)
	}
	msgs, stopMsgs, err := p.subscribe(ctx)
	if err != nil {
		return err
	}
	defer stopMsgs()
	defer func() {
		if len(p.sent) < len(games) {
			err = errors.Join(err, p.stop(ctx))
		}
	}()
	if err := p.queueGames(ctx); err != nil {
		return err
	}
	return p.collect(ctx, msgs, done)
}

// remotePlay is a run as Remote.Play plays it.
type remotePlay struct {
	r     *Remote
	o     *match.Options
	run   Run
	games []match.Spec
	want  map[int]bool // the indices of games
	gs    jetstream.Stream
	rs    jetstream.Stream
	// stored counts the run's results stored when Play started, by
	// subject (resultSubjectOf).
	stored map[string]uint64
	// sent holds the indices of the games sent on done.
	sent map[int]bool
}

// start stores the run, or checks that the run to resume is the same
// match, and opens the queue's streams.
func (r *Remote) start(ctx context.Context, o *match.Options, games []match.Spec) (*remotePlay, error) {
	if err := CheckRunID(r.ID); err != nil {
		return nil, err
	}
	p := &remotePlay{r: r, o: o, games: games, want: map[int]bool{}, sent: map[int]bool{}}
	p.run = Run{ID: r.ID, Game: o.Game, Rules: o.Rules, TimeScale: o.TimeScale, Players: r.Players, Replays: o.ReplaysDir != "", Created: time.Now().UTC()}
	for _, g := range games {
		if g.Index%2 == 0 {
			p.run.Seeds = append(p.run.Seeds, g.Seed)
		}
		p.want[g.Index] = true
	}
	if err := r.putRun(ctx, &p.run); err != nil {
		return nil, err
	}
	var err error
	if p.gs, err = r.Client.js.Stream(ctx, gamesStream); err != nil {
		return nil, r.Client.noQueue(err)
	}
	if p.rs, err = r.Client.js.Stream(ctx, resultsStream); err != nil {
		return nil, r.Client.noQueue(err)
	}
	return p, nil
}

// countFinished purges the games of the run still queued (an interrupted
// client, a server that restarted: queueGames queues them again, once),
// and returns how many of the match's games have a result stored.
func (p *remotePlay) countFinished(ctx context.Context) (int, error) {
	if err := p.gs.Purge(ctx, jetstream.WithPurgeSubject(jobSubject(p.r.ID))); err != nil {
		return 0, err
	}
	info, err := p.rs.Info(ctx, jetstream.WithSubjectFilter(resultSubject+"."+p.r.ID+".>"))
	if err != nil {
		return 0, err
	}
	p.stored = info.State.Subjects
	finished := 0
	for subj := range p.stored {
		i, err := strconv.Atoi(subj[strings.LastIndexByte(subj, '.')+1:])
		if err == nil && p.want[i] {
			finished++
		}
	}
	return finished, nil
}

// subscribe reads the run's results from the first, before any game is
// queued, so that none is missed. The iterator stops when ctx is done,
// which ends a wait for the next result; stop releases it.
func (p *remotePlay) subscribe(ctx context.Context) (msgs jetstream.MessagesContext, stop func(), err error) {
	cons, err := p.rs.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{FilterSubjects: []string{resultSubject + "." + p.r.ID + ".>"}})
	if err != nil {
		return nil, nil, err
	}
	if msgs, err = cons.Messages(); err != nil {
		return nil, nil, err
	}
	stopped := context.AfterFunc(ctx, func() { msgs.Stop() })
	return msgs, func() { stopped(); msgs.Stop() }, nil
}

// ackBatch is how many games queueGames publishes before it waits for
// their acknowledgements.
const ackBatch = 1000

// queueGames queues the games with no result stored, a batch of
// acknowledgements at a time.
func (p *remotePlay) queueGames(ctx context.Context) error {
	session := NewRunID()
	var acks []jetstream.PubAckFuture
	for _, g := range p.games {
		if p.stored[resultSubjectOf(p.r.ID, g.Index)] > 0 {
			continue
		}
		data, _ := json.Marshal(job{Run: p.r.ID, Index: g.Index, Seed: g.Seed})
		f, err := p.r.Client.js.PublishAsync(jobSubject(p.r.ID), data, jetstream.WithMsgID(session+"."+strconv.Itoa(g.Index)))
		if err != nil {
			return fmt.Errorf("queueing game %d: %w", g.Index+1, err)
		}
		if acks = append(acks, f); len(acks) == ackBatch {
			if err := waitAcks(ctx, acks); err != nil {
				return ignoreCancel(ctx, err)
			}
			acks = acks[:0]
		}
	}
	return ignoreCancel(ctx, waitAcks(ctx, acks))
}

// waitAcks waits for the server to acknowledge the games queued with
// acks.
func waitAcks(ctx context.Context, acks []jetstream.PubAckFuture) error {
	for _, f := range acks {
		select {
		case <-f.Ok():
		case err := <-f.Err():
			return fmt.Errorf("queueing games: %w", err)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// collect sends the results read from msgs on done, each game once, with
// its replay fetched into the match's ReplaysDir, until every game has
// been sent or ctx is done.
func (p *remotePlay) collect(ctx context.Context, msgs jetstream.MessagesContext, done chan<- match.Game) error {
	replays, err := p.r.Client.js.ObjectStore(ctx, replaysBucket)
	if err != nil && p.run.Replays {
		return p.r.Client.noQueue(err)
	}
	for len(p.sent) < len(p.games) {
		m, err := msgs.Next()
		if err != nil {
			if ctx.Err() != nil || errors.Is(err, jetstream.ErrMsgIteratorClosed) {
				return nil
			}
			return fmt.Errorf("results: %w", err)
		}
		g, ok, err := p.game(m)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		if g.Replay != "" && p.o.ReplaysDir != "" {
			if err := fetchReplay(ctx, replays, p.r.ID, p.o.ReplaysDir, &g); err != nil {
				return ignoreCancel(ctx, err)
			}
		}
		select {
		case done <- g:
			p.sent[g.Index] = true
		case <-ctx.Done():
			return nil
		}
	}
	return nil
}

// game decodes the result m: its game, and ok false for a result of no
// game of the match or of one sent already. A game the worker could not
// play is an error.
func (p *remotePlay) game(m jetstream.Msg) (g match.Game, ok bool, err error) {
	var res result
	if err := json.Unmarshal(m.Data(), &res); err != nil {
		return g, false, fmt.Errorf("result %s: %w", m.Subject(), err)
	}
	if !p.want[res.Index] || p.sent[res.Index] {
		return g, false, nil
	}
	if res.Error != "" {
		return g, false, fmt.Errorf("game %d (seed %d) on worker %s: %s", res.Index+1, p.run.Seeds[res.Index/2], res.Worker, res.Error)
	}
	if g, err = match.UnmarshalRecord(res.Record); err != nil {
		return g, false, fmt.Errorf("result of game %d from worker %s: %w", res.Index+1, res.Worker, err)
	}
	g.Index = res.Index
	return g, true, nil
}

// stopTimeout bounds how long stop tries to stop a run.
const stopTimeout = 10 * time.Second

// stop purges the run's queued games and tells the workers to stop its
// running games, for up to stopTimeout even when ctx is done. It returns
// what failed, nil when nothing did.
func (p *remotePlay) stop(ctx context.Context) error {
	cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), stopTimeout)
	defer cancel()
	var errs []error
	if err := p.gs.Purge(cctx, jetstream.WithPurgeSubject(jobSubject(p.r.ID))); err != nil {
		errs = append(errs, fmt.Errorf("purging its queued games: %w", err))
	}
	if err := p.r.Client.nc.Publish(stopSubject+"."+p.r.ID, nil); err != nil {
		errs = append(errs, fmt.Errorf("telling the workers to stop its games: %w", err))
	}
	if err := p.r.Client.nc.FlushWithContext(cctx); err != nil {
		errs = append(errs, fmt.Errorf("flushing the stop: %w", err))
	}
	if len(errs) == 0 {
		return nil
	}
	return fmt.Errorf("stopping run %s: %w", p.r.ID, errors.Join(errs...))
}

// putRun stores a new run, or checks that the run to resume is the same
// match.
func (r *Remote) putRun(ctx context.Context, run *Run) error {
	kv, err := r.Client.js.KeyValue(ctx, runsBucket)
	if err != nil {
		return r.Client.noQueue(err)
	}
	if !r.Resume {
		data, _ := json.Marshal(run)
		_, err := kv.Create(ctx, run.ID, data)
		switch {
		case err == nil:
			return nil
		case !errors.Is(err, jetstream.ErrKeyExists):
			return fmt.Errorf("storing run %s: %w", run.ID, err)
		case !r.StartOrResume:
			return fmt.Errorf("run %s exists: -resume %s continues it", run.ID, run.ID)
		}
		// StartOrResume: continued below.
	}
	e, err := kv.Get(ctx, run.ID)
	if err != nil {
		if errors.Is(err, jetstream.ErrKeyNotFound) {
			return fmt.Errorf("-resume %s: no such run on %s", run.ID, r.Client.nc.ConnectedUrlRedacted())
		}
		return err
	}
	var old Run
	if err := json.Unmarshal(e.Value(), &old); err != nil {
		return fmt.Errorf("run %s: %w", run.ID, err)
	}
	if d := runDiff(&old, run); d != "" {
		return fmt.Errorf("-resume %s: not the same match: %s; give the flags the run was started with", run.ID, d)
	}
	run.Created = old.Created
	data, _ := json.Marshal(run) // its seeds, -n having changed
	if _, err := kv.Put(ctx, run.ID, data); err != nil {
		return fmt.Errorf("storing run %s: %w", run.ID, err)
	}
	return nil
}

// runDiff names the first difference between two runs' matches, "" for
// none. A resumed run may have more or fewer games (-n), with the same
// seeds for the pairs they share.
func runDiff(a, b *Run) string {
	switch {
	case a.Game != b.Game:
		return fmt.Sprintf("game %s, now %s", a.Game, b.Game)
	case a.Rules != b.Rules:
		return fmt.Sprintf("rules %s, now %s", a.Rules, b.Rules)
	case a.TimeScale != b.TimeScale:
		return fmt.Sprintf("time scale %g, now %g", a.TimeScale, b.TimeScale)
	case a.Replays != b.Replays:
		return fmt.Sprintf("replays %v, now %v", a.Replays, b.Replays)
	}
	for p := range a.Players {
		if !reflect.DeepEqual(a.Players[p], b.Players[p]) {
			return fmt.Sprintf("p%d was %q %q, now %q %q", p+1, a.Players[p].Name, a.Players[p].Argv, b.Players[p].Name, b.Players[p].Argv)
		}
	}
	for i := 0; i < len(a.Seeds) && i < len(b.Seeds); i++ {
		if a.Seeds[i] != b.Seeds[i] {
			return fmt.Sprintf("pair %d had seed %d, now %d", i+1, a.Seeds[i], b.Seeds[i])
		}
	}
	return ""
}

// fetchReplay writes the replay of g, which a worker stored under
// run/NAME, into dir and points g.Replay at it.
func fetchReplay(ctx context.Context, store jetstream.ObjectStore, run, dir string, g *match.Game) error {
	name := filepath.Base(g.Replay)
	path := filepath.Join(dir, name)
	if err := store.GetFile(ctx, run+"/"+name, path); err != nil {
		if _, serr := os.Stat(path); serr == nil && errors.Is(err, jetstream.ErrObjectNotFound) {
			g.Replay = path // fetched before this run was resumed
			return nil
		}
		return fmt.Errorf("replay of game %d: %w", g.Index+1, err)
	}
	g.Replay = path
	return nil
}

// ignoreCancel returns nil for an error that is ctx's end: the match
// ended, which is no error of the runner.
func ignoreCancel(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return nil
	}
	return err
}
