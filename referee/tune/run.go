package tune

import (
	"context"
	"errors"
	"fmt"

	"golang.org/x/sync/errgroup"
)

// A Runner plays one pair of games: the pair's seed twice, side A in seat
// 0 then in seat 1. Every game of a run goes through it: MatchRunner plays
// them as bot processes here (or, through referee/match's Options.Runner,
// on other machines); tests play them in process.
type Runner interface {
	// PlayPair returns A's points in each game of the pair (1 a win, ½ a
	// draw, 0 a loss). An error stops the run.
	PlayPair(ctx context.Context, p Pair) ([2]float64, error)
}

// RunnerFunc is a function as a Runner.
type RunnerFunc func(ctx context.Context, p Pair) ([2]float64, error)

// PlayPair calls f.
func (f RunnerFunc) PlayPair(ctx context.Context, p Pair) ([2]float64, error) { return f(ctx, p) }

// Pair is one pair of games of an iteration.
type Pair struct {
	Iteration int
	// Side is 0, or 1 for the minus side's pair against the fixed
	// opponent: (Iteration, Side) names a pair within its run.
	Side int
	Seed int64
	// A and B are the values played, by the Tuner's Params; B nil is the
	// fixed opponent.
	A, B []float64
}

// Options configures Run.
type Options struct {
	Runner Runner
	// Opponent: each side plays its own pair against the fixed opponent
	// (Pair.B nil) instead of the other side.
	Opponent bool
	// Parallel is the number of games played at once: 1 or 2 play one
	// pair at a time (the Runner decides whether its games run at once).
	// Beyond the games of one iteration, the next iterations start
	// from theta as it was, as fishtest's workers do; iteration k then
	// starts from theta after iteration k−W, W the iterations at once, and
	// updates apply in order, so that a run is the same at the same
	// Parallel (the same as a sequential run when W is 1), resumed or
	// not (see Applied).
	Parallel int
	// Seed is the first pair's seed; iteration k plays Seed+k−1.
	Seed int64
	// Applied are the iterations applied before t.K (the journal of a
	// resumed run), or none. Iteration k starts from theta after
	// iteration k−W (the start when k ≤ W): after a resume, the first
	// W iterations take it from there, so that a resumed run plays the
	// values the whole run would have at the same Parallel. Without
	// them, they start from theta as it is.
	Applied []Iteration
	// Done, when set, is called after each iteration is applied, in order
	// (the journal, the progress); an error stops the run.
	Done func(t *Tuner, it *Iteration) error
}

// GamesPerIteration returns the games an iteration plays: a pair, or two
// against a fixed opponent.
func (o *Options) GamesPerIteration() int {
	if o.Opponent {
		return 4
	}
	return 2
}

// Run plays t's iterations from t.K+1 to t.Iterations through o.Runner
// and applies them to t. It returns ctx's error when cancelled (the
// iterations applied so far stay applied), or the first error of the
// runner or of o.Done.
func Run(ctx context.Context, t *Tuner, o Options) error {
	if o.Runner == nil {
		return errors.New("tune: no runner")
	}
	if o.Applied != nil {
		if len(o.Applied) != t.K {
			return fmt.Errorf("tune: %d iterations applied before, and theta is after iteration %d", len(o.Applied), t.K)
		}
		for i := range o.Applied {
			if len(o.Applied[i].Theta) != len(t.Theta) {
				return fmt.Errorf("tune: iteration %d applied before has %d values of theta, want %d", i+1, len(o.Applied[i].Theta), len(t.Theta))
			}
		}
	}
	pairs := 1
	if o.Opponent {
		pairs = 2
	}
	inFlight := (max(o.Parallel, 2)/2 + pairs - 1) / pairs // W
	sem := make(chan struct{}, max(o.Parallel/2, 1))       // pairs at once

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	g, gctx := errgroup.WithContext(runCtx)
	type played struct {
		it     Iteration
		scores []float64
	}
	results := make(map[int]chan played)
	first := t.K
	launch := func(k int) {
		// theta after iteration k−W: t.Theta once the run is under
		// way (k is launched as soon as k−W is applied).
		theta := t.Theta
		if from := k - inFlight; first > 0 && from < first && o.Applied != nil {
			theta = t.start()
			if from > 0 {
				theta = o.Applied[from-1].Theta
			}
		}
		it := t.PerturbFrom(k, theta)
		it.Seed = o.Seed + int64(k) - 1
		ch := make(chan played, 1)
		results[k] = ch
		g.Go(func() error {
			sides := []Pair{{Iteration: k, Seed: it.Seed, A: it.Plus, B: it.Minus}}
			if o.Opponent {
				sides = []Pair{{Iteration: k, Seed: it.Seed, A: it.Plus}, {Iteration: k, Side: 1, Seed: it.Seed, A: it.Minus}}
			}
			pts := make([][2]float64, len(sides))
			pg, pctx := errgroup.WithContext(gctx)
			for i, p := range sides {
				pg.Go(func() error {
					select {
					case sem <- struct{}{}:
					case <-pctx.Done():
						return pctx.Err()
					}
					defer func() { <-sem }()
					s, err := o.Runner.PlayPair(pctx, p)
					if err != nil {
						return fmt.Errorf("iteration %d, seed %d: %w", k, p.Seed, err)
					}
					pts[i] = s
					return nil
				})
			}
			if err := pg.Wait(); err != nil {
				return err
			}
			var scores []float64
			if o.Opponent {
				// The two sides' points, game by game (same seed and seat).
				scores = []float64{pts[0][0] - pts[1][0], pts[0][1] - pts[1][1]}
			} else {
				// The plus side's points less the minus side's.
				scores = []float64{2*pts[0][0] - 1, 2*pts[0][1] - 1}
			}
			ch <- played{it, scores}
			return nil
		})
	}

	next := t.K + 1
	var err error
	for t.K < t.Iterations {
		for next <= t.Iterations && next-t.K <= inFlight {
			launch(next)
			next++
		}
		var p played
		select {
		case p = <-results[t.K+1]:
		case <-gctx.Done():
		}
		if gctx.Err() != nil {
			break
		}
		delete(results, t.K+1)
		it := p.it
		it.Scores = p.scores
		t.Update(&it, p.scores[0]+p.scores[1])
		if o.Done != nil {
			if err = o.Done(t, &it); err != nil {
				break
			}
		}
	}
	// Stop what is still in flight (after an error or a cancel): its
	// results are dropped.
	cancel()
	werr := g.Wait()
	switch {
	case err != nil:
		return err
	case ctx.Err() != nil:
		return ctx.Err()
	}
	return werr
}
