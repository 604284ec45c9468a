package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"impulse/referee/builtin"
	"impulse/referee/match"
	"impulse/referee/queue"
)

const serverUsage = `usage: referee server [-listen 127.0.0.1:4222] [-store DIR] [-token T]

Runs the queue that plays a match's games on many machines: an embedded
NATS server with JetStream, its streams (games to play, results, runs,
shipped bots, replays) kept in -store, so that a server restarted from the
same folder carries on. Workers ("referee worker -server nats://HOST:PORT")
pull the games and play them; "referee match -server nats://HOST:PORT ..."
publishes a match's games and prints its table as a local match does.

The server listens on loopback only by default. Listening on any other
address (-listen :4222, -listen 0.0.0.0:4222) needs -token: every client
then gives the same -token (or $IMPULSE_TOKEN). A worker runs the commands
the matches send it; do not expose the port beyond machines you trust, and
prefer a VPN or an SSH tunnel to the open internet (the connection is not
encrypted).

Flags:
`

// runServer is "referee server".
func runServer(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("server", flag.ContinueOnError)
	var c queue.ServerConfig
	fs.StringVar(&c.Listen, "listen", "127.0.0.1:4222", "`host:port` to listen on (port 0: any free port); beyond loopback needs -token")
	fs.StringVar(&c.StoreDir, "store", "", "folder of the queue's files (default: impulse/queue in the user's cache folder)")
	fs.StringVar(&c.Token, "token", "", "the token clients must give (default $IMPULSE_TOKEN)")
	fs.DurationVar(&c.Limits.AckWait, "ack-wait", queue.DefaultLimits.AckWait, "how long a dead worker's game waits before another worker plays it")
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), serverUsage)
		fs.PrintDefaults()
	}
	if ok, err := parseFlags(fs, args, stdout); !ok {
		return err
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("server: unexpected arguments %q", fs.Args())}
	}
	c.Token = tokenOrEnv(c.Token)
	if c.StoreDir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			return usageError{"server: no user cache folder; give -store DIR"}
		}
		c.StoreDir = filepath.Join(cache, "impulse", "queue")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s, err := queue.Start(c)
	if err != nil {
		if errors.Is(err, queue.ErrNeedToken) {
			return usageError{"server: " + err.Error()}
		}
		return fmt.Errorf("server: %w", err)
	}
	fmt.Fprintf(stdout, "referee server: %s, files in %s; Ctrl-C stops it\n", s.URL(), c.StoreDir)
	fmt.Fprintf(stdout, "  workers: referee worker -server %s\n", s.URL())
	fmt.Fprintf(stdout, "  a match: referee match -server %s -p1 csb/ga -p2 csb/baseline -n 20\n", s.URL())
	<-ctx.Done()
	s.Shutdown()
	fmt.Fprintln(stdout, "referee server: stopped; the queue is kept in", c.StoreDir)
	return nil
}

// useQueue makes o a match played on the queue at c.server: it ships the
// players (warnings on stderr) and sets o.Runner to the run's Remote, a
// new run or the one -resume names. The returned function closes the
// connection.
func useQueue(ctx context.Context, c *matchConfig, o *match.Options, stderr io.Writer) (func(), error) {
	launcher, err := builtin.Launcher()
	if err != nil {
		return nil, err
	}
	q, err := queue.DialShipper(c.server, tokenOrEnv(c.token), launcher)
	if err != nil {
		return nil, err
	}
	q.Warn = func(label, warning string) { fmt.Fprintf(stderr, "referee: %s: %s\n", label, warning) }
	id := c.resume
	if id == "" {
		id = queue.NewRunID()
	}
	r, err := q.Remote(ctx, id, o.Players, stderr)
	if err != nil {
		q.Close()
		return nil, err
	}
	r.Resume = c.resume != ""
	o.Runner = r
	return q.Close, nil
}

// checkQueueFlags checks -server, -token and -resume of "referee match".
func checkQueueFlags(c *matchConfig) error {
	if c.server != "" {
		if err := queue.CheckURL(c.server); err != nil {
			return usageError{"match: -server " + err.Error()}
		}
	}
	if c.resume != "" {
		if c.server == "" {
			return usageError{"match: -resume continues a run of a queue: give its -server"}
		}
		if err := queue.CheckRunID(c.resume); err != nil {
			return usageError{"match: -resume: " + err.Error()}
		}
	}
	return nil
}
