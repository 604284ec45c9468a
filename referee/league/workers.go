package league

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"sync"

	"github.com/nats-io/nats.go/jetstream"

	"impulse/referee/match"
	"impulse/referee/queue"
)

// newID returns a new league's id: "league-" and a fresh run id of the
// queue (the time and a random suffix).
func newID() string { return "league-" + queue.NewRunID() }

// ID returns the league's id, drawn at its first add; a league started
// before leagues had one is given one now, once.
func (s *Store) ID(ctx context.Context) (string, error) {
	for try := 0; ; try++ {
		st, last, err := s.loadLast(ctx)
		if err != nil {
			return "", err
		}
		if st.ID != "" {
			return st.ID, nil
		}
		if st.Game == "" {
			return "", errors.New("the league has no bots yet")
		}
		set := Setting{Game: st.Game, Rules: st.Rules, Anchor: st.Anchor, ID: newID()}
		_, err = s.publish(ctx, settingSubject, set, jetstream.WithExpectLastSequencePerSubject(last[settingSubject]))
		if err != nil && (try >= 5 || !isWrongSequence(err)) {
			return "", err
		}
	}
}

// Workers plays a league's pairs on the workers of a queue ("referee
// server"): its Runner is a RunOptions.Runner. Each bot is shipped once
// (queue.Shipper.Ship: a built-in by name, a file by its content), the
// first time one of its pairs plays; each pair is a run of the queue
// named after the league and the pair, which a run restarted after a
// kill resumes: the games the workers finished meanwhile are collected,
// not played again.
type Workers struct {
	Shipper *queue.Shipper
	// Server is the queue's address, for the errors.
	Server string
	// League is the league's id (Store.ID).
	League string

	mu   sync.Mutex
	bots map[string]queue.Bot // shipped, by player ID
}

// Runner returns the runner of pair p, o being the pair as a match: a
// queue.Remote that starts or resumes the pair's run, whose id is
// League, the pair's number and 8 hex digits of the sha256 of the match
// as the workers play it (game, rules, time scale, seed and the bots as
// shipped), so that a pair whose bot file or time scale changed is a
// run of its own rather than one the queue refuses to resume.
func (w *Workers) Runner(ctx context.Context, p Plan, o *match.Options) (match.Runner, error) {
	r := &queue.Remote{Client: w.Shipper.Client, StartOrResume: true}
	for i, id := range p.Players {
		b, err := w.ship(ctx, id, o.Players[i])
		if err != nil {
			return nil, fmt.Errorf("shipping to the workers of %s: %w", w.Server, err)
		}
		r.Players[i] = b
	}
	h := sha256.New()
	json.NewEncoder(h).Encode(struct {
		Game, Rules string
		TimeScale   float64
		Seed        int64
		Bots        [2]queue.Bot
	}{o.Game, o.Rules.String(), o.TimeScale, p.Seed, r.Players})
	r.ID = fmt.Sprintf("%s-%d-%x", w.League, p.Pair, h.Sum(nil)[:4])
	return pairRunner{remote: r, seed: p.Seed, server: w.Server}, nil
}

// ship returns the bot of player id, shipping p the first time.
func (w *Workers) ship(ctx context.Context, id string, p match.Player) (queue.Bot, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if b, ok := w.bots[id]; ok {
		return b, nil
	}
	b, err := w.Shipper.Ship(ctx, id, p)
	if err != nil {
		return b, err
	}
	if w.bots == nil {
		w.bots = map[string]queue.Bot{}
	}
	w.bots[id] = b
	return b, nil
}

// pairRunner plays a pair's games on the workers. Its run always holds
// both games, so that the run's seeds are the pair's whichever games are
// left: a game the league has stored already comes back from the
// queue's results, not played again, and is dropped here.
type pairRunner struct {
	remote *queue.Remote
	seed   int64
	server string
}

func (r pairRunner) String() string { return r.remote.String() }

func (r pairRunner) Play(ctx context.Context, o *match.Options, games []match.Spec, done chan<- match.Game) error {
	want := map[int]bool{}
	for _, g := range games {
		want[g.Index] = true
	}
	got := make(chan match.Game)
	errc := make(chan error, 1)
	go func() {
		errc <- r.remote.Play(ctx, o, []match.Spec{{Index: 0, Seed: r.seed}, {Index: 1, Seed: r.seed}}, got)
		close(got)
	}()
	for g := range got {
		if !want[g.Index] {
			continue
		}
		select {
		case done <- g:
		case <-ctx.Done():
		}
	}
	if err := <-errc; err != nil {
		return fmt.Errorf("on the workers of %s, run %s: %w", r.server, r.remote.ID, err)
	}
	return nil
}
