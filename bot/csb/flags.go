package csb

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
	w, b, g := &c.Weights, &c.Baseline, &c.Genes
	fs.Float64Var(&w.Checkpoint, "w-checkpoint", w.Checkpoint, "worth of a checkpoint passed")
	fs.Float64Var(&w.Win, "w-win", w.Win, "worth of a race won")
	fs.Float64Var(&w.WinTurn, "w-win-turn", w.WinTurn, "cost of each turn to the end of a race won or lost")
	fs.Float64Var(&w.BlockerCheckpoint, "w-blocker-checkpoint", w.BlockerCheckpoint, "cost per unit from blocker to their runner's checkpoint")
	fs.Float64Var(&w.BlockerRunner, "w-blocker-runner", w.BlockerRunner, "cost per unit from blocker to their runner")
	fs.Float64Var(&w.BlockerFacing, "w-blocker-facing", w.BlockerFacing, "cost of the blocker facing away from their runner (×1-cos)")
	fs.Float64Var(&w.RunnerFacing, "w-runner-facing", w.RunnerFacing, "cost of the runner facing away from its checkpoint (×1-cos)")
	fs.IntVar(&w.UrgentTurns, "w-urgent-turns", w.UrgentTurns, "turns before the timeout when both pods race")
	fs.Float64Var(&w.UrgentOther, "w-urgent-other", w.UrgentOther, "racing so, the share of the trailing pod's progress counted")
	fs.Float64Var(&w.UrgentPace, "w-urgent-pace", w.UrgentPace, "the blocker races once the turns left are within its distance to its checkpoint / this pace (0: at -w-urgent-turns)")
	fs.Float64Var(&w.UrgentSlack, "w-urgent-slack", w.UrgentSlack, "turns added to the blocker's distance / -w-urgent-pace")
	fs.Float64Var(&w.Hysteresis, "w-hysteresis", w.Hysteresis, "lead that makes the other pod the runner")
	fs.IntVar(&b.Thrust, "base-thrust", b.Thrust, "baseline: full thrust")
	fs.Float64Var(&b.DriftTurns, "base-drift", b.DriftTurns, "baseline: aim off by this many turns of speed")
	fs.Float64Var(&b.CoastTurns, "base-coast", b.CoastTurns, "baseline: turns of speed from a checkpoint to aim past it")
	fs.Float64Var(&b.FullThrustAngle, "base-full-angle", b.FullThrustAngle, "baseline: full thrust within this angle")
	fs.Float64Var(&b.StopAngle, "base-stop-angle", b.StopAngle, "baseline: no thrust beyond this angle")
	fs.Float64Var(&b.BoostAngle, "base-boost-angle", b.BoostAngle, "baseline: BOOST within this angle")
	fs.Float64Var(&b.BoostDistance, "base-boost-distance", b.BoostDistance, "baseline: BOOST this far from the checkpoint")
	fs.Float64Var(&b.ShieldSpeed, "base-shield-speed", b.ShieldSpeed, "baseline: SHIELD at this relative speed")
	fs.IntVar(&g.Shield, "gene-shield", g.Shield, "% of random orders that SHIELD")
	fs.IntVar(&g.Boost, "gene-boost", g.Boost, "% of random orders that BOOST")
	fs.IntVar(&g.MutateRotation, "mutate-rotation", g.MutateRotation, "% of mutations that turn")
	fs.IntVar(&g.MutateThrust, "mutate-thrust", g.MutateThrust, "% of mutations that change the thrust")
	fs.IntVar(&g.MutateShield, "mutate-shield", g.MutateShield, "% of mutations that toggle SHIELD (the rest: BOOST)")
}
