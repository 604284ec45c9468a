package league

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"

	"impulse/referee/queue"
)

// A league's folder holds:
//
//	store/  the embedded JetStream's files: the league's stream
//	lock    locked (flock) by the process that runs the embedded server
//	url     while run owns the store: its server's address, which the
//	        other commands dial
const (
	storeDir = "store"
	lockFile = "lock"
	urlFile  = "url"
	stream   = "LEAGUE"
)

// dedupWindow is how long JetStream remembers a record's Nats-Msg-Id and
// drops a second publication of it: as long as it allows, since a record
// of a pair replayed after a crash may come long after the first.
// Beyond it the fold still counts each key once.
const dedupWindow = 10 * 365 * 24 * time.Hour

// lockWait is how long a command waits for a store that another command
// holds (each holds it for a moment) before it gives up.
const lockWait = 30 * time.Second

// Access says what Open is for.
type Access int

const (
	// Use opens a league that exists.
	Use Access = iota
	// Create opens a league, starting one in an empty or missing folder.
	Create
	// Own opens a league that exists for run: this process owns the
	// store until Close, and the other commands dial it.
	Own
)

// Store is an open league: the embedded JetStream this process started
// (it holds the folder's lock), or a connection to the one run started.
type Store struct {
	// Fingerprint, when set, takes the digest of how a bot's command
	// plays at add and update (Player.Fingerprint), and again before Run
	// plays a pair of it: a version whose command plays otherwise than
	// when it was added plays no more, and Run says so.
	Fingerprint FingerprintFunc

	dir    string
	lock   *os.File      // held while this process owns the store
	server *queue.Server // the server this process started, or nil
	nc     *nats.Conn
	js     jetstream.JetStream
	stream jetstream.Stream
	owner  bool // a run's store, its url written

	mu   sync.Mutex
	f    *fold              // the log folded so far
	cons jetstream.Consumer // reads the log in order, from f.seq
}

// Open opens the league in dir. The process that takes the folder's lock
// starts the embedded server for as long as the store is open; the
// others dial the server of run, which holds the lock while it plays.
// A command waits a moment for a lock another command holds; Own fails
// at once when another run plays the league.
func Open(ctx context.Context, dir string, how Access) (*Store, error) {
	if how == Create {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return nil, err
		}
	} else if _, err := os.Stat(filepath.Join(dir, storeDir)); err != nil {
		return nil, fmt.Errorf("no league in %s (referee league add -dir %s NAME COMMAND starts one)", dir, dir)
	}
	deadline := time.Now().Add(lockWait)
	for {
		lock, err := tryLock(dir)
		if err == nil {
			s, err := start(ctx, dir, lock, how == Own)
			if err != nil {
				lock.Close()
			}
			return s, err
		}
		if !errors.Is(err, errLocked) {
			return nil, err
		}
		s, derr := dial(ctx, dir)
		switch {
		case derr == nil && how == Own:
			url := s.nc.ConnectedUrl()
			s.Close()
			return nil, fmt.Errorf("%s: another run plays this league (at %s)", dir, url)
		case derr == nil:
			return s, nil
		case time.Now().After(deadline):
			return nil, fmt.Errorf("%s: the league is in use (its lock is held, and no run answers: %v)", dir, derr)
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}

var errLocked = errors.New("locked")

// tryLock takes the folder's lock, or fails with errLocked. The kernel
// frees it when the process dies, killed or not.
func tryLock(dir string) (*os.File, error) {
	f, err := os.OpenFile(filepath.Join(dir, lockFile), os.O_CREATE|os.O_RDWR, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, errLocked
		}
		return nil, fmt.Errorf("%s: lock: %w", dir, err)
	}
	return f, nil
}

// start starts the embedded server on the folder's store (its lock
// held), creates the league's stream if need be, and, for run, writes
// the server's address for the other commands.
func start(ctx context.Context, dir string, lock *os.File, owner bool) (*Store, error) {
	url := filepath.Join(dir, urlFile)
	if err := os.Remove(url); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err // left by a run that was killed
	}
	srv, err := queue.Start(queue.ServerConfig{Listen: "127.0.0.1:0", StoreDir: filepath.Join(dir, storeDir)})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	s, err := connect(ctx, dir, srv.URL(), true)
	if err != nil {
		srv.Shutdown()
		return nil, err
	}
	s.lock, s.server = lock, srv
	if owner {
		tmp := url + ".tmp"
		if err = os.WriteFile(tmp, []byte(srv.URL()+"\n"), 0o644); err == nil {
			err = os.Rename(tmp, url)
		}
		if err != nil {
			s.Close()
			return nil, err
		}
		s.owner = true
	}
	return s, nil
}

// dial connects to the server whose address run wrote in the folder.
func dial(ctx context.Context, dir string) (*Store, error) {
	data, err := os.ReadFile(filepath.Join(dir, urlFile))
	if err != nil {
		return nil, err
	}
	url := strings.TrimSpace(string(data))
	if err := queue.CheckURL(url); err != nil {
		return nil, fmt.Errorf("%s: %w", filepath.Join(dir, urlFile), err)
	}
	return connect(ctx, dir, url, false)
}

