package league

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"impulse/referee/match"
)

// RunOptions configures Run.
type RunOptions struct {
	// Parallel is the number of pairs played at once (at least 1). This
	// machine plays a pair's two games one after the other: Parallel
	// games at once.
	Parallel int
	// Games: Run returns once the league counts this many games; 0
	// plays until ctx is done.
	Games int
	// MinGames, Seed: see Pairing.
	MinGames int
	Seed     int64
	// TimeScale multiplies the time limits, as match's.
	TimeScale float64
	// Players turns the bots' commands into players, as for Add.
	Players PlayerFunc
	// Runner returns what plays a pair's games, o being the pair as a
	// match (its players the plan's, p1 first); nil plays them in this
	// process's children.
	Runner func(ctx context.Context, p Plan, o *match.Options) (match.Runner, error)
	// Log, when set, receives a line per finished pair and what the run
	// waits for.
	Log io.Writer
}

// Run plays the league's pairs, Parallel at a time, each chosen by
// Pairing.Next on the league as stored just before (a bot added or
// stopped meanwhile is seen), its plan stored before its games are
// played and each game stored as it finishes, once under its key. It
// starts with the pairs planned before but not finished (a run killed
// in their middle), their finished games not played again, unless a
// bot of theirs has been stopped or removed since. It returns when the
// league counts o.Games games, or when ctx is done: the running games
// are then abandoned, their pairs finished by the next run. The error
// says a game could not be played (a bot that does not start), or the
// store failed.
func Run(ctx context.Context, s *Store, o RunOptions) error {
	if o.Parallel < 1 {
		o.Parallel = 1
	}
	if o.TimeScale <= 0 {
		return fmt.Errorf("time scale %v: want > 0", o.TimeScale)
	}
	r := &run{
		s: s, o: o, pg: Pairing{MinGames: o.MinGames, Horizon: 2 * o.Parallel, Seed: o.Seed},
		inFlight: map[int]Plan{}, started: map[int]bool{}, done: make(chan pairDone),
	}
	playCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	err := r.loop(ctx, playCtx)
	cancel()
	for len(r.inFlight) > 0 {
		r.finish(<-r.done)
	}
	if st, lerr := s.Load(context.Background()); lerr == nil {
		r.report(st)
	}
	return err
}

// run is the state of Run.
type run struct {
	s  *Store
	o  RunOptions
	pg Pairing
	// inFlight holds the pairs being played, started the pairs played
	// (or being) by this run.
	inFlight map[int]Plan
	started  map[int]bool
	done     chan pairDone
	finished []pairDone // to report
	waiting  bool       // the wait for bots has been reported
}

// pairDone is a pair played: its games stored, or why it could not be.
type pairDone struct {
	plan  Plan
	games []Record
	err   error
}

