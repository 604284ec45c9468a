package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"strconv"
	"strings"
	"syscall"

	"impulse/referee"
	"impulse/referee/builtin"
	"impulse/referee/match"
	"impulse/referee/report"
)

const matchUsage = `usage: referee match -p1 CMD -p2 CMD [flags]

Plays games between two bots on our referee, every seed twice with the
sides swapped (a pair), and prints wins, draws, losses, win rate, score, the
Elo difference with its 95% confidence interval from the pairs (as fastchess
computes it), response times and end reasons.

A player is a built-in bot's name with its flags ("csb/ga -iterations 300";
see "referee bot -h"), or a command line, started once per game. The command
is split into words as a shell would (quotes and backslashes) and run
directly, without a shell: for pipes, redirections or variables, run one
yourself: -p1 "sh -c 'exec ./mybot 2>>mybot.log'". Each bot runs in its own
process group, killed at the end of its game; its stderr is kept (256 KiB a
game) in the replays.

Time limits are CodinGame's (first turn 1000 ms; then CSB 75 ms live and
150 ms published, FB 100 ms) times -time-scale, measured from the writing
of the input to the reading of the expected lines. A bot that answers late,
exits, crashes, or does not read its input loses as on a timeout; an
invalid line loses as the game's referee says. Output is read as a stream:
extra lines wait in the pipe and answer the next turn. Lines are cut at
16 KiB; the referee reads no more than a turn needs, so a flooding bot only
blocks itself.

With -sprt the match stops as soon as the sequential probability ratio test
decides (the pentanomial GSPRT that fishtest computes), printing the
log-likelihood ratio and its bounds as it goes. -results appends a JSON line
per game as it finishes: seed, swapped (p1 in the second seat), ranks and
scores (p1 first; rank 0 wins, a draw shares it), turns, end, culprit (1 or
2), ms ([[mean, worst], [mean, worst]] after the first turn), first_ms,
detail, replay. With the same seeds and deterministic bots (a built-in with
-iterations) two runs give the same results. -replays writes CodinGame
replays that "referee view" with no argument opens and "referee diff" checks.

-continue goes on with the match of its -results file another day: the
file's games count first in the table and in the SPRT (a test they already
decide plays nothing), this run's games are numbered after them and, without
-seed, its seeds follow the file's last. A file of another match (game,
players, rules, time scale) is refused, and so is a -results file that
already holds games without -continue.

Flags:
`

// matchConfig is the parsed flags of "referee match".
type matchConfig struct {
	opts     match.Options
	p1, p2   string
	results  string
	sprt     string
	model    string
	seeds    string
	progress bool
	// The queue of "referee server" that plays the games (-server), its
	// token and the run to continue.
	server, token, resume string
	report                string
	// cont continues the match of the -results file (-continue);
	// seedSet: -seed was given.
	cont, seedSet bool
}

