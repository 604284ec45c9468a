package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"slices"
	"strings"
	"syscall"

	"impulse/referee"
	"impulse/referee/arena"
	"impulse/referee/builtin"
	"impulse/referee/match"
	"impulse/referee/queue"
	"impulse/referee/tune"
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

// tuneConfig is the parsed flags of "referee tune": the run (whose
// Setting DIR/tune.json keeps, which -resume compares) and what the
// flags say of it before check completes it.
type tuneConfig struct {
	tune.Session
	paramsLines  []string
	ints, floats string
	inProcess    bool
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

// tuneServerParallel is -j with -server: games queued at once.
const tuneServerParallel = 64

// runTune is "referee tune".
func runTune(args []string, stdout, stderr io.Writer) error {
	c, err := parseTune(args, stdout, stderr)
	if c == nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return playTune(ctx, c)
}

// tuneFlags defines the flags of "referee tune" on fs, into c.
func tuneFlags(fs *flag.FlagSet, c *tuneConfig) {
	games := strings.Join(referee.GameNames(), "|")
	fs.StringVar(&c.Game, "game", "csb", "game: "+games)
	fs.StringVar(&c.Bot, "bot", "", "the tuned bot's command line, with a {NAME} placeholder per parameter")
	fs.Var(paramFlag{&c.paramsLines}, "param", "a parameter: `NAME,START,MIN,MAX,C_END,R_END` (repeat for more)")
	fs.IntVar(&c.Games, "games", 1000, "games in all: a pair per iteration, two pairs with -p2")
	fs.StringVar(&c.P2, "p2", "", "a fixed opponent for both sides (default: they play each other)")
	fs.IntVar(&c.Parallel, "j", runtime.NumCPU(), "games played at once (more than an iteration's: the next start from theta as it is); with -server, queued at once, default 64")
	fs.StringVar(&c.Dir, "o", "tune", "output `DIR`")
	fs.BoolVar(&c.Resume, "resume", false, "continue the run in DIR")
	fs.Int64Var(&c.Seed, "seed", 1, "seed of the first pair (iteration k plays seed+k-1) and of the signs")
	fs.Var(&c.Rules, "rules", "rule set: live (CodinGame today) or published (the published referee)")
	fs.Float64Var(&c.TimeScale, "time-scale", 1, "multiply the time limits by this")
	fs.StringVar(&c.ints, "int", "", "comma-separated parameters to round to integers")
	fs.StringVar(&c.floats, "float", "", "comma-separated parameters never rounded")
	fs.BoolVar(&c.Progress, "progress", true, "show a line per parameter on stderr as the run goes")
	fs.StringVar(&c.Server, "server", "", "play the games on the workers of referee server at `URL` (nats://HOST:PORT)")
	fs.StringVar(&c.Token, "token", "", "with -server: the server's token (default $IMPULSE_TOKEN)")
	fs.BoolVar(&c.inProcess, "in-process", false, "play built-in bots in this process, not as processes (the same games at a fixed -iterations)")
}

// parseTune parses and checks the flags of "referee tune". It returns no
// config, but the error (nil after -h), when there is no run to play.
func parseTune(args []string, stdout, stderr io.Writer) (*tuneConfig, error) {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	c := &tuneConfig{}
	tuneFlags(fs, c)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), tuneUsage)
		fs.PrintDefaults()
		fmt.Fprintf(fs.Output(), "\nBuilt-in bots: %s\n", strings.Join(builtin.Names(), ", "))
	}
	if ok, err := parseFlags(fs, args, stdout); !ok {
		return nil, err
	}
	if err := c.check(fs); err != nil {
		return nil, usageError{"tune: " + err.Error()}
	}
	if c.Server != "" && !isSet(fs, "j") {
		c.Parallel = tuneServerParallel
	}
	c.Stdout, c.Stderr, c.Terminal = stdout, stderr, isTerminal(stderr)
	c.Token = tokenOrEnv(c.Token)
	game, rules := c.Game, c.Rules
	c.Player = func(cmd string) (match.Player, error) { return builtin.Player(cmd, game, rules) }
	if c.inProcess {
		c.InProcess = &arena.TuneRunner{Rules: c.Rules, Bot: c.Bot, Params: c.Params, Opponent: c.P2}
	}
	return c, nil
}

