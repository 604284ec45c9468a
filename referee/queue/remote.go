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
// stop its running games; the finished ones stay, for Resume.
func (r *Remote) Play(ctx context.Context, o *match.Options, games []match.Spec, done chan<- match.Game) (err error) {
	if err := CheckRunID(r.ID); err != nil {
		return err
	}
	run := Run{ID: r.ID, Game: o.Game, Rules: o.Rules, TimeScale: o.TimeScale, Players: r.Players, Replays: o.ReplaysDir != "", Created: time.Now().UTC()}
	for _, g := range games {
		if g.Index%2 == 0 {
			run.Seeds = append(run.Seeds, g.Seed)
		}
	}
	if err := r.putRun(ctx, &run); err != nil {
		return err
	}
	js := r.Client.js
	gs, err := js.Stream(ctx, gamesStream)
	if err != nil {
		return r.Client.noQueue(err)
	}
	rs, err := js.Stream(ctx, resultsStream)
	if err != nil {
		return r.Client.noQueue(err)
	}
	cleanup := func() {
		cctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
		defer cancel()
		gs.Purge(cctx, jetstream.WithPurgeSubject(jobSubject(r.ID)))
		r.Client.nc.Publish(stopSubject+"."+r.ID, nil)
		r.Client.nc.FlushWithContext(cctx)
	}
	// Games of this run still queued (an interrupted client, a server
	// that restarted) are queued again below, once.
	if err := gs.Purge(ctx, jetstream.WithPurgeSubject(jobSubject(r.ID))); err != nil {
		return err
	}
	info, err := rs.Info(ctx, jetstream.WithSubjectFilter(resultSubject+"."+r.ID+".>"))
	if err != nil {
		return err
	}
	want := map[int]bool{}
	for _, g := range games {
		want[g.Index] = true
	}
	finished := 0
	for subj := range info.State.Subjects {
		i, err := strconv.Atoi(subj[strings.LastIndexByte(subj, '.')+1:])
		if err == nil && want[i] {
			finished++
		}
	}
	if r.Log != nil {
		fmt.Fprintf(r.Log, "run %s on %s: %d games, %d finished before; referee match -resume %s with the same flags continues it\n",
			r.ID, r.Client.nc.ConnectedUrlRedacted(), len(games), finished, r.ID)
	}
	// Read the results first, so that none is missed.
	cons, err := rs.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{FilterSubjects: []string{resultSubject + "." + r.ID + ".>"}})
	if err != nil {
		return err
	}
	msgs, err := cons.Messages()
	if err != nil {
		return err
	}
	defer msgs.Stop()
	pctx, cancelPlay := context.WithCancel(ctx)
	defer cancelPlay()
	stopped := context.AfterFunc(pctx, func() { msgs.Stop() })
	defer stopped()

	sent := map[int]bool{}
	defer func() {
		if len(sent) < len(games) {
			cleanup()
		}
	}()
	// Queue the games with no result, a batch of acknowledgements at a
	// time.
	session := NewRunID()
	var acks []jetstream.PubAckFuture
	wait := func() error {
		for _, f := range acks {
			select {
			case <-f.Ok():
			case err := <-f.Err():
				return fmt.Errorf("queueing games: %w", err)
			case <-ctx.Done():
				return ctx.Err()
			}
		}
		acks = acks[:0]
		return nil
	}
	for _, g := range games {
		if info.State.Subjects[resultSubjectOf(r.ID, g.Index)] > 0 {
			continue
		}
		data, _ := json.Marshal(job{Run: r.ID, Index: g.Index, Seed: g.Seed})
		f, err := js.PublishAsync(jobSubject(r.ID), data, jetstream.WithMsgID(session+"."+strconv.Itoa(g.Index)))
		if err != nil {
			return fmt.Errorf("queueing game %d: %w", g.Index+1, err)
		}
		if acks = append(acks, f); len(acks) == 1000 {
			if err := wait(); err != nil {
				return ignoreCancel(ctx, err)
			}
		}
	}
	if err := wait(); err != nil {
		return ignoreCancel(ctx, err)
	}

	replays, err := js.ObjectStore(ctx, replaysBucket)
	if err != nil && run.Replays {
		return r.Client.noQueue(err)
	}
	for len(sent) < len(games) {
		m, err := msgs.Next()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			if errors.Is(err, jetstream.ErrMsgIteratorClosed) {
				return nil
			}
			return fmt.Errorf("results: %w", err)
		}
		var res result
		if err := json.Unmarshal(m.Data(), &res); err != nil {
			return fmt.Errorf("result %s: %w", m.Subject(), err)
		}
		if !want[res.Index] || sent[res.Index] {
			continue
		}
		if res.Error != "" {
			return fmt.Errorf("game %d (seed %d) on worker %s: %s", res.Index+1, run.Seeds[res.Index/2], res.Worker, res.Error)
		}
		g, err := match.UnmarshalRecord(res.Record)
		if err != nil {
			return fmt.Errorf("result of game %d from worker %s: %w", res.Index+1, res.Worker, err)
		}
		g.Index = res.Index
		if g.Replay != "" && o.ReplaysDir != "" {
			if err := fetchReplay(ctx, replays, r.ID, o.ReplaysDir, &g); err != nil {
				if ctx.Err() != nil {
					return nil
				}
				return err
			}
		}
		select {
		case done <- g:
			sent[res.Index] = true
		case <-ctx.Done():
			return nil
		}
	}
	return nil
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