// connect connects to the server at url and opens the league's stream,
// creating it when create is set.
func connect(ctx context.Context, dir, url string, create bool) (*Store, error) {
	nc, err := nats.Connect(url, nats.Name("impulse league"), nats.Timeout(2*time.Second))
	if err != nil {
		return nil, err
	}
	s := &Store{dir: dir, nc: nc, f: newFold()}
	if s.js, err = jetstream.New(nc); err != nil {
		nc.Close()
		return nil, err
	}
	if create {
		s.stream, err = s.js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{
			Name:        stream,
			Description: "a league: its setting, players, planned pairs and finished games, in order",
			Subjects:    []string{"league.>"},
			Storage:     jetstream.FileStorage,
			Duplicates:  dedupWindow,
		})
	} else {
		s.stream, err = s.js.Stream(ctx, stream)
	}
	if err != nil {
		nc.Close()
		return nil, fmt.Errorf("%s: the league's stream: %w", dir, err)
	}
	return s, nil
}

// Dir returns the league's folder.
func (s *Store) Dir() string { return s.dir }

// Close closes the connection; a store this process owns is shut down,
// its files written, and its lock freed.
func (s *Store) Close() error {
	s.nc.Close()
	if s.owner {
		os.Remove(filepath.Join(s.dir, urlFile))
	}
	if s.server != nil {
		s.server.Shutdown()
	}
	if s.lock != nil {
		return s.lock.Close()
	}
	return nil
}

// Load reads what was stored since the last Load and returns the state
// of the league.
func (s *Store) Load(ctx context.Context) (*State, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.catchUp(ctx); err != nil {
		return nil, err
	}
	return s.f.state(), nil
}

// catchUp folds the messages stored after s.f.seq, up to the last one
// the stream holds now.
func (s *Store) catchUp(ctx context.Context) error {
	info, err := s.stream.Info(ctx)
	if err != nil {
		return fmt.Errorf("%s: %w", s.dir, err)
	}
	last := info.State.LastSeq
	if s.f.seq >= last {
		return nil
	}
	if s.cons == nil {
		if s.cons, err = s.stream.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{}); err != nil {
			return fmt.Errorf("%s: %w", s.dir, err)
		}
	}
	for s.f.seq < last {
		n := min(last-s.f.seq, 512)
		batch, err := s.cons.Fetch(int(n), jetstream.FetchMaxWait(5*time.Second))
		if err != nil {
			return fmt.Errorf("%s: %w", s.dir, err)
		}
		got := 0
		for m := range batch.Messages() {
			md, err := m.Metadata()
			if err != nil {
				return err
			}
			s.f.seq = md.Sequence.Stream
			if err := s.f.apply(m.Subject(), m.Data()); err != nil {
				return err
			}
			got++
		}
		if err := batch.Error(); err != nil {
			return fmt.Errorf("%s: %w", s.dir, err)
		}
		if got == 0 {
			return fmt.Errorf("%s: the store holds messages up to %d, and none came after %d", s.dir, last, s.f.seq)
		}
	}
	return nil
}

// publish stores v as JSON on subject.
func (s *Store) publish(ctx context.Context, subject string, v any, opts ...jetstream.PublishOpt) (*jetstream.PubAck, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	ack, err := s.js.Publish(ctx, subject, data, opts...)
	if err != nil {
		return nil, fmt.Errorf("%s: storing on %s: %w", s.dir, subject, err)
	}
	return ack, nil
}

// StoreRecord stores a finished game under its key. A second record of
// the key is dropped by JetStream (its Nats-Msg-Id is the key) and, should
// one be stored all the same, counts once: a game a worker played again,
// or a publication retried, is counted once.
func (s *Store) StoreRecord(ctx context.Context, r *Record) error {
	_, err := s.publish(ctx, gamesSubject, r, jetstream.WithMsgID(r.Key))
	return err
}

// Records returns every record the store holds, in the order stored,
// duplicates included: what the fold counts once.
func (s *Store) Records(ctx context.Context) ([]Record, error) {
	cons, err := s.stream.OrderedConsumer(ctx, jetstream.OrderedConsumerConfig{FilterSubjects: []string{gamesSubject}})
	if err != nil {
		return nil, err
	}
	info, err := s.stream.Info(ctx, jetstream.WithSubjectFilter(gamesSubject))
	if err != nil {
		return nil, err
	}
	n := int(info.State.Subjects[gamesSubject])
	var out []Record
	for len(out) < n {
		m, err := cons.Next(jetstream.FetchMaxWait(5 * time.Second))
		if err != nil {
			return out, fmt.Errorf("%s: record %d of %d: %w", s.dir, len(out)+1, n, err)
		}
		var r Record
		if err := json.Unmarshal(m.Data(), &r); err != nil {
			return out, err
		}
		out = append(out, r)
	}
	return out, nil
}

// storePlan stores a planned pair, once per pair.
func (s *Store) storePlan(ctx context.Context, p Plan) error {
	_, err := s.publish(ctx, plansSubject, p, jetstream.WithMsgID(fmt.Sprintf("plan/%d", p.Pair)))
	return err
}
