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
	if err := o.check(t); err != nil {
		return err
	}
	pairs := 1
	if o.Opponent {
		pairs = 2
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	g, gctx := errgroup.WithContext(runCtx)
	r := &run{
		t: t, o: &o, g: g, ctx: gctx,
		inFlight: (max(o.Parallel, 2)/2 + pairs - 1) / pairs, // W
		sem:      make(chan struct{}, max(o.Parallel/2, 1)),  // pairs at once
		results:  make(map[int]chan played),
		first:    t.K,
	}
	err := r.apply()
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

// check checks o for a run of t: a runner, and the iterations applied
// before t.K, if given, of t's parameters.
func (o *Options) check(t *Tuner) error {
	if o.Runner == nil {
		return errors.New("tune: no runner")
	}
	if o.Applied == nil {
		return nil
	}
	if len(o.Applied) != t.K {
		return fmt.Errorf("tune: %d iterations applied before, and theta is after iteration %d", len(o.Applied), t.K)
	}
	for i := range o.Applied {
		if len(o.Applied[i].Theta) != len(t.Theta) {
			return fmt.Errorf("tune: iteration %d applied before has %d values of theta, want %d", i+1, len(o.Applied[i].Theta), len(t.Theta))
		}
	}
	return nil
}

// run is a Run under way: the iterations in flight, each sending its
// scores on its channel in results when its games are played.
type run struct {
	t        *Tuner
	o        *Options
	g        *errgroup.Group
	ctx      context.Context // g's
	inFlight int             // W, the iterations played at once
	sem      chan struct{}   // a token per pair playing
	results  map[int]chan played
	first    int // t.K when the run started
}

// played is an iteration whose games are played, with their scores.
type played struct {
	it     Iteration
	scores []float64
}

// apply launches the iterations, W ahead of the last one applied, and
// applies each in order as its games finish, until the last iteration,
// an error of o.Done (returned), or the end of r.ctx.
func (r *run) apply() error {
	t := r.t
	next := t.K + 1
	for t.K < t.Iterations {
		for next <= t.Iterations && next-t.K <= r.inFlight {
			r.launch(next)
			next++
		}
		var p played
		select {
		case p = <-r.results[t.K+1]:
		case <-r.ctx.Done():
		}
		if r.ctx.Err() != nil {
			return nil
		}
		delete(r.results, t.K+1)
		it := p.it
		it.Scores = p.scores
		t.Update(&it, p.scores[0]+p.scores[1])
		if r.o.Done != nil {
			if err := r.o.Done(t, &it); err != nil {
				return err
			}
		}
	}
	return nil
}

// launch draws iteration k around theta after iteration k−W, and plays
// its games in r.g.
func (r *run) launch(k int) {
	t, o := r.t, r.o
	// theta after iteration k−W: t.Theta once the run is under way (k is
	// launched as soon as k−W is applied).
	theta := t.Theta
	if from := k - r.inFlight; r.first > 0 && from < r.first && o.Applied != nil {
		theta = t.start()
		if from > 0 {
			theta = o.Applied[from-1].Theta
		}
	}
	it := t.PerturbFrom(k, theta)
	it.Seed = o.Seed + int64(k) - 1
	ch := make(chan played, 1)
	r.results[k] = ch
	r.g.Go(func() error {
		scores, err := r.play(&it)
		if err != nil {
			return err
		}
		ch <- played{it, scores}
		return nil
	})
}

// play plays the pairs of iteration it, each when a pair's token is
// free, and returns the scores of its two games: the plus side's points
// less the minus side's, or against a fixed opponent the two sides'
// points less each other's, game by game (same seed and seat).
func (r *run) play(it *Iteration) ([]float64, error) {
	k := it.K
	sides := []Pair{{Iteration: k, Seed: it.Seed, A: it.Plus, B: it.Minus}}
	if r.o.Opponent {
		sides = []Pair{{Iteration: k, Seed: it.Seed, A: it.Plus}, {Iteration: k, Side: 1, Seed: it.Seed, A: it.Minus}}
	}
	pts := make([][2]float64, len(sides))
	pg, pctx := errgroup.WithContext(r.ctx)
	for i, p := range sides {
		pg.Go(func() error {
			select {
			case r.sem <- struct{}{}:
			case <-pctx.Done():
				return pctx.Err()
			}
			defer func() { <-r.sem }()
			s, err := r.o.Runner.PlayPair(pctx, p)
			if err != nil {
				return fmt.Errorf("iteration %d, seed %d: %w", k, p.Seed, err)
			}
			pts[i] = s
			return nil
		})
	}
	if err := pg.Wait(); err != nil {
		return nil, err
	}
	if r.o.Opponent {
		return []float64{pts[0][0] - pts[1][0], pts[0][1] - pts[1][1]}, nil
	}
	return []float64{2*pts[0][0] - 1, 2*pts[0][1] - 1}, nil
}
