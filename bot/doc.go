// Package bot holds the search pieces that the game bots share: Rand, a
// seeded generator kept as a value field; Budget, which ends a search at a
// deadline or, in the deterministic mode, after a fixed number of
// iterations; and the selection steps of the searches (Tournament for a
// genetic algorithm, Worst, Best and TopK for a beam). Engine is the
// search of both games (a genetic algorithm over both players' plans, or
// a beam); a Game that is Prefixed keeps each plan's trajectory, with
// Trajectories' bookkeeping, and has its children simulated only from the
// first turn where they differ from a parent. The beam search (beam.go)
// is left out of a contest build without the tag beam (nobeam.go).
//
// Setup is a game's Config: the Config and search Settings both games
// share, with the game's weights, baseline and gene odds; its zero parts
// mean the game's defaults, and Prepare checks it for the game's NewBot.
//
// Input, Output and EndTurn are the I/O of a contest program's turn loop.
//
// It knows nothing of any game and allocates nothing: a game's package
// (bot/csb, bot/fb) owns the states, plans and buffers, sized once.
package bot
