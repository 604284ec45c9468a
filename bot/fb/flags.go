//go:build !contest

package fb

import "flag"

// The tuning flags are left out of the contest bundle (tag contest):
// CodinGame runs the bot without arguments, so there the package's
// defaults are the values, and a tuned value goes into them. The contest
// build keeps bot.Config's flags.

// RegisterFlags defines c's flags on fs, with c's values as defaults
// (the package's where zero): bot.Config's and the evaluation weights'
// (-w-…).
func (c *Config) RegisterFlags(fs *flag.FlagSet) {
	if c.Weights == (Weights{}) {
		c.Weights = DefaultWeights
	}
	c.Config.RegisterFlags(fs)
	w := &c.Weights
	fs.Float64Var(&w.Goal, "w-goal", w.Goal, "worth of a goal")
	fs.Float64Var(&w.SnaffleLead, "w-snaffle-lead", w.SnaffleLead, "snaffles count this many turns ahead")
	fs.Float64Var(&w.Chase, "w-chase", w.Chase, "cost per unit to the snaffle chased")
	fs.Float64Var(&w.Hold, "w-hold", w.Hold, "worth of a held snaffle")
	fs.Float64Var(&w.Magic, "w-magic", w.Magic, "worth of a point of magic")
	fs.Float64Var(&w.BludgerRange, "w-bludger-range", w.BludgerRange, "bludger danger range")
	fs.Float64Var(&w.Bludger, "w-bludger", w.Bludger, "cost per unit a bludger is in range")
}