func matchFlags(fs *flag.FlagSet, c *matchConfig) {
	games := strings.Join(referee.GameNames(), "|")
	fs.StringVar(&c.opts.Game, "game", "csb", "game: "+games)
	fs.StringVar(&c.p1, "p1", "", "player 1: a built-in bot (e.g. csb/ga) or a command line")
	fs.StringVar(&c.p2, "p2", "", "player 2: a built-in bot (e.g. csb/baseline) or a command line")
	fs.IntVar(&c.opts.Games, "n", 100, "games, rounded up to an even number (pairs); the maximum with -sprt")
	fs.IntVar(&c.opts.Parallel, "j", runtime.NumCPU(), "games played at once (the default is this machine's CPU count)")
	fs.StringVar(&c.seeds, "seed", "1", "first seed (the next pairs count on), or a comma-separated list of seeds, one per pair")
	fs.Var(&c.opts.Rules, "rules", "rule set: live (CodinGame today) or published (the published referee)")
	fs.Float64Var(&c.opts.TimeScale, "time-scale", 1, "multiply the time limits by this (slow machines, debug builds)")
	fs.StringVar(&c.opts.ReplaysDir, "replays", "", "write every game as a CodinGame replay JSON into `DIR` (open them with referee view)")
	fs.StringVar(&c.results, "results", "", "append one JSON line per finished game to `FILE`, as each finishes")
	fs.StringVar(&c.sprt, "sprt", "", "stop when the SPRT of `elo0,elo1,alpha,beta` decides (e.g. 0,10,0.05,0.05); prints the LLR as it goes")
	fs.StringVar(&c.model, "sprt-model", "logistic", "Elo scale of the SPRT bounds: logistic or normalized (fishtest's nElo)")
	fs.BoolVar(&c.cont, "continue", false, "with -results: continue the match in FILE: its games count first (table, SPRT), this run's number on after them and, without -seed, its seeds follow the file's")
	fs.StringVar(&c.report, "report", "", "write the match as one self-contained HTML page to `FILE` (as referee report does)")
	fs.BoolVar(&c.progress, "progress", true, "show progress on stderr (a bar on a terminal, else lines)")
	fs.StringVar(&c.server, "server", "", "play the games on the workers of referee server at `URL` (nats://HOST:PORT) instead of here; -j is then theirs")
	fs.StringVar(&c.token, "token", "", "with -server: the server's token (default $IMPULSE_TOKEN)")
	fs.StringVar(&c.resume, "resume", "", "with -server: continue the interrupted `RUN` (its id, printed at its start) with the same flags; finished games are not played again")
}

// runMatch is "referee match".
func runMatch(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	var c matchConfig
	matchFlags(fs, &c)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), matchUsage)
		fs.PrintDefaults()
		fmt.Fprintf(fs.Output(), "\nBuilt-in bots: %s\n", strings.Join(builtin.Names(), ", "))
	}
	if ok, err := parseFlags(fs, args, stdout); !ok {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("match: unexpected arguments %q", fs.Args())}
	}
	if c.p1 == "" || c.p2 == "" {
		return usageError{"match: give both -p1 and -p2 (a built-in bot such as csb/ga, or a command)"}
	}
	if err := checkQueueFlags(&c); err != nil {
		return err
	}
	fs.Visit(func(f *flag.Flag) { c.seedSet = c.seedSet || f.Name == "seed" })
	if c.cont && (c.results == "" || c.resume != "") {
		return usageError{"match: -continue continues the match of its -results file, and not with -resume (a queue's run resumes by its id)"}
	}
	return playMatch(&c, stdout, stderr)
}

// options completes the match's options from the flags: the players,
// the seeds and the SPRT. Its errors are usage errors.
func (c *matchConfig) options() (match.Options, error) {
	o := c.opts
	for i, spec := range []string{c.p1, c.p2} {
		p, err := builtin.Player(spec, o.Game, o.Rules)
		if err != nil {
			return o, usageError{fmt.Sprintf("match: -p%d: %v", i+1, err)}
		}
		o.Players[i] = p
	}
	if o.Players[0].Name == o.Players[1].Name {
		o.Players[0].Name += " (p1)"
		o.Players[1].Name += " (p2)"
	}
	seeds, err := parseSeeds(c.seeds)
	if err != nil {
		return o, usageError{"match: " + err.Error()}
	}
	o.Seeds = seeds
	if o.SPRT, err = parseSPRT(c.sprt, c.model); err != nil {
		return o, usageError{"match: " + err.Error()}
	}
	return o, nil
}

