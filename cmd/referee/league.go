package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"runtime"
	"strings"
	"sync"
	"syscall"

	"impulse/referee"
	"impulse/referee/arena"
	"impulse/referee/builtin"
	"impulse/referee/league"
	"impulse/referee/match"
	"impulse/referee/queue"
	"impulse/sim"
)

const leagueUsage = `usage: referee league COMMAND [flags] [args]

A league rates every version of a bot together: bots are added, updated,
stopped and removed at any time, also while run plays; run plays pairs of
games (a seed twice, the sides swapped), a new bot first until it has
-min-games games, then the pairs whose order is least certain; show prints
the table: Elo relative to the anchor bot, with 95% intervals, from a
Bradley-Terry fit of all games (one virtual draw between every two bots
who met, so that a perfect score gives a finite rating). The league lives in a folder (-dir): an
embedded JetStream store that keeps every finished game exactly once,
through a kill -9 of run and a restart. A version is what its command
played when it was added: add and update take its fingerprint (a built-in
bot's moves in a short game at a fixed number of iterations, a command
line's programs and files by their content), and run stops at a version
whose command now plays otherwise (a rebuilt program, a referee whose
built-in bot changed) rather than rate two bots under one name: update
makes it a new version.

  add NAME COMMAND     add a bot: a built-in with its flags ("csb/ga -iterations 500")
                       or a command line, in quotes, as referee match's -p1
  update NAME COMMAND  a new version, NAME#2, NAME#3...: the earlier one stops,
                       its games are kept apart
  stop NAME            no new games for NAME (or NAME#V); kept in the table
  remove NAME          out of the table and of new games, every version
  run                  play until interrupted (Ctrl-C) or -games, then print the table;
                       -server URL plays on the workers of referee server
  show                 print the table; -o FILE.html writes the page

"referee league COMMAND -h" prints a command's flags.
`

// runLeague is "referee league".
func runLeague(args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 {
		return usageError{"league: give a command\n" + leagueUsage}
	}
	switch args[0] {
	case "add", "update":
		return runLeagueAdd(args[0], args[1:], stdout)
	case "stop", "remove":
		return runLeagueStop(args[0], args[1:], stdout)
	case "run":
		return runLeagueRun(args[1:], stdout, stderr)
	case "show":
		return runLeagueShow(args[1:], stdout)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, leagueUsage)
		return nil
	}
	return usageError{fmt.Sprintf("league: unknown command %q\n%s", args[0], leagueUsage)}
}

// leagueFlags returns the flag set of "referee league cmd" with -dir.
func leagueFlags(cmd, synopsis string, dir *string) *flag.FlagSet {
	fs := flag.NewFlagSet("league "+cmd, flag.ContinueOnError)
	fs.StringVar(dir, "dir", "league", "the league's `folder`")
	fs.Usage = func() {
		fmt.Fprintf(fs.Output(), "usage: referee league %s\n\nFlags:\n", synopsis)
		fs.PrintDefaults()
	}
	return fs
}

// runLeagueAdd is "referee league add" and "referee league update".
func runLeagueAdd(cmd string, args []string, stdout io.Writer) error {
	var dir string
	var set league.Setting
	fs := leagueFlags(cmd, cmd+" [-dir DIR] [-anchor NAME] NAME COMMAND", &dir)
	games := strings.Join(referee.GameNames(), "|")
	fs.StringVar(&set.Game, "game", "", "the league's game, "+games+", given on its first add (default csb)")
	fs.StringVar(&set.Rules, "rules", "", "the league's rules, live or published, given on its first add (default live)")
	fs.StringVar(&set.Anchor, "anchor", "", "the bot the ratings are relative to (default the first bot added)")
	if ok, err := parseFlags(fs, args, stdout); !ok {
		return err
	}
	if fs.NArg() != 2 {
		return usageError{fmt.Sprintf("league %s: want NAME COMMAND, the command in quotes if it has words (\"csb/ga -iterations 500\"); got %q", cmd, fs.Args())}
	}
	name, command := fs.Arg(0), fs.Arg(1)
	how := league.Use
	if cmd == "add" {
		how = league.Create
	}
	return withLeague(dir, how, func(ctx context.Context, s *league.Store) error {
		do := league.Add
		if cmd == "update" {
			do = league.Update
		}
		p, err := do(ctx, s, name, command, set, leaguePlayer)
		if err != nil {
			return err
		}
		st, err := s.Load(ctx)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s: %s (%s, %s rules, anchor %s, %d bots)\n", p.ID, p.Command, st.Game, st.Rules, st.Anchor, len(st.Players))
		return nil
	})
}

