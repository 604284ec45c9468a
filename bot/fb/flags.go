package fb

import "flag"

// The flags of the bot's settings: cmd/bot's, the referee's built-in
// bots', those the tuner sets and those the bundler bakes in.

// RegisterFlags defines c's flags on fs, with c's values as defaults
// (the package's where zero): bot.Config's, the search settings', the
// evaluation weights' (-w-…), the baseline's (-base-…) and the odds of
// the orders drawn (-gene-…, -mutate-…).
func (c *Config) RegisterFlags(fs *flag.FlagSet) {
	c.defaults()
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
	fs.Float64Var(&w.Path, "w-path", w.Path, "weight of the evaluation after each turn before a rollout's last")
	fs.Float64Var(&w.Robust, "w-robust", w.Robust, "share of a plan's score played against the opponent's heuristic plan (0: none; twice the cost)")
	fs.IntVar(&w.Opponents, "w-opponents", w.Opponents, "our plans are scored against this many of the opponent's predicted plans (0, 1: the best alone; at most 4)")
	fs.Float64Var(&w.SoftMin, "w-soft-min", w.SoftMin, "with -w-opponents: share of the worst score (0: the mean, 1: the minimum)")
	fs.BoolVar(&w.InferSpells, "w-infer-spells", w.InferSpells, "infer the opponent's spells from the magic it paid")
	fs.Float64Var(&w.Race, "w-race", w.Race, "a snaffle's worth shifts towards the player that reaches it first by this share (0: none)")
	fs.Float64Var(&w.RaceScale, "w-race-scale", w.RaceScale, "with -w-race: the lead in distance at which the race counts whole")
	fs.BoolVar(&w.RaceFree, "w-race-free", w.RaceFree, "with -w-race: only the wizards that may catch the snaffle race to it")
	fs.BoolVar(&w.RaceThreat, "w-race-threat", w.RaceThreat, "with -w-race: the lead in the race counts more the nearer the snaffle is to the goal the leader attacks")
	fs.Float64Var(&w.MatchPoint, "w-match-point", w.MatchPoint, "extra weight of a snaffle's chances for a player one goal from the win")
	fs.BoolVar(&w.BludgerTarget, "w-bludger-target", w.BludgerTarget, "a bludger threatens only the wizard it chases, measured next turn")
	fs.Float64Var(&w.ChaseLead, "w-chase-lead", w.ChaseLead, "the chase measures this many turns ahead")
	b, g := &c.Baseline, &c.Genes
	fs.Float64Var(&b.FlipendoMin, "base-flipendo-min", b.FlipendoMin, "baseline: FLIPENDO a snaffle this far at least")
	fs.Float64Var(&b.FlipendoMax, "base-flipendo-max", b.FlipendoMax, "baseline: FLIPENDO a snaffle this far at most")
	fs.Float64Var(&b.FlipendoMargin, "base-flipendo-margin", b.FlipendoMargin, "baseline: FLIPENDO's aim inside the posts")
	fs.Float64Var(&b.LeadTurns, "base-lead", b.LeadTurns, "baseline: run at the snaffle this many turns ahead")
	fs.IntVar(&b.SaveTurns, "base-save-turns", b.SaveTurns, "baseline: PETRIFICUS a snaffle about to cross its own goal line within this many turns (0: never)")
	fs.IntVar(&g.SpellChance, "gene-spell", g.SpellChance, "% of random orders that cast a spell")
	fs.IntVar(&g.OpponentSpellChance, "gene-opp-spell", g.OpponentSpellChance, "% of random orders of an opponent with 20 magic that cast a spell (0: -gene-spell)")
	fs.IntVar(&g.MutateAngle, "mutate-angle", g.MutateAngle, "% of mutations that turn")
	fs.IntVar(&g.MutatePower, "mutate-power", g.MutatePower, "% of mutations that change the power")
	fs.IntVar(&g.MutateSpell, "mutate-spell", g.MutateSpell, "% of mutations that add or drop a spell (the rest: a new order)")
}
