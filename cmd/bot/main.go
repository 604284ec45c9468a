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
// (-base-*) and the odds of random orders (-gene-*, -mutate-*). Built
// without the tag contest it also takes -profile cpu|mem.
//
// The contest build (tag contest, what cmd/bundle flattens) has no flags
// and refuses arguments: CodinGame passes none, and the flag code would
// cost the bundle about 5,000 characters. cmd/bundle -flags parses the
// flags at bundle time instead, checks them as the bot does when it
// starts, and writes the body of settings with the values they set.
package main

import (
	"log"
	"os"
)

// settings returns the settings the bot plays with before its flags: seed
// 1, and the game's defaults (a zero part of a Config). Its body assigns
// constants to fields of cfg: cmd/bundle -flags parses the flags over
// them and writes the values they set in their place.
func settings() (cfg config) {
	cfg.Seed = 1
	return
}

func main() {
	log.SetPrefix("bot: ")
	log.SetFlags(0)
	cfg := settings()
	stop := parseArgs(&cfg)
	err := runGame(cfg)
	stop()
	if err != nil {
		log.Print(err)
		os.Exit(1)
	}
}
