// Package referee plays the two games' official referees (csbref, fbref on
// top of referee/engine) against recorded games and against live bots.
//
// Replays. ReadReplay and ParseReplay read CodinGame's replay JSON (also
// wrapped in {"success": ...}, with or without the playerInput and engine
// keys). Diff rebuilds a replay's game from frame 0, feeds each frame's
// recorded output to our referee and compares every frame: the views,
// parsed per game (ParseCSBView, ParseFBView) and compared field by field,
// the texts, the summaries, the input lines each bot read, the tooltips,
// and the final scores and ranks. ReplayFiles lists the replays under
// files and folders.
//
// Matches. RunMatch plays bots against each other, each a process started
// once per game and spoken to on CodinGame's protocol with its time
// limits, every seed twice with the sides swapped; WriteReport prints the
// table (wins, Elo with its confidence interval from the pairs, response
// times, end reasons), and MatchOptions.SPRT stops the match when the
// sequential probability ratio test decides. Games can be written as
// replays that Diff reproduces; SetLastReplaysDir records where, for the
// viewer.
//
// SimTest speaks the community's CSB simulator test protocol.
package referee
