package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

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
func runServer(args []string, stdout io.Writer) (int, error) {
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
	if code, ok, err := parseFlags(fs, args, stdout); !ok {
		return code, err
	}
	if fs.NArg() > 0 {
		return 2, usageError{fmt.Sprintf("server: unexpected arguments %q", fs.Args())}
	}
	c.Token = tokenOrEnv(c.Token)
	if c.StoreDir == "" {
		cache, err := os.UserCacheDir()
		if err != nil {
			return 2, usageError{"server: no user cache folder; give -store DIR"}
		}
		c.StoreDir = filepath.Join(cache, "impulse", "queue")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	s, err := queue.Start(c)
	if err != nil {
		if errors.Is(err, queue.ErrNeedToken) {
			return 2, usageError{"server: " + err.Error()}
		}
		return 1, fmt.Errorf("server: %w", err)
	}
	fmt.Fprintf(stdout, "referee server: %s, files in %s; Ctrl-C stops it\n", s.URL(), c.StoreDir)
	fmt.Fprintf(stdout, "  workers: referee worker -server %s\n", s.URL())
	fmt.Fprintf(stdout, "  a match: referee match -server %s -p1 csb/ga -p2 csb/baseline -n 20\n", s.URL())
	<-ctx.Done()
	s.Shutdown()
	fmt.Fprintln(stdout, "referee server: stopped; the queue is kept in", c.StoreDir)
	return 0, nil
}

// useQueue makes o a match played on the queue at c.server: it ships the
// players and sets o.Runner. Warnings (what is not shipped) go to stderr.
// The returned function closes the connection.
func useQueue(ctx context.Context, c *matchConfig, o *match.Options, stderr io.Writer) (func(), error) {
	cl, builtin, err := dialQueue(c.server, c.token)
	if err != nil {
		return nil, err
	}
	r := &queue.Remote{Client: cl, ID: c.resume, Resume: c.resume != "", Log: stderr}
	if r.ID == "" {
		r.ID = queue.NewRunID()
	}
	for i, p := range o.Players {
		b, warnings, err := cl.Ship(ctx, p, builtin)
		for _, w := range warnings {
			fmt.Fprintf(stderr, "referee: p%d: %s\n", i+1, w)
		}
		if err != nil {
			cl.Close()
			return nil, fmt.Errorf("-p%d: %w", i+1, err)
		}
		r.Players[i] = b
	}
	o.Runner = r
	return cl.Close, nil
}

// dialQueue connects to the queue of "referee server" at server (-server)
// with token (-token, else $IMPULSE_TOKEN). It returns the client and the
// words that run a built-in bot here, which Ship sends by name.
func dialQueue(server, token string) (*queue.Client, []string, error) {
	self, err := os.Executable()
	if err != nil {
		return nil, nil, err
	}
	cl, err := queue.Dial(server, tokenOrEnv(token))
	if err != nil {
		return nil, nil, err
	}
	return cl, []string{self, "bot"}, nil
}

// checkServerURL checks a -server flag: nats://HOST:PORT.
func checkServerURL(server string) error {
	u, err := url.Parse(server)
	if err != nil || u.Scheme != "nats" || u.Hostname() == "" || u.Port() == "" || (u.Path != "" && u.Path != "/") || u.RawQuery != "" {
		return fmt.Errorf("-server %q: want nats://HOST:PORT, the address referee server prints", server)
	}
	return nil
}

// tokenOrEnv returns the -token given, else $IMPULSE_TOKEN (read after
// the flags, so that -h never prints it).
func tokenOrEnv(token string) string {
	if token == "" {
		return os.Getenv("IMPULSE_TOKEN")
	}
	return token
}

// checkQueueFlags checks -server, -token and -resume of "referee match".
func checkQueueFlags(c *matchConfig) error {
	if c.server != "" {
		if err := checkServerURL(c.server); err != nil {
			return usageError{"match: " + err.Error()}
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
