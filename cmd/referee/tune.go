package main

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"time"

	"impulse/referee"
	"impulse/referee/match"
	"impulse/referee/queue"
	"impulse/referee/tune"
	"impulse/sim"
)

const tuneUsage = `usage: referee tune -game csb|fb -bot CMD -param NAME,START,MIN,MAX,C_END,R_END ... -games N [-p2 CMD] [-j N] [-o DIR] [-resume] [-server nats://HOST:PORT [-token T]]

Tunes a bot's parameters by SPSA as fishtest runs it. CMD is the bot's
command line (a built-in bot with its flags, see "referee bot -h", or any
command) with a {NAME} placeholder for each parameter:

  referee tune -bot "csb/ga -iterations 300 -w-runner-facing {facing}" \
      -param facing,1500,0,5000,150,0.002 -games 2000

Each -param is fishtest's line: the start, the bounds, and C_END and R_END,
the perturbation and the learning rate at the last iteration (choose C_END
so that theta±C_END differ by a few Elo; fishtest's usual R_END is 0.002).
A parameter whose START, MIN and MAX are whole numbers is an integer: the
values played are rounded (-int and -float say otherwise).

An iteration draws a random sign for each parameter and plays one pair of
games (one seed, the sides swapped) of theta+c_k·sign against
theta−c_k·sign; with -p2, each of the two plays its own pair against that
opponent. theta then moves by the difference of their scores (fishtest's
formulas: see the Go doc of impulse/referee/tune). Games are played as
"referee match" plays them: time limits, process groups, a bot that
misbehaves loses. With -server they are played on the workers of
"referee server" (see "referee server -h"), -j at once (default 64 there):
a built-in bot travels by name, a bot that is a file (./mybot) is uploaded
once by its content hash, and each pair is a run of the queue whose id
this run derives from the pair, so that -resume finds the games finished
before it stopped.

In DIR: tune.json (the run's setting), theta.jsonl (one JSON line per
iteration: signs, gains, the values played, the scores, theta after it),
theta.svg (each parameter's trajectory, redrawn as it runs) and, at the
end, command.txt (the tuned bot's command line). -resume continues a run
stopped in DIR with the same flags. A line per parameter shows the run as
it goes (redrawn in place on a terminal).

Flags:
`

// tuneConfig is the parsed flags of "referee tune", and the run's setting
// kept in DIR/tune.json, which -resume compares.
type tuneConfig struct {
	Game       string       `json:"game"`
	Bot        string       `json:"bot"`
	P2         string       `json:"p2,omitempty"`
	Params     []tune.Param `json:"params"`
	Games      int          `json:"games"`
	Iterations int          `json:"iterations"`
	Seed       int64        `json:"seed"`
	Rules      sim.Rules    `json:"-"`
	RulesName  string       `json:"rules"`
	TimeScale  float64      `json:"time_scale"`

	parallel      int
	server, token string
	// onQueue, when set, is called with the queue's client (tests).
	onQueue       func(*queue.Client)
	dir           string
	resume        bool
	progress      bool
	ints, floats  string
	paramsLines   []string
	stdout        io.Writer
	stderr        io.Writer
	stderrIsATerm bool
}

// paramFlag collects the repeated -param.
type paramFlag struct{ lines *[]string }

func (p paramFlag) String() string {
	if p.lines == nil {
		return ""
	}
	return strings.Join(*p.lines, " ")
}
func (p paramFlag) Set(s string) error { *p.lines = append(*p.lines, s); return nil }