// runLeagueStop is "referee league stop" and "referee league remove".
func runLeagueStop(cmd string, args []string, stdout io.Writer) error {
	var dir string
	fs := leagueFlags(cmd, cmd+" [-dir DIR] NAME", &dir)
	if ok, err := parseFlags(fs, args, stdout); !ok {
		return err
	}
	if fs.NArg() != 1 {
		return usageError{fmt.Sprintf("league %s: want one bot's NAME, got %q", cmd, fs.Args())}
	}
	name := fs.Arg(0)
	return withLeague(dir, league.Use, func(ctx context.Context, s *league.Store) error {
		if cmd == "remove" {
			if err := league.Remove(ctx, s, name); err != nil {
				return err
			}
			fmt.Fprintf(stdout, "%s removed: its games count no more\n", name)
			return nil
		}
		p, err := league.Stop(ctx, s, name)
		if err != nil {
			return err
		}
		fmt.Fprintf(stdout, "%s stopped: no new games, kept in the table\n", p.ID)
		return nil
	})
}

// leaguePlayer is the league's player of a bot's command: a built-in bot
// of the game, its flags checked, or a command line, as match's -p1.
func leaguePlayer(command, game string, rules sim.Rules) (match.Player, error) {
	p, err := builtin.Player(command, game, rules)
	if err != nil {
		return p, err
	}
	if words, _ := match.SplitCommand(command); len(words) > 0 {
		if _, ok := builtin.Lookup(words[0]); ok {
			_, _, err = builtin.Parse(command)
		}
	}
	return p, err
}

// builtinFingerprints caches the fingerprints of built-in bots by command
// and rules: this process's built-in bots do not change while it runs.
var builtinFingerprints sync.Map

// leagueFingerprint is the league's fingerprint of a bot's command: a
// built-in bot's moves (arena.Fingerprint), or the content of the
// program of a command line and of each of its arguments that names a
// file ("" when none does).
func leagueFingerprint(command, game string, rules sim.Rules) (string, error) {
	words, err := match.SplitCommand(command)
	if err != nil || len(words) == 0 {
		return "", err
	}
	if _, ok := builtin.Lookup(words[0]); ok {
		key := rules.String() + " " + command
		if d, ok := builtinFingerprints.Load(key); ok {
			return d.(string), nil
		}
		d, err := arena.Fingerprint(command, rules)
		if err == nil {
			builtinFingerprints.Store(key, d)
		}
		return d, err
	}
	h := sha256.New()
	files := 0
	for i, w := range words {
		path := w
		if i == 0 {
			if path, err = exec.LookPath(w); err != nil {
				return "", fmt.Errorf("%s: %w", w, err)
			}
		}
		fi, err := os.Stat(path)
		if err != nil || !fi.Mode().IsRegular() {
			continue
		}
		f, err := os.Open(path)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "%d %s %d\n", i, w, fi.Size())
		_, err = io.Copy(h, f)
		f.Close()
		if err != nil {
			return "", fmt.Errorf("%s: %w", path, err)
		}
		files++
	}
	if files == 0 {
		return "", nil
	}
	return "files:" + hex.EncodeToString(h.Sum(nil)[:8]), nil
}

// withLeague opens the league in dir, runs do on it and closes it; the
// error names the command.
func withLeague(dir string, how league.Access, do func(context.Context, *league.Store) error) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s, err := league.Open(ctx, dir, how)
	if err != nil {
		return leagueError(err)
	}
	s.Fingerprint = leagueFingerprint
	err = do(ctx, s)
	if cerr := s.Close(); err == nil {
		err = cerr
	}
	return leagueError(err)
}

// leagueError returns err, nil or not, with the "league: " of the
// command's errors in front, once.
func leagueError(err error) error {
	if err == nil || strings.HasPrefix(err.Error(), "league: ") {
		return err
	}
	return fmt.Errorf("league: %w", err)
}

// leagueServerParallel is league run's -j with -server: pairs queued at
// once, a pair's two games played at once by the workers.
const leagueServerParallel = 8

