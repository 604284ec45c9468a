// Package referee lists the games our local referee plays and replays
// ([Games], [GameByName]): for each, its names, its official referee and
// the parser of the view that referee writes. The phases of the referee
// are packages below it, with imports pointing one way (down this list):
//
//   - referee/engine: the Go twin of CodinGame's Java AbstractReferee.
//   - referee/csbref, referee/fbref: the two games' referees on top of the
//     simulators, each with the parser of its own view format; csbref also
//     speaks the community's CSB simulator test protocol (SimTest).
//   - referee/replay: CodinGame's replay JSON: read, write, list.
//   - referee/diff: a replay replayed through our referee, frame by frame.
//   - referee/stats: Elo, likelihood of superiority and SPRT of paired games.
//   - referee/match: matches between bot processes, and their report.
//   - referee/arena: games between the bots in process, for their strength
//     and tuning tests.
//   - referee/view: the replay viewer; referee/fetch: CodinGame's API.
package referee