// runTune is "referee tune".
func runTune(args []string, stdout, stderr io.Writer) (int, error) {
	c, code, err := parseTune(args, stdout, stderr)
	if c == nil {
		return code, err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return playTune(ctx, c)
}

// parseTune parses and checks the flags of "referee tune". It returns no
// config, but the exit code and error, after -h or a usage error.
func parseTune(args []string, stdout, stderr io.Writer) (*tuneConfig, int, error) {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	c := &tuneConfig{stdout: stdout, stderr: stderr}
	games := strings.Join(referee.GameNames(), "|")
	fs.StringVar(&c.Game, "game", "csb", "game: "+games)
	fs.StringVar(&c.Bot, "bot", "", "the tuned bot's command line, with a {NAME} placeholder per parameter")
	fs.Var(paramFlag{&c.paramsLines}, "param", "a parameter: `NAME,START,MIN,MAX,C_END,R_END` (repeat for more)")
	fs.IntVar(&c.Games, "games", 1000, "games in all: a pair per iteration, two pairs with -p2")
	fs.StringVar(&c.P2, "p2", "", "a fixed opponent for both sides (default: they play each other)")
	fs.IntVar(&c.parallel, "j", runtime.NumCPU(), "games played at once (more than an iteration's: the next start from theta as it is); with -server, queued at once, default 64")
	fs.StringVar(&c.dir, "o", "tune", "output `DIR`")
	fs.BoolVar(&c.resume, "resume", false, "continue the run in DIR")
	fs.Int64Var(&c.Seed, "seed", 1, "seed of the first pair (iteration k plays seed+k-1) and of the signs")
	fs.Var(&c.Rules, "rules", "rule set: live (CodinGame today) or published (the published referee)")
	fs.Float64Var(&c.TimeScale, "time-scale", 1, "multiply the time limits by this")
	fs.StringVar(&c.ints, "int", "", "comma-separated parameters to round to integers")
	fs.StringVar(&c.floats, "float", "", "comma-separated parameters never rounded")
	fs.BoolVar(&c.progress, "progress", true, "show a line per parameter on stderr as the run goes")
	fs.StringVar(&c.server, "server", "", "play the games on the workers of referee server at `URL` (nats://HOST:PORT)")
	fs.StringVar(&c.token, "token", "", "with -server: the server's token (default $IMPULSE_TOKEN)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), tuneUsage)
		fs.PrintDefaults()
		fmt.Fprintf(fs.Output(), "\nBuilt-in bots: %s\n", strings.Join(builtinNames(), ", "))
	}
	if code, ok, err := parseFlags(fs, args, stdout); !ok {
		return nil, code, err
	}
	if err := c.check(fs); err != nil {
		return nil, 2, usageError{"tune: " + err.Error()}
	}
	if c.server != "" && !flagSet(fs, "j") {
		c.parallel = tuneServerParallel
	}
	if f, ok := stderr.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
			c.stderrIsATerm = true
		}
	}
	return c, 0, nil
}

// check validates the flags and completes c: the parameters, the
// iterations, the placeholders and the players.
func (c *tuneConfig) check(fs *flag.FlagSet) error {
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if c.server != "" {
		if err := checkServerURL(c.server); err != nil {
			return err
		}
	} else if c.token != "" {
		return errors.New("-token is the token of a -server: give both")
	}
	if referee.GameByName(c.Game) == nil {
		return fmt.Errorf("-game %q: want one of %s", c.Game, strings.Join(referee.GameNames(), ", "))
	}
	if c.Bot == "" || len(c.paramsLines) == 0 {
		return errors.New("give -bot CMD and at least one -param NAME,START,MIN,MAX,C_END,R_END")
	}
	for _, l := range c.paramsLines {
		p, err := tune.ParseParam(l)
		if err != nil {
			return err
		}
		for _, q := range c.Params {
			if q.Name == p.Name {
				return fmt.Errorf("parameter %s given twice", p.Name)
			}
		}
		c.Params = append(c.Params, p)
	}
	for _, o := range []struct {
		list    string
		integer bool
	}{{c.ints, true}, {c.floats, false}} {
		if o.list == "" {
			continue
		}
		for _, name := range strings.Split(o.list, ",") {
			i := slices.IndexFunc(c.Params, func(p tune.Param) bool { return p.Name == strings.TrimSpace(name) })
			if i < 0 {
				return fmt.Errorf("-int/-float: no parameter %q", name)
			}
			c.Params[i].Integer = o.integer
		}
	}
	per := 2
	if c.P2 != "" {
		per = 4
	}
	if c.Games < per {
		return fmt.Errorf("-games %d: want %d at least (an iteration)", c.Games, per)
	}
	c.Iterations = c.Games / per
	c.Games = c.Iterations * per
	if c.TimeScale <= 0 {
		return fmt.Errorf("-time-scale %v: want > 0", c.TimeScale)
	}
	c.RulesName = c.Rules.String()
	start := make([]float64, len(c.Params))
	for i, p := range c.Params {
		start[i] = p.Start
	}
	cmd, err := tune.Command(c.Bot, c.Params, start)
	if err != nil {
		return fmt.Errorf("-bot: %v", err)
	}
	if _, err := resolvePlayer(cmd, c.Game, c.Rules); err != nil {
		return fmt.Errorf("-bot: %v", err)
	}
	if c.P2 != "" {
		if _, err := resolvePlayer(c.P2, c.Game, c.Rules); err != nil {
			return fmt.Errorf("-p2: %v", err)
		}
	}
	return nil
}

