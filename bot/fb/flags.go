package fb

import "flag"

// The flags of the bot's settings: cmd/bot's, the referee's built-in
// bots', those the tuner sets and those the bundler bakes in.

// RegisterFlags defines c's flags on fs, with c's values as defaults
// (the package's where zero): bot.Config's, the search settings', the
// evaluation weights' (-w-…), the baseline's (-base-…) and the odds of
// the orders drawn (-gene-…, -mutate-…).
func (c *Config) RegisterFlags(fs *flag.FlagSet) {
	(*setup)(c).OrDefaults(defaults())
	c.Config.RegisterFlags(fs)
	c.Settings.RegisterFlags(fs)
	w := &c.Weights
	fs.Float64Var(&w.Goal, "w-goal", w.Goal, "worth of a goal")
	fs.Float64Var(&w.SnaffleLead, "w-snaffle-lead", w.SnaffleLead, "snaffles count this many turns ahead")
	fs.Float64Var(&w.Chase, "w-chase", w.Chase, "cost per unit to the snaffle chased")
	fs.Float64Var(&w.Hold, "w-hold", w.Hold, "worth of a held snaffle")
	fs.Float64Var(&w.Magic, "w-magic", w.Magic, "worth of a point of magic")
	fs.Float64Var(&w.BludgerRange, "w-bludger-range", w.BludgerRange, "bludger danger range")
	fs.Float64Var(&w.Bludger, "w-bludger", w.Bludger, "cost per unit a bludger is in range")
	fs.Float64Var(&w.Robust, "w-robust", w.Robust, "share of a plan's score played against the opponent's heuristic plan (0: none; twice the cost)")
	fs.Float64Var(&w.Race, "w-race", w.Race, "a snaffle's worth shifts towards the player that reaches it first by this share (0: none)")
	fs.Float64Var(&w.RaceScale, "w-race-scale", w.RaceScale, "with -w-race: the lead in distance at which the race counts whole")
	b, g := &c.Baseline, &c.Genes
	fs.Float64Var(&b.FlipendoMin, "base-flipendo-min", b.FlipendoMin, "baseline: FLIPENDO a snaffle this far at least")
	fs.Float64Var(&b.FlipendoMax, "base-flipendo-max", b.FlipendoMax, "baseline: FLIPENDO a snaffle this far at most")
	fs.Float64Var(&b.FlipendoMargin, "base-flipendo-margin", b.FlipendoMargin, "baseline: FLIPENDO's aim inside the posts")
	fs.Float64Var(&b.LeadTurns, "base-lead", b.LeadTurns, "baseline: run at the snaffle this many turns ahead")
	fs.IntVar(&g.SpellChance, "gene-spell", g.SpellChance, "% of random orders that cast a spell")
	fs.IntVar(&g.MutateAngle, "mutate-angle", g.MutateAngle, "% of mutations that turn")
	fs.IntVar(&g.MutatePower, "mutate-power", g.MutatePower, "% of mutations that change the power")
	fs.IntVar(&g.MutateSpell, "mutate-spell", g.MutateSpell, "% of mutations that add or drop a spell (the rest: a new order)")
}
