// Command bot is the contest bot: it plays one game on the CodinGame
// protocol, reading stdin and answering on stdout, with a line per turn on
// stderr. The game is chosen at build time: Coders Strike Back by default
// (csb.go), Fantastic Bits with the tag fb (fb.go). cmd/bundle flattens
// this command into the single file CodinGame takes.
//
// Usage:
//
//	bot [-strategy name] [-seed N] [-iterations K] [-first D] [-turn D]
//
// With -iterations K > 0 the bot runs K search iterations a turn whatever
// the time, and with the same -seed it plays the same moves. Built without
// the tag contest it also takes -profile cpu|mem.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"time"

	"impulse/sim"
)

// options are the flags, shared by both games.
type options struct {
	strategy   string
	seed       int64
	iterations int
	first      time.Duration
	turn       time.Duration
	rules      sim.Rules // the published referee's CSB has no BOOST
}

// startProfile, when not nil, starts the profile named by the -profile
// flag and returns the function that stops it (profile.go, left out of
// the contest bundle).
var startProfile func() (stop func())

func main() {
	log.SetPrefix("bot: ")
	log.SetFlags(0)
	var o options
	flag.StringVar(&o.strategy, "strategy", "", "search strategy (default: the game's, "+strategies+")")
	flag.Int64Var(&o.seed, "seed", 1, "seed of the search's random source")
	flag.IntVar(&o.iterations, "iterations", 0, "search iterations per turn, ignoring time (deterministic with -seed); 0: time budgets")
	flag.DurationVar(&o.first, "first", 0, "time budget of the first turn (0: the game's default)")
	flag.DurationVar(&o.turn, "turn", 0, "time budget of the other turns (0: the game's default)")
	flag.Var(&o.rules, "rules", "the rules played: live (CodinGame) or published (the published referee, for local matches)")
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: bot [flags] < input > output\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 || o.iterations < 0 || o.first < 0 || o.turn < 0 {
		flag.Usage()
		os.Exit(2)
	}
	if startProfile != nil {
		stop := startProfile()
		err := runGame(o)
		stop()
		exit(err)
	}
	exit(runGame(o))
}

func exit(err error) {
	if err != nil {
		log.Print(err)
		os.Exit(1)
	}
}