// Files of a run in its folder.
const (
	tuneSettingFile = "tune.json"
	tuneJournalFile = "theta.jsonl"
	tunePlotFile    = "theta.svg"
	tuneCommandFile = "command.txt"
	// tuneQueueFile holds the run's id on a queue (-server): its pairs'
	// runs are named after it.
	tuneQueueFile = "queue-run.txt"
)

// tuneServerParallel is -j with -server: games queued at once.
const tuneServerParallel = 64

// flagSet reports whether the flag name was given.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// playTune runs the tuning in c.dir, resuming it with -resume.
func playTune(ctx context.Context, c *tuneConfig) (int, error) {
	setting, _ := json.MarshalIndent(c, "", "  ")
	setting = append(setting, '\n')
	journalPath := filepath.Join(c.dir, tuneJournalFile)
	t := tune.NewTuner(c.Params, c.Iterations, c.Seed)
	var history []tune.Iteration
	if err := os.MkdirAll(c.dir, 0o755); err != nil {
		return 1, fmt.Errorf("tune: %w", err)
	}
	if c.resume {
		old, err := os.ReadFile(filepath.Join(c.dir, tuneSettingFile))
		if err != nil {
			return 1, fmt.Errorf("tune: -resume: %w", err)
		}
		if !bytes.Equal(old, setting) {
			return 2, usageError{fmt.Sprintf("tune: -resume: the flags differ from the run in %s; its setting:\n%s", c.dir, old)}
		}
		f, err := os.Open(journalPath)
		if err != nil {
			return 1, fmt.Errorf("tune: -resume: %w", err)
		}
		its, good, err := tune.ReadJournal(f)
		f.Close()
		if err != nil {
			return 1, fmt.Errorf("tune: -resume: %s: %w", journalPath, err)
		}
		if err := t.Resume(its); err != nil {
			return 1, fmt.Errorf("tune: -resume: %s: %w", journalPath, err)
		}
		if err := os.Truncate(journalPath, good); err != nil {
			return 1, fmt.Errorf("tune: -resume: %w", err)
		}
		history = its
	} else {
		if _, err := os.Stat(journalPath); err == nil {
			return 2, usageError{fmt.Sprintf("tune: %s holds a run: -resume continues it, -o names another folder", c.dir)}
		}
		if err := os.WriteFile(filepath.Join(c.dir, tuneSettingFile), setting, 0o644); err != nil {
			return 1, fmt.Errorf("tune: %w", err)
		}
	}
	journal, err := os.OpenFile(journalPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return 1, fmt.Errorf("tune: %w", err)
	}
	defer journal.Close()

	runner := &tune.MatchRunner{
		Match:  match.Options{Game: c.Game, Rules: c.Rules, TimeScale: c.TimeScale, Parallel: c.parallel},
		Bot:    c.Bot,
		Params: c.Params,
		Player: func(cmd string) (match.Player, error) { return resolvePlayer(cmd, c.Game, c.Rules) },
	}
	if c.P2 != "" {
		runner.Opponent, _ = resolvePlayer(c.P2, c.Game, c.Rules)
	}
	if c.server != "" {
		q, err := tuneOnQueue(ctx, c, runner)
		if err != nil {
			return 1, fmt.Errorf("tune: %w", err)
		}
		defer q.cl.Close()
		runner.PairRunner = q.runner
	}
	o := tune.Options{Runner: runner, Opponent: c.P2 != "", Parallel: c.parallel, Seed: c.Seed, Applied: slices.Clip(history)}
	against := "each other"
	if o.Opponent {
		against = c.P2
	}
	fmt.Fprintf(c.stdout, "tune: %d parameters of %q against %s: %d games, %d iterations of %d, %d at once; from iteration %d; in %s\n",
		len(c.Params), c.Bot, against, c.Games, c.Iterations, o.GamesPerIteration(), c.parallel, t.K+1, c.dir)

	shown := newTuneProgress(c, t)
	var lastPlot time.Time
	o.Done = func(t *tune.Tuner, it *tune.Iteration) error {
		if err := tune.WriteIteration(journal, it); err != nil {
			return err
		}
		history = append(history, *it)
		if time.Since(lastPlot) > time.Second || t.K == t.Iterations {
			lastPlot = time.Now()
			if err := writeTunePlot(c.dir, t, history); err != nil {
				return err
			}
		}
		shown.update(t, it)
		return nil
	}
	runErr := tune.Run(ctx, t, o)
	if err := writeTunePlot(c.dir, t, history); err != nil && runErr == nil {
		runErr = err
	}
	if runErr != nil {
		if ctx.Err() != nil {
			fmt.Fprintf(c.stdout, "tune: interrupted after iteration %d of %d; -resume continues\n", t.K, t.Iterations)
			return 1, nil
		}
		return 1, fmt.Errorf("tune: %w (after iteration %d; -resume continues)", runErr, t.K)
	}
	values := t.Values()
	cmd, err := tune.Command(c.Bot, c.Params, values)
	if err != nil {
		return 1, err
	}
	fmt.Fprintf(c.stdout, "tune: done, %d games; theta (start -> end, as played):\n", c.Games)
	for i, p := range c.Params {
		fmt.Fprintf(c.stdout, "  %-20s %12s -> %-12s (%s)\n", p.Name, tune.Format(p.Start, p.Integer), tune.Format(values[i], p.Integer), tune.Format(t.Theta[i], false))
	}
	fmt.Fprintf(c.stdout, "tuned bot: %s\nplot: %s\n", cmd, filepath.Join(c.dir, tunePlotFile))
	if err := os.WriteFile(filepath.Join(c.dir, tuneCommandFile), []byte(cmd+"\n"), 0o644); err != nil {
		return 1, fmt.Errorf("tune: %w", err)
	}
	return 0, nil
}

