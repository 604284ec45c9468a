// Command bot is the contest bot: it plays one game on the CodinGame
// protocol, reading stdin and answering on stdout, with a line per turn on
// stderr. The game is chosen at build time: Coders Strike Back by default
// (csb.go), Fantastic Bits with the tag fb (fb.go). cmd/bundle flattens
// this command into the single file CodinGame takes.
//
// Usage:
//
//	bot [-strategy ga|beam|baseline] [-seed N] [-iterations K] [-first D] [-turn D] [-rules live|published] [settings]
//
// With -iterations K > 0 the bot runs K search iterations a turn whatever
// the time, and with the same -seed it plays the same moves. The settings
// are every evaluation weight and search constant of the game's bot, with
// today's values as defaults (bot -h lists them): the search's (-depth,
// -population, -crossover, -mutation-decay, -opponent-share, -beam-width,
// ...), the evaluation's weights (-w-*), the baseline's thresholds
// (-base-*) and the odds of random orders (-gene-*, -mutate-*). CodinGame
// passes no arguments: cmd/bundle -flags bakes chosen values into the
// bundle (bakedArgs, parsed before the command line). Built without the
// tag contest it also takes -profile cpu|mem.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
)

// startProfile, when not nil, starts the profile named by the -profile
// flag and returns the function that stops it (profile.go, left out of
// the contest bundle).
var startProfile func() (stop func())

// bakedArgs are flags parsed before the command line's: CodinGame passes
// none, so cmd/bundle -flags sets them in the bundle.
var bakedArgs []string

func main() {
	log.SetPrefix("bot: ")
	log.SetFlags(0)
	var cfg config
	cfg.Seed = 1
	cfg.RegisterFlags(flag.CommandLine)
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: bot [flags] < input > output\n\nPlays %s on the CodinGame protocol.\n\nFlags:\n", gameName)
		flag.PrintDefaults()
	}
	for _, args := range [][]string{bakedArgs, os.Args[1:]} {
		// flag.ExitOnError: a bad flag exits with status 2.
		if flag.CommandLine.Parse(args); flag.NArg() > 0 {
			flag.Usage()
			os.Exit(2)
		}
	}
	if startProfile != nil {
		stop := startProfile()
		err := runGame(cfg)
		stop()
		exit(err)
	}
	exit(runGame(cfg))
}

func exit(err error) {
	if err != nil {
		log.Print(err)
		os.Exit(1)
	}
}
