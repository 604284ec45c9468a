package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"impulse/referee/match"
)

// continueFrom prepares o to continue the match of the -results file
// (-continue): the file's whole pairs count first (o.Earlier), this run's
// games number on after its last (o.FirstIndex) and, without -seed, the
// seeds go on after its largest. The file must hold games of this match
// (the same game, players, rules and time scale); a missing or empty file
// starts the match.
func (c *matchConfig) continueFrom(o *match.Options, stderr io.Writer) error {
	f, err := os.Open(c.results)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("match: -continue: %w", err)
	}
	defer f.Close()
	res, err := match.ReadResults(f, c.results)
	if err != nil {
		return fmt.Errorf("match: -continue: %w", err)
	}
	if len(res) == 0 {
		return nil
	}
	want := match.InfoOf(o)
	next, last := 0, int64(0)
	played := map[int64]bool{}
	for _, r := range res {
		if r.Info.Game == "" || r.Game.Index < 0 {
			return fmt.Errorf("match: -continue: %s:%d has no match info or game index (an older referee's line): the games cannot be numbered on", c.results, r.Line)
		}
		if in := r.Info; in.Game != want.Game || in.Players != want.Players || in.Rules != want.Rules || in.TimeScale != want.TimeScale {
			return fmt.Errorf("match: -continue: %s:%d is a game of %s vs %s (%s, %s rules, time x%g), not of this match (%s vs %s, %s, %s rules, time x%g): give this match another -results file",
				c.results, r.Line, in.Players[0], in.Players[1], in.Game, in.Rules, in.TimeScale,
				want.Players[0], want.Players[1], want.Game, want.Rules, want.TimeScale)
		}
		next = max(next, r.Game.Index+1)
		last = max(last, r.Game.Seed)
		played[r.Game.Seed] = true
	}
	rep, err := match.ReportFromResults([]match.ResultFile{{Name: c.results, Results: res}}, nil)
	if err != nil {
		return fmt.Errorf("match: -continue: %w", err)
	}
	o.Earlier, o.FirstIndex = rep.Games, next+next%2
	if !c.seedSet {
		o.Seeds = []int64{last + 1}
	}
	fmt.Fprintf(stderr, "continuing %s: %d games (%d pairs) counted first, %d left out without their pair; this run's games from game %d, seeds from %d\n",
		c.results, len(rep.Games), len(rep.Games)/2, rep.Unpaired, o.FirstIndex+1, o.Seeds[0])
	if s, ok := replayedSeed(o, played); ok {
		fmt.Fprintf(stderr, "warning: seed %d is already played in %s: its games are played again and counted twice\n", s, c.results)
	}
	return nil
}

// replayedSeed returns the first seed of o's pairs that is in played.
func replayedSeed(o *match.Options, played map[int64]bool) (int64, bool) {
	for _, s := range match.PairSeeds(o.Seeds, (o.Games+1)/2) {
		if played[s] {
			return s, true
		}
	}
	return 0, false
}