// tuneQueue plays a tuning run's pairs on the queue of "referee server":
// each pair is a run of two games, its id the tuning run's (kept in
// tuneQueueFile) with the iteration, the side and a hash of the players,
// so that a resumed run finds the games finished before it stopped and
// plays the others (queue.Remote.StartOrResume).
type tuneQueue struct {
	cl      *queue.Client
	builtin []string
	id      string
}

// tuneOnQueue connects to c.server, ships the players once to check them
// (warnings go to stderr), and returns the queue of c's run, whose id it
// reads from c.dir or stores there.
func tuneOnQueue(ctx context.Context, c *tuneConfig, r *tune.MatchRunner) (*tuneQueue, error) {
	cl, builtin, err := dialQueue(c.server, c.token)
	if err != nil {
		return nil, err
	}
	q := &tuneQueue{cl: cl, builtin: builtin}
	start := make([]float64, len(c.Params))
	for i, p := range c.Params {
		start[i] = p.Start
	}
	cmd, _ := tune.Command(c.Bot, c.Params, start)
	bot, _ := r.Player(cmd)
	for _, p := range []struct {
		flag   string
		player match.Player
	}{{"-bot", bot}, {"-p2", r.Opponent}} {
		if p.player.Argv == nil {
			continue
		}
		_, warnings, err := cl.Ship(ctx, p.player, builtin)
		for _, w := range warnings {
			fmt.Fprintf(c.stderr, "tune: %s: %s\n", p.flag, w)
		}
		if err != nil {
			cl.Close()
			return nil, fmt.Errorf("%s: %w", p.flag, err)
		}
	}
	path := filepath.Join(c.dir, tuneQueueFile)
	if data, err := os.ReadFile(path); err == nil && c.resume {
		q.id = strings.TrimSpace(string(data))
		if err := queue.CheckRunID(q.id); err != nil || len(q.id) > 32 {
			cl.Close()
			return nil, fmt.Errorf("%s: %q is no run id of referee tune", path, q.id)
		}
	} else {
		q.id = queue.NewRunID()
		if err := os.WriteFile(path, []byte(q.id+"\n"), 0o644); err != nil {
			cl.Close()
			return nil, err
		}
	}
	fmt.Fprintf(c.stdout, "tune: the games go to the workers of %s (referee worker -server %s), each pair a run %s-ITERATION-SIDE-HASH\n", c.server, c.server, q.id)
	if c.onQueue != nil {
		c.onQueue(cl)
	}
	return q, nil
}

