package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"syscall"

	"impulse/referee/builtin"
	"impulse/referee/queue"
)

const workerUsage = `usage: referee worker -server nats://HOST:PORT [-token T] [-j N] [-cache DIR]

Pulls games from the queue of "referee server" and plays them, -j at a
time, exactly as a local match does (time limits, process groups, the
losses of misbehaving bots); stores each result, then acknowledges the
game. While a game runs the worker tells the server it is still playing;
a worker that dies leaves its games to the others once the server's ack
wait passes, and Ctrl-C hands them back at once. Workers can join and leave
at any time. A built-in bot runs with this binary; a bot shipped as a file
is fetched once into -cache, by its content hash. A line per game: games
played, games per minute.

The time limits are measured here: give each game a core (-j at most the
CPU count, less on a busy machine), or the bots time out through no fault
of their own.

Flags:
`

// runWorker is "referee worker".
func runWorker(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("worker", flag.ContinueOnError)
	var server, token string
	var cfg queue.WorkerConfig
	fs.StringVar(&server, "server", "nats://127.0.0.1:4222", "the queue: referee server's `URL`")
	fs.StringVar(&token, "token", "", "the server's token (default $IMPULSE_TOKEN)")
	fs.IntVar(&cfg.Parallel, "j", runtime.NumCPU(), "games played at once (the default is this machine's CPU count)")
	fs.StringVar(&cfg.CacheDir, "cache", "", "folder of the shipped bots (default: impulse/bots in the user's cache folder)")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), workerUsage)
		fs.PrintDefaults()
	}
	if ok, err := parseFlags(fs, args, stdout); !ok {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("worker: unexpected arguments %q", fs.Args())}
	}
	if cfg.CacheDir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			return usageError{"worker: no user cache folder; give -cache DIR"}
		}
		cfg.CacheDir = filepath.Join(cache, "impulse", "bots")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return work(ctx, server, tokenOrEnv(token), cfg, stderr)
}

// work runs a worker until ctx is done.
func work(ctx context.Context, server, token string, cfg queue.WorkerConfig, stderr io.Writer) error {
	launcher, err := builtin.Launcher()
	if err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	cfg.Builtin = launcher
	host, _ := os.Hostname()
	cfg.Name = fmt.Sprintf("%s:%d", host, os.Getpid())
	cfg.Log = prefixWriter{stderr, "referee worker: "}
	cl, err := queue.Dial(server, token)
	if err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	defer cl.Close()
	fmt.Fprintf(stderr, "referee worker %s: %d games at a time from %s; Ctrl-C hands back its games and stops\n", cfg.Name, cfg.Parallel, server)
	if err := cl.Work(ctx, cfg); err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	return nil
}

// prefixWriter writes each Write (a line) after a prefix.
type prefixWriter struct {
	w      io.Writer
	prefix string
}

func (p prefixWriter) Write(b []byte) (int, error) {
	if _, err := io.WriteString(p.w, p.prefix+string(b)); err != nil {
		return 0, err
	}
	return len(b), nil
}
