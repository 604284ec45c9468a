//go:build !contest

package main

import (
	"flag"
	"log"
	"os"

	"github.com/pkg/profile"
)

// This file is left out of the contest bundle (tag contest): profiling
// needs github.com/pkg/profile, outside the standard library.

var profileMode = flag.String("profile", "", "write a profile: cpu or mem (in the current directory)")

func init() {
	startProfile = func() func() {
		var mode func(*profile.Profile)
		switch *profileMode {
		case "":
			return func() {}
		case "cpu":
			mode = profile.CPUProfile
		case "mem":
			mode = profile.MemProfile
		default:
			log.Printf("-profile %s: want cpu or mem", *profileMode)
			os.Exit(2)
		}
		return profile.Start(mode, profile.ProfilePath("."), profile.Quiet).Stop
	}
}
