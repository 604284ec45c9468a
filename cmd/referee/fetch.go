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
	"strconv"
	"syscall"
	"time"

	"impulse/referee/fetch"
)

// defaultFetchDir is where "referee fetch" keeps the games it downloads.
const defaultFetchDir = "replays/fetched"

const fetchUsage = `usage: referee fetch [-api URL] [-o DIR] [-pause D] GAMEID...
       referee fetch -agent AGENTID [-last N] [-api URL] [-o DIR] [-pause D]

Downloads CodinGame replays from CodinGame's API into DIR, as DIR/GAMEID.json,
each exactly as the API serves it, for "referee diff" and "referee view".
A game id is the number at the end of a replay's address
(https://www.codingame.com/replay/GAMEID). With -agent, downloads the agent's
N newest finished games (an agent is one submission of a bot; CodinGame's
own pages ask the API for its last battles by this id).

DIR is a cache: a game already there is not downloaded again. Each file is
written whole or not at all. On HTTP 429, 403 and 5xx, and when no answer
comes, a request is tried again (6 attempts in all) after an exponential
back-off, or the wait the server's Retry-After asks for, of at most a minute.
Downloads are -pause apart. Exit status: 0 every game is there, 1 a game
failed, 2 bad usage.

Flags:
`

// fetchConfig is the parsed flags of "referee fetch".
type fetchConfig struct {
	api, dir string
	agent    int64
	agentSet bool // -agent given
	last     int
	pause    time.Duration
	ids      []int64 // the games given
}

// runFetch is "referee fetch".
func runFetch(args []string, stdout, stderr io.Writer) error {
	c, err := parseFetch(args, stdout)
	if c == nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return c.fetch(ctx, stdout, stderr)
}

// parseFetch parses and checks the flags of "referee fetch". It returns
// no config, but the error (nil after -h), when there is nothing to
// fetch.
func parseFetch(args []string, stdout io.Writer) (*fetchConfig, error) {
	c := &fetchConfig{}
	flags := flag.NewFlagSet("fetch", flag.ContinueOnError)
	flags.StringVar(&c.api, "api", fetch.DefaultAPI, "the API's base `URL`")
	flags.StringVar(&c.dir, "o", defaultFetchDir, "download into `DIR` (created if missing)")
	flags.Int64Var(&c.agent, "agent", 0, "download the newest finished games of the agent with this `id`")
	flags.IntVar(&c.last, "last", 10, "with -agent: how many games, at most")
	flags.DurationVar(&c.pause, "pause", fetch.DefaultPause, "wait between two downloads")
	flags.Usage = func() {
		fmt.Fprint(flags.Output(), fetchUsage)
		flags.PrintDefaults()
	}
	if ok, err := parseFlags(flags, args, stdout); !ok {
		return nil, err
	}
	c.agentSet = isSet(flags, "agent")
	if err := c.check(flags); err != nil {
		return nil, usageError{"fetch: " + err.Error()}
	}
	return c, nil
}

// check checks the flags and reads the game ids.
func (c *fetchConfig) check(flags *flag.FlagSet) error {
	if u, err := url.Parse(c.api); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("-api %q: want an http or https URL such as %s", c.api, fetch.DefaultAPI)
	}
	if c.pause < 0 {
		return fmt.Errorf("-pause %v: negative", c.pause)
	}
	switch {
	case c.agentSet && flags.NArg() > 0:
		return errors.New("give game ids or -agent, not both")
	case c.agentSet && c.agent <= 0:
		return fmt.Errorf("-agent %d: want an agent id, a positive number", c.agent)
	case c.agentSet && c.last <= 0:
		return fmt.Errorf("-last %d: want 1 or more", c.last)
	case c.agentSet:
		return nil
	case isSet(flags, "last"):
		return errors.New("-last goes with -agent")
	case flags.NArg() == 0:
		return errors.New("no game id given (referee fetch -h for help)")
	}
	for _, a := range flags.Args() {
		id, err := strconv.ParseInt(a, 10, 64)
		if err != nil || id <= 0 {
			return fmt.Errorf("%q is not a game id (a number, as in https://www.codingame.com/replay/872197069)", a)
		}
		c.ids = append(c.ids, id)
	}
	return nil
}

// fetch downloads the games (with -agent, the agent's last ones),
// printing a line a game and one in all.
func (c *fetchConfig) fetch(ctx context.Context, stdout, stderr io.Writer) error {
	cl := &fetch.Client{
		API:   c.api,
		Pause: c.pause,
		Logf: func(format string, args ...any) {
			fmt.Fprintf(stderr, "fetch: "+format+"\n", args...)
		},
	}
	if c.agentSet {
		var err error
		c.ids, err = cl.LastGames(ctx, c.agent, c.last)
		if err != nil {
			return fetchError(err)
		}
		fmt.Fprintf(stdout, "agent %d: %d newest finished games\n", c.agent, len(c.ids))
	}
	var downloaded, cached, failed int
	_, err := cl.Fetch(ctx, c.dir, c.ids, func(r fetch.Result) {
		switch {
		case r.Err != nil:
			failed++
			fmt.Fprintf(stderr, "fetch: %s\n", r)
		case r.Cached:
			cached++
			fmt.Fprintln(stdout, r)
		default:
			downloaded++
			fmt.Fprintln(stdout, r)
		}
	})
	fmt.Fprintf(stdout, "%d downloaded, %d cached, %d failed, into %s\n", downloaded, cached, failed, c.dir)
	if err != nil {
		return fetchError(err)
	}
	if failed > 0 {
		return exitError{code: 1}
	}
	return nil
}

// fetchError says "interrupted" for Ctrl-C.
func fetchError(err error) error {
	if errors.Is(err, context.Canceled) {
		return errors.New("fetch: interrupted")
	}
	return fmt.Errorf("fetch: %w", err)
}