// loop reads the league and starts the next pair while fewer than
// Parallel play and more games are needed, else waits for a pair to
// finish (or a second, for the bots added meanwhile).
func (r *run) loop(ctx, playCtx context.Context) error {
	for {
		st, err := r.s.Load(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		r.report(st)
		if r.enough(st) && len(r.inFlight) == 0 {
			return nil
		}
		if len(r.inFlight) < r.o.Parallel && !r.enough(st) {
			started, err := r.startNext(ctx, playCtx, st)
			if err != nil {
				if ctx.Err() != nil {
					return nil // interrupted while storing the plan
				}
				return err
			}
			if started {
				continue
			}
		}
		select {
		case d := <-r.done:
			if err := r.finish(d); err != nil && ctx.Err() == nil {
				return err
			}
		case <-ctx.Done():
			return nil
		case <-time.After(time.Second):
		}
	}
}

// startNext starts a pair planned before and unfinished, else plans
// the next pair and starts it. started is false when no pair can start
// now: fewer than two active bots, or a pair before the horizon still
// playing.
func (r *run) startNext(ctx, playCtx context.Context, st *State) (started bool, err error) {
	stored := storedKeys(st)
	if p, games, ok := r.pending(st, stored); ok {
		r.start(playCtx, st, p, games)
		return true, nil
	}
	k := 0
	for _, p := range st.Planned {
		k = max(k, p.Pair+1)
	}
	for pair := range r.inFlight {
		if pair < k-r.pg.Horizon {
			return false, nil // its games are in the ratings pair k is chosen on
		}
	}
	p, ok := r.pg.Next(st, k)
	if !ok {
		if !r.waiting && len(r.inFlight) == 0 {
			r.logf("waiting for bots: a league plays two active bots or more (referee league add -dir %s NAME COMMAND)\n", r.s.Dir())
			r.waiting = true
		}
		return false, nil
	}
	r.waiting = false
	if err := r.s.storePlan(ctx, p); err != nil {
		return false, err
	}
	r.start(playCtx, st, p, []int{0, 1})
	return true, nil
}

// pending returns a pair planned before, not started by this run, both
// its bots active, with the indices of its games not stored.
func (r *run) pending(st *State, stored map[string]bool) (Plan, []int, bool) {
	active := map[string]bool{}
	for _, id := range activePlayers(st) {
		active[id] = true
	}
	for _, p := range st.Planned {
		if r.started[p.Pair] || !active[p.Players[0]] || !active[p.Players[1]] {
			continue
		}
		var games []int
		for i := 0; i < 2; i++ {
			if !stored[gameKey(p.Pair, i)] {
				games = append(games, i)
			}
		}
		if len(games) > 0 {
			return p, games, true
		}
	}
	return Plan{}, nil, false
}

// enough reports whether the league counts o.Games games, with those
// the pairs being played will add.
func (r *run) enough(st *State) bool {
	if r.o.Games <= 0 {
		return false
	}
	stored := storedKeys(st)
	n := len(st.Games)
	for pair := range r.inFlight {
		for i := 0; i < 2; i++ {
			if !stored[gameKey(pair, i)] {
				n++
			}
		}
	}
	return n >= r.o.Games
}

// storedKeys returns the keys of the counted games.
func storedKeys(st *State) map[string]bool {
	keys := make(map[string]bool, len(st.Games))
	for _, g := range st.Games {
		keys[g.Key] = true
	}
	return keys
}

// gameKey is the key of game i of pair k.
func gameKey(k, i int) string { return strconv.Itoa(k) + "/" + strconv.Itoa(i) }

// start plays games of pair p in a goroutine of its own, which sends
// what came of it on r.done.
func (r *run) start(ctx context.Context, st *State, p Plan, games []int) {
	r.inFlight[p.Pair], r.started[p.Pair] = p, true
	o, err := matchOptions(st, p, r.o.TimeScale, r.o.Players, r.s)
	go func() {
		if err != nil {
			r.done <- pairDone{plan: p, err: err}
			return
		}
		r.done <- r.play(ctx, p, o, games)
	}()
}

// matchOptions returns pair p as a match of its players, or the
// changedError of the first whose command plays otherwise than when its
// version was added (its fingerprint taken again, s.Fingerprint, not the
// one stored).
func matchOptions(st *State, p Plan, timeScale float64, players PlayerFunc, s *Store) (match.Options, error) {
	o := match.Options{Game: st.Game, Games: 2, Parallel: 1, Seeds: []int64{p.Seed}, TimeScale: timeScale}
	if err := o.Rules.Set(st.Rules); err != nil {
		return o, err
	}
	for i, id := range p.Players {
		at := -1
		for j, q := range st.Players {
			if q.ID == id {
				at = j
			}
		}
		if at < 0 {
			return o, fmt.Errorf("%s: no such bot in the league", id)
		}
		q := st.Players[at]
		var err error
		if o.Players[i], err = playerOf(q.Command, st.Game, o.Rules, players); err != nil {
			return o, fmt.Errorf("%s: %w", id, err)
		}
		o.Players[i].Name = id
		if q.Fingerprint == "" {
			continue
		}
		now, err := fingerprintOf(q.Command, st.Game, st.Rules, s.Fingerprint)
		if err != nil {
			return o, fmt.Errorf("%s: %w", id, err)
		}
		if now != "" && now != q.Fingerprint {
			return o, changedError{fmt.Sprintf("%s: %q plays otherwise than when it was added (fingerprint %s, now %s: the program or the referee's built-in bot changed): referee league update -dir %s %s %q rates its new play as a new version",
				id, q.Command, q.Fingerprint, now, s.Dir(), q.Name, q.Command)}
		}
	}
	return o, nil
}

// changedError says a bot's command plays otherwise than when its
// version was added.
type changedError struct{ msg string }

func (e changedError) Error() string { return e.msg }

// play plays the games of pair p with the run's runner and stores each
// one as it finishes; a game that finishes once ctx is done is not
// stored (the interruption may have decided it).
func (r *run) play(ctx context.Context, p Plan, o match.Options, games []int) pairDone {
	d := pairDone{plan: p}
	runner, err := r.runner(ctx, p, &o)
	if err != nil {
		d.err = err
		return d
	}
	specs := make([]match.Spec, len(games))
	for i, g := range games {
		specs[i] = match.Spec{Index: g, Seed: p.Seed}
	}
	finished := make(chan match.Game)
	errc := make(chan error, 1)
	go func() {
		errc <- runner.Play(ctx, &o, specs, finished)
		close(finished)
	}()
	for g := range finished {
		if ctx.Err() != nil || g.Index < 0 || g.Index > 1 {
			continue
		}
		rec := Record{Key: gameKey(p.Pair, g.Index), Pair: p.Pair, Players: p.Players, Game: g, At: time.Now().UTC()}
		sctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		if err := r.s.StoreRecord(sctx, &rec); err != nil {
			d.err = errors.Join(d.err, err)
		} else {
			d.games = append(d.games, rec)
		}
		cancel()
	}
	if err := <-errc; err != nil && ctx.Err() == nil {
		d.err = errors.Join(d.err, err)
	}
	return d
}

// runner returns the runner of pair p: RunOptions.Runner's, or this
// process's children.
func (r *run) runner(ctx context.Context, p Plan, o *match.Options) (match.Runner, error) {
	if r.o.Runner != nil {
		return r.o.Runner(ctx, p, o)
	}
	return localRunner{}, nil
}

// finish takes a pair that has been played: it is reported after the
// next read of the league; its error names the pair.
func (r *run) finish(d pairDone) error {
	delete(r.inFlight, d.plan.Pair)
	r.finished = append(r.finished, d)
	var changed changedError
	switch {
	case errors.As(d.err, &changed):
		return fmt.Errorf("pair %d (%s vs %s, seed %d): %w", d.plan.Pair, d.plan.Players[0], d.plan.Players[1], d.plan.Seed, d.err)
	case d.err != nil:
		return fmt.Errorf("pair %d (%s vs %s, seed %d): %w; stop the bot that cannot play (referee league stop NAME) and run again",
			d.plan.Pair, d.plan.Players[0], d.plan.Players[1], d.plan.Seed, d.err)
	}
	return nil
}

// report logs the pairs finished, with the league's games so far.
func (r *run) report(st *State) {
	for _, d := range r.finished {
		if len(d.games) == 0 {
			continue
		}
		points := 0.0
		for _, g := range d.games {
			points += g.Game.Score()
		}
		r.logf("pair %d (seed %d): %s %g - %g %s; %d games\n", d.plan.Pair, d.plan.Seed,
			d.plan.Players[0], points, float64(len(d.games))-points, d.plan.Players[1], len(st.Games))
	}
	r.finished = r.finished[:0]
}

func (r *run) logf(format string, args ...any) {
	if r.o.Log != nil {
		fmt.Fprintf(r.o.Log, format, args...)
	}
}

// localRunner plays a pair's games in this process's children, one after
// the other.
type localRunner struct{}

func (localRunner) Play(ctx context.Context, o *match.Options, games []match.Spec, done chan<- match.Game) error {
	for _, s := range games {
		g, err := match.PlayGame(ctx, o, s.Index, s.Seed)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("game %d: %w", s.Index, err)
		}
		select {
		case done <- g:
		case <-ctx.Done():
			return nil
		}
	}
	return nil
}
