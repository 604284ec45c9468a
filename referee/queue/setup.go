package queue

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// The queue's names in JetStream.
const (
	gamesStream   = "IMPULSE_GAMES"   // the work queue: one message a game to play
	gamesSubject  = "impulse.games"   // .RUN
	workers       = "workers"         // the durable consumer all workers share
	resultsStream = "IMPULSE_RESULTS" // one message a finished game
	resultSubject = "impulse.results" // .RUN.INDEX
	stopSubject   = "impulse.stop"    // .RUN, core NATS: workers stop its games
	runsBucket    = "impulse_runs"    // KV: RUN -> Run
	botsBucket    = "impulse_bots"    // objects: sha256 hex -> a bot's file
	replaysBucket = "impulse_replays" // objects: RUN/NAME.json -> a game's replay
)

// Limits size the queue.
type Limits struct {
	// AckWait is how long a worker has to acknowledge a game, or tell
	// that it still plays it, before the game goes to another worker:
	// how long a dead worker's game waits. Workers say they are still
	// playing every AckWait/3.
	AckWait time.Duration
	// MaxAckPending is the most games played at once, over all workers.
	MaxAckPending int
	// MaxWaiting is the most workers' requests for a game waiting at
	// once: at least the sum of the workers' -j.
	MaxWaiting int
	// MaxQueued is the most games waiting in the queue, over all runs.
	MaxQueued int64
	// Keep is how long results, runs and replays are kept.
	Keep time.Duration
}

// DefaultLimits are Limits for up to a few thousand workers' games at
// once.
var DefaultLimits = Limits{
	AckWait:       30 * time.Second,
	MaxAckPending: 20000,
	MaxWaiting:    20000,
	MaxQueued:     1000000,
	Keep:          30 * 24 * time.Hour,
}

func (l Limits) orDefault() Limits {
	d := DefaultLimits
	if l.AckWait > 0 {
		d.AckWait = l.AckWait
	}
	if l.MaxAckPending > 0 {
		d.MaxAckPending = l.MaxAckPending
	}
	if l.MaxWaiting > 0 {
		d.MaxWaiting = l.MaxWaiting
	}
	if l.MaxQueued > 0 {
		d.MaxQueued = l.MaxQueued
	}
	if l.Keep > 0 {
		d.Keep = l.Keep
	}
	return d
}

// Setup creates or updates the queue's streams, consumer and buckets.
// It is idempotent: a restarted server runs it on the streams it finds.
func Setup(ctx context.Context, js jetstream.JetStream, l Limits) error {
	l = l.orDefault()
	games, err := js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        gamesStream,
		Description: "games to play, one message a game; each goes to one worker",
		Subjects:    []string{gamesSubject + ".>"},
		Retention:   jetstream.WorkQueuePolicy,
		Storage:     jetstream.FileStorage,
		MaxMsgs:     l.MaxQueued,
		Discard:     jetstream.DiscardNew,
		Duplicates:  2 * time.Minute,
	})
	if err != nil {
		return fmt.Errorf("stream %s: %w", gamesStream, err)
	}
	_, err = games.CreateOrUpdateConsumer(ctx, jetstream.ConsumerConfig{
		Durable:       workers,
		Description:   "the workers: each game to one of them, again when its ack deadline passes",
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       l.AckWait,
		MaxDeliver:    -1,
		MaxAckPending: l.MaxAckPending,
		MaxWaiting:    l.MaxWaiting,
	})
	if err != nil {
		return fmt.Errorf("consumer %s: %w", workers, err)
	}
	_, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
		Name:        resultsStream,
		Description: "finished games: one message per run and game index, stored once",
		Subjects:    []string{resultSubject + ".>"},
		Storage:     jetstream.FileStorage,
		MaxAge:      l.Keep,
		// The workers publish expecting no message on the subject; this
		// also keeps one should a publisher not.
		MaxMsgsPerSubject:    1,
		Discard:              jetstream.DiscardNew,
		DiscardNewPerSubject: true,
	})
	if err != nil {
		return fmt.Errorf("stream %s: %w", resultsStream, err)
	}
	if _, err := js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{
		Bucket: runsBucket, Description: "runs: their games and players", Storage: jetstream.FileStorage, TTL: l.Keep,
	}); err != nil {
		return fmt.Errorf("bucket %s: %w", runsBucket, err)
	}
	if _, err := js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{
		Bucket: botsBucket, Description: "bots' files by sha256", Storage: jetstream.FileStorage, TTL: l.Keep,
	}); err != nil {
		return fmt.Errorf("bucket %s: %w", botsBucket, err)
	}
	if _, err := js.CreateOrUpdateObjectStore(ctx, jetstream.ObjectStoreConfig{
		Bucket: replaysBucket, Description: "games' replays by run", Storage: jetstream.FileStorage, TTL: l.Keep,
	}); err != nil {
		return fmt.Errorf("bucket %s: %w", replaysBucket, err)
	}
	return nil
}

// errNoQueue says the server has no queue's streams.
var errNoQueue = errors.New("the server has no impulse queue (is it a referee server?)")
