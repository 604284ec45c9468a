package match

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	"golang.org/x/sync/errgroup"

	"impulse/referee"
)

// A Runner plays the games of a match. Run keeps everything else: the
// order of the pairs, the statistics and the SPRT, -results, progress and
// the report. Without one ([Options].Runner nil), Run plays the games in
// this process's children, o.Parallel at a time; referee/queue's client
// sends them to workers on other machines, which play each with
// [PlayGame].
type Runner interface {
	// Play plays games, sending each one it finishes on done (its Index
	// set, in any order, each index once) and returns when all have been
	// sent or ctx is done; Run cancels ctx when the SPRT has decided. o is
	// the match, read-only. An error means a game could not be played,
	// and stops the match.
	Play(ctx context.Context, o *Options, games []Spec, done chan<- Game) error
}

// Spec is one game of a match to play: its index in the match (pair
// Index/2, p1 in seat 1 when Index is odd) and its pair's seed.
type Spec struct {
	Index int
	Seed  int64
}

// localRunner plays the games in this process's children, o.Parallel at
// a time, in index order.
type localRunner struct{ def *referee.Game }

func (r localRunner) Play(ctx context.Context, o *Options, games []Spec, done chan<- Game) error {
	g, gctx := errgroup.WithContext(ctx)
	jobs := make(chan Spec)
	g.Go(func() error {
		defer close(jobs)
		for _, s := range games {
			select {
			case jobs <- s:
			case <-gctx.Done():
				return nil
			}
		}
		return nil
	})
	var workers sync.WaitGroup
	for w := 0; w < o.Parallel; w++ {
		workers.Add(1)
		g.Go(func() error {
			defer workers.Done()
			for s := range jobs {
				mg, err := playGame(gctx, r.def, o, s.Index, s.Seed)
				if err != nil {
					if gctx.Err() != nil {
						return nil
					}
					return fmt.Errorf("game %d (seed %d): %w", s.Index+1, s.Seed, err)
				}
				select {
				case done <- mg:
				case <-gctx.Done():
					return nil
				}
			}
			return nil
		})
	}
	return g.Wait()
}

// MaxRecordStderr is how much of the end of each bot's stderr a record
// (MarshalRecord) keeps: the report shows its last lines.
const MaxRecordStderr = 4 << 10

// record is a Game with what its JSON line leaves out and the report
// needs.
type record struct {
	Game
	Index   int        `json:"index"`
	Stderr  [2]string  `json:"stderr,omitzero"`
	Answers [2]int     `json:"answers"`
	Total   [2]float64 `json:"total_ms"`
	Worst   [2]float64 `json:"worst_ms"`
	First   [2]bool    `json:"first"`
}

// MarshalRecord encodes g for another process (a queue's worker sends
// it to the match): its JSON line, its index, the exact response times the
// report sums, and the last MaxRecordStderr bytes of each bot's stderr.
// UnmarshalRecord decodes it.
func (g *Game) MarshalRecord() ([]byte, error) {
	r := g.record()
	for p, s := range g.Stderr {
		if len(s) > MaxRecordStderr {
			s = s[len(s)-MaxRecordStderr:]
			if i := strings.IndexByte(s, '\n'); i >= 0 {
				s = s[i+1:]
			}
		}
		r.Stderr[p] = s
	}
	return json.Marshal(&r)
}

// UnmarshalRecord decodes a game encoded by MarshalRecord.
func UnmarshalRecord(data []byte) (Game, error) {
	var r record
	if err := json.Unmarshal(data, &r); err != nil {
		return Game{}, fmt.Errorf("game record: %w", err)
	}
	return r.game(), nil
}

// record returns g's record, with all its stderr.
func (g *Game) record() record {
	return record{Game: *g, Index: g.Index, Stderr: g.Stderr, Answers: g.answers, Total: g.total, Worst: g.worst, First: g.first}
}

// game returns the game r records.
func (r *record) game() Game {
	g := r.Game
	g.Index, g.Stderr = r.Index, r.Stderr
	g.answers, g.total, g.worst, g.first = r.Answers, r.Total, r.Worst, r.First
	return g
}