// runLeagueRun is "referee league run".
func runLeagueRun(args []string, stdout, stderr io.Writer) error {
	var dir, server, token string
	o := league.RunOptions{Log: stderr, Players: leaguePlayer}
	fs := leagueFlags("run", "run [-dir DIR] [-j N] [-server URL [-token T]] [-games N] [-min-games N] [-time-scale X] [-seed S]", &dir)
	fs.IntVar(&o.Parallel, "j", runtime.NumCPU(), fmt.Sprintf("pairs played at once; this machine plays a pair's games one after the other, the workers of -server both at once (the default is the CPU count; %d with -server)", leagueServerParallel))
	fs.StringVar(&server, "server", "", "play the games on the workers of referee server at `URL` (nats://HOST:PORT); the league stays in -dir")
	fs.StringVar(&token, "token", "", "with -server: the server's token (default $IMPULSE_TOKEN)")
	fs.IntVar(&o.Games, "games", 0, "stop once the league counts this many games (0: play until interrupted)")
	fs.IntVar(&o.MinGames, "min-games", 20, "a bot with fewer games plays first")
	fs.Float64Var(&o.TimeScale, "time-scale", 1, "multiply the time limits by this (slow machines, debug builds)")
	fs.Int64Var(&o.Seed, "seed", 1, "pair k's seed is this plus k")
	if ok, err := parseFlags(fs, args, stdout); !ok {
		return err
	}
	if err := checkLeagueRun(fs, &o, server, token); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s, err := league.Open(ctx, dir, league.Own)
	if err != nil {
		return fmt.Errorf("league run: %w", err)
	}
	defer s.Close()
	s.Fingerprint = leagueFingerprint
	where := "here"
	if server != "" {
		closeQueue, err := leagueOnWorkers(ctx, s, &o, server, tokenOrEnv(token), stderr)
		if err != nil {
			return fmt.Errorf("league run: %w", err)
		}
		defer closeQueue()
		where = "on the workers of " + server
	}
	fmt.Fprintf(stderr, "league %s: playing %d pairs at once %s; Ctrl-C stops, run again continues\n", dir, o.Parallel, where)
	if err := league.Run(ctx, s, o); err != nil {
		return fmt.Errorf("league run: %w", err)
	}
	_, err = printTable(context.Background(), s, "", stdout)
	return err
}

// checkLeagueRun checks league run's arguments, -time-scale, -server and
// -token, and makes -j's default the workers' with -server. Its errors
// are usage errors.
func checkLeagueRun(fs *flag.FlagSet, o *league.RunOptions, server, token string) error {
	switch {
	case fs.NArg() > 0:
		return usageError{fmt.Sprintf("league run: unexpected arguments %q", fs.Args())}
	case o.TimeScale <= 0:
		return usageError{fmt.Sprintf("league run: -time-scale %v: want > 0", o.TimeScale)}
	case server == "" && token != "":
		return usageError{"league run: -token is the token of a -server: give both"}
	case server == "":
		return nil
	}
	if err := queue.CheckURL(server); err != nil {
		return usageError{"league run: -server " + err.Error()}
	}
	if !isSet(fs, "j") {
		o.Parallel = leagueServerParallel
	}
	return nil
}

// leagueOnWorkers makes o's pairs played on the workers of the queue at
// server: it connects, and sets o.Runner to a league.Workers named after
// the league's id. The returned function closes the connection.
func leagueOnWorkers(ctx context.Context, s *league.Store, o *league.RunOptions, server, token string, stderr io.Writer) (func(), error) {
	launcher, err := builtin.Launcher()
	if err != nil {
		return nil, err
	}
	q, err := queue.DialShipper(server, token, launcher)
	if err != nil {
		return nil, fmt.Errorf("-server: %w", err)
	}
	q.Warn = func(bot, warning string) { fmt.Fprintf(stderr, "league run: %s: %s\n", bot, warning) }
	id, err := s.ID(ctx)
	if err != nil {
		q.Close()
		return nil, err
	}
	w := &league.Workers{Shipper: q, Server: server, League: id}
	o.Runner = w.Runner
	fmt.Fprintf(stderr, "league %s: each pair a run %s-PAIR-HASH of %s (referee worker -server %s plays them)\n", s.Dir(), id, server, server)
	return q.Close, nil
}

// runLeagueShow is "referee league show".
func runLeagueShow(args []string, stdout io.Writer) error {
	var dir, page, anchor string
	fs := leagueFlags("show", "show [-dir DIR] [-anchor NAME] [-o FILE.html]", &dir)
	fs.StringVar(&page, "o", "", "also write the table and charts as one self-contained HTML page to `FILE`")
	fs.StringVar(&anchor, "anchor", "", "show the ratings relative to this bot (NAME or NAME#V) instead of the league's anchor, which stays")
	if ok, err := parseFlags(fs, args, stdout); !ok {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("league show: unexpected arguments %q", fs.Args())}
	}
	return withLeague(dir, league.Use, func(ctx context.Context, s *league.Store) error {
		t, err := printTable(ctx, s, anchor, stdout)
		if err != nil || page == "" {
			return err
		}
		f, err := os.Create(page)
		if err != nil {
			return err
		}
		if err := league.WritePage(f, t); err != nil {
			f.Close()
			return err
		}
		if err := f.Close(); err != nil {
			return err
		}
		fmt.Fprintf(stdout, "page: %s\n", page)
		return nil
	})
}

// printTable prints the league's table, relative to anchor unless it is
// "", and returns it.
func printTable(ctx context.Context, s *league.Store, anchor string, stdout io.Writer) (*league.Table, error) {
	st, err := s.Load(ctx)
	if err != nil {
		return nil, err
	}
	if anchor != "" {
		st.Anchor = anchor
	}
	t, err := league.Standings(st)
	if err != nil {
		return nil, err
	}
	return t, league.WriteText(stdout, t)
}
