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

// runFetch is "referee fetch".
func runFetch(args []string, stdout, stderr io.Writer) (int, error) {
	flags := flag.NewFlagSet("fetch", flag.ContinueOnError)
	api := flags.String("api", fetch.DefaultAPI, "the API's base `URL`")
	dir := flags.String("o", defaultFetchDir, "download into `DIR` (created if missing)")
	agent := flags.Int64("agent", 0, "download the newest finished games of the agent with this `id`")
	last := flags.Int("last", 10, "with -agent: how many games, at most")
	pause := flags.Duration("pause", fetch.DefaultPause, "wait between two downloads")
	flags.Usage = func() {
		fmt.Fprint(flags.Output(), fetchUsage)
		flags.PrintDefaults()
	}
	if code, ok, err := parseFlags(flags, args, stdout); !ok {
		return code, err
	}
	set := map[string]bool{}
	flags.Visit(func(f *flag.Flag) { set[f.Name] = true })

	if u, err := url.Parse(*api); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return 2, usageError{fmt.Sprintf("fetch: -api %q: want an http or https URL such as %s", *api, fetch.DefaultAPI)}
	}
	if *pause < 0 {
		return 2, usageError{fmt.Sprintf("fetch: -pause %v: negative", *pause)}
	}
	var ids []int64
	switch {
	case set["agent"] && flags.NArg() > 0:
		return 2, usageError{"fetch: give game ids or -agent, not both"}
	case set["agent"]:
		if *agent <= 0 {
			return 2, usageError{fmt.Sprintf("fetch: -agent %d: want an agent id, a positive number", *agent)}
		}
		if *last <= 0 {
			return 2, usageError{fmt.Sprintf("fetch: -last %d: want 1 or more", *last)}
		}
	case set["last"]:
		return 2, usageError{"fetch: -last goes with -agent"}
	case flags.NArg() == 0:
		return 2, usageError{"fetch: no game id given (referee fetch -h for help)"}
	default:
		for _, a := range flags.Args() {
			id, err := strconv.ParseInt(a, 10, 64)
			if err != nil || id <= 0 {
				return 2, usageError{fmt.Sprintf("fetch: %q is not a game id (a number, as in https://www.codingame.com/replay/872197069)", a)}
			}
			ids = append(ids, id)
		}
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	c := &fetch.Client{
		API:   *api,
		Pause: *pause,
		Logf: func(format string, args ...any) {
			fmt.Fprintf(stderr, "fetch: "+format+"\n", args...)
		},
	}
	if set["agent"] {
		var err error
		ids, err = c.LastGames(ctx, *agent, *last)
		if err != nil {
			return 1, fetchError(err)
		}
		fmt.Fprintf(stdout, "agent %d: %d newest finished games\n", *agent, len(ids))
	}
	var downloaded, cached, failed int
	_, err := c.Fetch(ctx, *dir, ids, func(r fetch.Result) {
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
	fmt.Fprintf(stdout, "%d downloaded, %d cached, %d failed, into %s\n", downloaded, cached, failed, *dir)
	if err != nil {
		return 1, fetchError(err)
	}
	if failed > 0 {
		return 1, nil
	}
	return 0, nil
}

// fetchError says "interrupted" for Ctrl-C.
func fetchError(err error) error {
	if errors.Is(err, context.Canceled) {
		return errors.New("fetch: interrupted")
	}
	return fmt.Errorf("fetch: %w", err)
}
