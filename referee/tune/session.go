package tune

import (
	"context"
	"errors"
	"fmt"
	"io"
	"slices"

	"impulse/referee/match"
	"impulse/referee/queue"
)

// Session is a tuning run as "referee tune" plays it: in its folder (see
// OpenFolder), its games played by bot processes here (MatchRunner) or on
// the workers of a queue, its progress shown as it goes.
type Session struct {
	Setting
	Dir    string // the run's folder
	Resume bool   // continue the run in Dir
	// Parallel is the number of games played, or queued, at once.
	Parallel int
	// Player turns a command line into a player: the referee's built-in
	// bots (referee/builtin's Player).
	Player func(cmd string) (match.Player, error)
	// Server, when set, is the queue (referee server's URL) whose workers
	// play the games: each pair is a run of it (see Session.Run). Token
	// is its token, and Builtin the words that run a built-in bot here
	// (builtin.Launcher), shipped by name.
	Server, Token string
	Builtin       []string
	// InProcess, when set, plays the pairs instead of bot processes
	// (referee/arena's TuneRunner: built-in bots in this process); Server
	// must then be "".
	InProcess Runner
	// OnQueue, when set, is called with the queue's client (tests).
	OnQueue func(*queue.Client)
	// Stdout receives the run's announcement and its result; Stderr the
	// players' warnings and, with Progress, the Progress lines, redrawn
	// in place when Terminal.
	Stdout, Stderr     io.Writer
	Progress, Terminal bool
}

// ErrInterrupted is Run's error when its context ends it: the folder
// keeps the iterations applied, and a resumed run continues.
var ErrInterrupted = errors.New("tune: interrupted")

// Run plays the run in s.Dir: it opens the folder (resuming the run with
// s.Resume), makes the runner of the pairs, announces the run on Stdout,
// plays the iterations, recording each in the folder, and at the end
// prints theta and writes the tuned bot's command. Its errors are the
// folder's (a SettingError for a folder that does not fit), the queue's,
// the iterations' (after which the run can be resumed), or
// ErrInterrupted.
//
// With s.Server each pair is a run of the queue, its id the tuning run's
// (kept in QueueFile) with the iteration, the side and a hash of the
// players (queue.Shipper.NamedRemote): a resumed run finds the games
// finished before it stopped and plays the others.
func (s *Session) Run(ctx context.Context) error {
	t := NewTuner(s.Params, s.Iterations, s.Seed)
	f, err := OpenFolder(s.Dir, &s.Setting, t, s.Resume)
	if err != nil {
		return err
	}
	defer f.Close()
	runner, done, err := s.runner(ctx, f)
	if err != nil {
		return err
	}
	defer done()
	o := Options{Runner: runner, Opponent: s.P2 != "", Parallel: s.Parallel, Seed: s.Seed, Applied: slices.Clip(f.History)}
	s.announce(t)
	var progress *Progress
	if s.Progress {
		progress = NewProgress(s.Stderr, s.Terminal, t, s.GamesPerIteration())
	}
	o.Done = func(t *Tuner, it *Iteration) error {
		if err := f.Record(t, it); err != nil {
			return err
		}
		if progress != nil {
			progress.Update(t, it)
		}
		return nil
	}
	runErr := Run(ctx, t, o)
	if err := f.WritePlot(t); err != nil && runErr == nil {
		runErr = err
	}
	if runErr != nil {
		if ctx.Err() != nil {
			fmt.Fprintf(s.Stdout, "tune: interrupted after iteration %d of %d; -resume continues\n", t.K, t.Iterations)
			return ErrInterrupted
		}
		return fmt.Errorf("%w (after iteration %d; -resume continues)", runErr, t.K)
	}
	return s.finish(f, t)
}

// runner returns the runner of the pairs, and the function that
// releases it (the queue's connection).
func (s *Session) runner(ctx context.Context, f *Folder) (Runner, func(), error) {
	if s.InProcess != nil {
		return s.InProcess, func() {}, nil
	}
	r := &MatchRunner{
		Match:  match.Options{Game: s.Game, Rules: s.Rules, TimeScale: s.TimeScale, Parallel: s.Parallel},
		Bot:    s.Bot,
		Params: s.Params,
		Player: s.Player,
	}
	if s.P2 != "" {
		r.Opponent, _ = s.Player(s.P2)
	}
	if s.Server == "" {
		return r, func() {}, nil
	}
	q, err := s.onQueue(ctx, f, r)
	if err != nil {
		return nil, nil, err
	}
	return r, q.Close, nil
}

// announce says on Stdout what the run plays, and from which iteration.
func (s *Session) announce(t *Tuner) {
	against := "each other"
	if s.P2 != "" {
		against = s.P2
	}
	fmt.Fprintf(s.Stdout, "tune: %d parameters of %q against %s: %d games, %d iterations of %d, %d at once; from iteration %d; in %s\n",
		len(s.Params), s.Bot, against, s.Games, s.Iterations, s.GamesPerIteration(), s.Parallel, t.K+1, s.Dir)
}

// finish prints theta at the end of the run, and the tuned bot's
// command, which it writes to the folder's CommandFile.
func (s *Session) finish(f *Folder, t *Tuner) error {
	values := t.Values()
	cmd, err := Command(s.Bot, s.Params, values)
	if err != nil {
		return err
	}
	fmt.Fprintf(s.Stdout, "tune: done, %d games; theta (start -> end, as played):\n", s.Games)
	for i, p := range s.Params {
		fmt.Fprintf(s.Stdout, "  %-20s %12s -> %-12s (%s)\n", p.Name, Format(p.Start, p.Integer), Format(values[i], p.Integer), Format(t.Theta[i], false))
	}
	fmt.Fprintf(s.Stdout, "tuned bot: %s\nplot: %s\n", cmd, f.path(PlotFile))
	return f.WriteCommand(cmd)
}