// check validates the flags and completes c: the parameters, the
// iterations, the placeholders and the players.
func (c *tuneConfig) check(fs *flag.FlagSet) error {
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	if c.Server != "" {
		if err := queue.CheckURL(c.Server); err != nil {
			return fmt.Errorf("-server %w", err)
		}
	} else if c.Token != "" {
		return errors.New("-token is the token of a -server: give both")
	}
	if referee.GameByName(c.Game) == nil {
		return fmt.Errorf("-game %q: want one of %s", c.Game, strings.Join(referee.GameNames(), ", "))
	}
	if c.Bot == "" || len(c.paramsLines) == 0 {
		return errors.New("give -bot CMD and at least one -param NAME,START,MIN,MAX,C_END,R_END")
	}
	if err := c.checkParams(); err != nil {
		return err
	}
	per := c.GamesPerIteration()
	if c.Games < per {
		return fmt.Errorf("-games %d: want %d at least (an iteration)", c.Games, per)
	}
	c.Iterations = c.Games / per
	c.Games = c.Iterations * per
	if c.TimeScale <= 0 {
		return fmt.Errorf("-time-scale %v: want > 0", c.TimeScale)
	}
	c.RulesName = c.Rules.String()
	return c.checkPlayers()
}

// checkParams reads the -param lines into c.Params, and marks those -int
// and -float name.
func (c *tuneConfig) checkParams() error {
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
	return nil
}

// checkPlayers checks that -bot, with its parameters at their start, and
// -p2 are players of the game.
func (c *tuneConfig) checkPlayers() error {
	cmd, err := tune.Command(c.Bot, c.Params, c.Start())
	if err != nil {
		return fmt.Errorf("-bot: %v", err)
	}
	if _, err := builtin.Player(cmd, c.Game, c.Rules); err != nil {
		return fmt.Errorf("-bot: %v", err)
	}
	if c.P2 != "" {
		if _, err := builtin.Player(c.P2, c.Game, c.Rules); err != nil {
			return fmt.Errorf("-p2: %v", err)
		}
	}
	if c.inProcess {
		return c.checkInProcess(cmd)
	}
	return nil
}

// checkInProcess checks that -in-process can play the run: no -server,
// and -bot and -p2 built-in bots of the game.
func (c *tuneConfig) checkInProcess(cmd string) error {
	if c.Server != "" {
		return errors.New("-in-process plays here: not with -server")
	}
	for _, p := range []struct{ flag, cmd string }{{"-bot", cmd}, {"-p2", c.P2}} {
		if p.cmd == "" {
			continue
		}
		b, _, err := builtin.Parse(p.cmd)
		if err != nil {
			return fmt.Errorf("%s with -in-process: %v", p.flag, err)
		}
		if b.Game() != c.Game {
			return fmt.Errorf("%s with -in-process: %s is a bot of -game %s", p.flag, b.Name, b.Game())
		}
	}
	return nil
}

// playTune plays the run of c: the built-ins it ships to a queue run with
// this program. A folder that does not fit the run is a usage error, an
// interrupted run exits 1 with its message on stdout.
func playTune(ctx context.Context, c *tuneConfig) error {
	if c.Server != "" {
		launcher, err := builtin.Launcher()
		if err != nil {
			return fmt.Errorf("tune: %w", err)
		}
		c.Builtin = launcher
	}
	err := c.Run(ctx)
	var setting *tune.SettingError
	switch {
	case err == nil:
		return nil
	case errors.Is(err, tune.ErrInterrupted):
		return exitError{code: 1}
	case errors.As(err, &setting):
		return usageError{"tune: " + err.Error()}
	}
	return fmt.Errorf("tune: %w", err)
}
