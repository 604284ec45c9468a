// Package match plays matches between bot processes on our referees and
// reports them.
//
// [Run] plays the games of a match, several at a time: each bot is a
// command (argv, run without a shell; [SplitCommand] splits a command
// line as a shell would) started once per game in a process group of its
// own, spoken to on CodinGame's protocol with the game's time limits, and
// killed with its group when the game ends. Every seed is played twice
// with the sides swapped, and the pairs are tallied in a
// stats.Pentanomial; [Options].SPRT stops the match when the sequential
// probability ratio test decides. Each finished [Game] can be appended to
// a results file as a JSON line and written as a replay (referee/replay)
// that referee/diff reproduces. [WriteReport] prints the table: wins,
// draws, losses, Elo with its confidence interval from the pairs, results
// by seat, response times, end reasons.
//
// Who plays the games is a [Runner]'s business: by default this process's
// children, [Options].Parallel at a time; referee/queue's runner sends
// them to workers on other machines, which play each with [PlayGame], the
// same code, and send it back as a record ([Game.MarshalRecord]). Run
// keeps the rest: pairs, statistics, SPRT, results, replays, progress.
//
// The games are those of referee.Games. The package has no side effect
// beyond the bots it starts and the files its options name.
package match