// runner returns the queue's runner of pair p: its players shipped, its
// run named after the pair.
func (q *tuneQueue) runner(ctx context.Context, p tune.Pair, players [2]match.Player) (match.Runner, error) {
	r := &queue.Remote{Client: q.cl, StartOrResume: true}
	h := sha256.New()
	fmt.Fprintf(h, "%d %d %d\n", p.Iteration, p.Side, p.Seed)
	for i, pl := range players {
		b, _, err := q.cl.Ship(ctx, pl, q.builtin)
		if err != nil {
			return nil, err
		}
		r.Players[i] = b
		json.NewEncoder(h).Encode(b)
	}
	r.ID = fmt.Sprintf("%s-%d-%d-%x", q.id, p.Iteration, p.Side, h.Sum(nil)[:4])
	return r, nil
}

// writeTunePlot writes the plot through a temporary file, so that a
// viewer never reads half of it.
func writeTunePlot(dir string, t *tune.Tuner, history []tune.Iteration) error {
	var b bytes.Buffer
	if err := tune.WritePlot(&b, t, history); err != nil {
		return err
	}
	tmp := filepath.Join(dir, tunePlotFile+".tmp")
	if err := os.WriteFile(tmp, b.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, filepath.Join(dir, tunePlotFile))
}

// tuneProgress shows the run on stderr: an iteration line and a line per
// parameter, redrawn in place on a terminal, else printed every 5% of the
// run and at its end.
type tuneProgress struct {
	c     *tuneConfig
	lines int // drawn last time, on a terminal
	every int
}

func newTuneProgress(c *tuneConfig, t *tune.Tuner) *tuneProgress {
	return &tuneProgress{c: c, every: max(t.Iterations/20, 1)}
}

func (p *tuneProgress) update(t *tune.Tuner, it *tune.Iteration) {
	if !p.c.progress || (!p.c.stderrIsATerm && it.K%p.every != 0 && it.K != t.Iterations) {
		return
	}
	var b strings.Builder
	if p.c.stderrIsATerm && p.lines > 0 {
		fmt.Fprintf(&b, "\x1b[%dA", p.lines)
	}
	clear := ""
	if p.c.stderrIsATerm {
		clear = "\x1b[K"
	}
	per := 2
	if p.c.P2 != "" {
		per = 4
	}
	fmt.Fprintf(&b, "iteration %d/%d (%d games), last r %+g%s\n", it.K, t.Iterations, it.K*per, it.Result, clear)
	for i, q := range t.Params {
		fmt.Fprintf(&b, "  %-20s %12s   start %-10s [%s, %s]  played %s / %s  c_k %.3g%s\n", q.Name, tune.Format(t.Theta[i], false),
			tune.Format(q.Start, false), tune.Format(q.Min, false), tune.Format(q.Max, false),
			tune.Format(it.Plus[i], q.Integer), tune.Format(it.Minus[i], q.Integer), it.CK[i], clear)
	}
	p.lines = 1 + len(t.Params)
	io.WriteString(p.c.stderr, b.String())
}
