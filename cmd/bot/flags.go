//go:build !contest

package main

import (
	"flag"
	"fmt"
	"os"
)

// This file is left out of the contest bundle (tag contest, see
// contest.go): cmd/bundle -flags parses the flags at bundle time.

// startProfile, when not nil, starts the profile named by the -profile
// flag and returns the function that stops it (profile.go).
var startProfile func() (stop func())

// parseArgs defines the settings' flags on the command line, with cfg's
// values as defaults (the game's where zero), parses os.Args into cfg,
// and returns the function that stops the profile it started (-profile).
// A bad flag exits with status 2.
func parseArgs(cfg *config) (stop func()) {
	cfg.RegisterFlags(flag.CommandLine)
	flag.Usage = func() {
		fmt.Fprintf(flag.CommandLine.Output(), "usage: bot [flags] < input > output\n\nPlays %s on the CodinGame protocol.\n\nFlags:\n", gameName)
		flag.PrintDefaults()
	}
	if flag.Parse(); flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	if startProfile == nil {
		return func() {}
	}
	return startProfile()
}