// checkFreshResults refuses a -results file that already holds games
// when the match does not continue them: appended to, its game indices
// would start again at 0 and "referee report" would refuse the file.
func checkFreshResults(path string) error {
	if path == "" {
		return nil
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Size() == 0 {
		return nil
	}
	return usageError{fmt.Sprintf("match: -results %s already holds games: -continue plays on with its match; another match, or a queue's -resume (which writes all its run's games again), wants a file of its own", path)}
}

// playMatch runs the match and prints the table.
func playMatch(c *matchConfig, stdout, stderr io.Writer) error {
	o, err := c.options()
	if err != nil {
		return err
	}
	if c.cont {
		if err := c.continueFrom(&o, stderr); err != nil {
			return err
		}
	} else if err := checkFreshResults(c.results); err != nil {
		return err
	}
	if c.results != "" {
		f, err := os.OpenFile(c.results, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			return err
		}
		defer f.Close()
		o.Results = f
	}
	if c.progress {
		o.Progress, o.ProgressTTY = stderr, isTerminal(stderr)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if o.ReplaysDir != "" {
		if err := recordReplaysDir(o.ReplaysDir); err != nil {
			return fmt.Errorf("match: %w", err)
		}
	}
	if c.server != "" {
		closeQueue, err := useQueue(ctx, c, &o, stderr)
		if err != nil {
			return fmt.Errorf("match: %w", err)
		}
		defer closeQueue()
	}
	rep, err := match.Run(ctx, o)
	if err != nil {
		return fmt.Errorf("match: %w", err)
	}
	return c.printReport(rep, stdout)
}

// printReport prints the table, and writes the page with -report; an
// interrupted match exits 1.
func (c *matchConfig) printReport(rep *match.Report, stdout io.Writer) error {
	if err := match.WriteReport(stdout, rep); err != nil {
		return err
	}
	if c.report != "" {
		if err := writeReportPage(c.report, rep, report.Options{Info: match.InfoOf(&rep.Options)}); err != nil {
			return fmt.Errorf("match: -report: %w", err)
		}
		fmt.Fprintf(stdout, "report: %s\n", c.report)
	}
	if rep.Interrupted {
		return exitError{code: 1}
	}
	return nil
}

// parseSeeds reads -seed: one seed, or a comma-separated list.
func parseSeeds(s string) ([]int64, error) {
	var out []int64
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.ParseInt(strings.TrimSpace(f), 10, 64)
		if err != nil {
			return nil, fmt.Errorf("-seed %q: %q is not an integer", s, f)
		}
		out = append(out, v)
	}
	return out, nil
}

// Defaults of "referee" with no arguments: the CSB genetic search at 2000
// iterations a turn against itself at 1000, a question whose answer is not
// foregone (over 32 games the confidence interval spans 0): the table
// shows the statistics at work, and why 32 games decide nothing.
// The searches run a fixed number of iterations: the match is
// reproducible and short, and every answer stays far inside the time
// limit. The limits are widened tenfold: with fixed iterations the time
// limit measures nothing about the bots, and on a machine shared with
// other work a bot waiting for a core misses it through no fault of its
// own.
const (
	defaultP1        = "csb/ga -iterations 2000"
	defaultP2        = "csb/ga -iterations 1000"
	defaultGames     = 32
	defaultTimeScale = 10
)

// runDefault is "referee" with no arguments: a short CSB match on all
// cores that asks whether doubling the GA's iterations makes it stronger,
// then says what the table shows and how to play more.
func runDefault(stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("referee", flag.ContinueOnError)
	var c matchConfig
	matchFlags(fs, &c)
	c.p1, c.p2, c.opts.Games, c.opts.TimeScale = defaultP1, defaultP2, defaultGames, defaultTimeScale
	fmt.Fprintf(stdout, "referee: does the CSB genetic search gain from twice the iterations? %d games (%d seeds, each played twice with the sides swapped) of %q against %q, %d at a time, time limits x%g\n\n",
		c.opts.Games, c.opts.Games/2, c.p1, c.p2, c.opts.Parallel, c.opts.TimeScale)
	if err := playMatch(&c, stdout, stderr); err != nil {
		return err
	}
	fmt.Fprintf(stdout, `
%d games give a wide interval: the pairs, not the games, are the samples.
To decide, play until the sequential test accepts one hypothesis (H1: at
least +10 Elo, H0: none), on the same seeds and more:
  go run ./cmd/referee match -p1 %q -p2 %q -time-scale %g -sprt 0,10,0.05,0.05 -n 4000 -results runs.jsonl
Your own bot against ours, at CodinGame's time limits, with replays:
  go run ./cmd/referee match -p1 ./mybot -p2 csb/ga -n 100 -replays out/ && go run ./cmd/referee view
More: go run ./cmd/referee -h; go run ./cmd/referee match -h
`, c.opts.Games, c.p1, c.p2, c.opts.TimeScale)
	return nil
}
