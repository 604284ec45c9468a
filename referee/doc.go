// Package referee lists the games our local referee plays and replays
// ([Games], [GameByName]): for each, its names, its official referee and
// the parser of the view that referee writes. The phases of the referee
// are packages below it, each importing only packages listed before it:
//
//   - referee/engine: the Go twin of CodinGame's Java AbstractReferee, and
//     the line reader of the games' views.
//   - referee/csbref, referee/fbref: the two games' referees on top of the
//     simulators, each with the parser of its own view format.
//   - referee (this package): the games, each with its referee and view.
//   - referee/simtest: the community's CSB simulator test protocols on
//     top of sim/csb (SimTest, "referee simtest").
//   - referee/replay: CodinGame's replay JSON: read, write, list.
//   - referee/diff: a replay replayed through our referee, frame by frame.
//   - referee/stats: Elo, likelihood of superiority and SPRT of paired games.
//   - referee/match: matches between bot processes, and their report.
//   - referee/report: a match as one self-contained HTML page.
//   - referee/builtin: the registry of the bots compiled into the referee.
//   - referee/queue: a match's games on many machines (NATS JetStream).
//   - referee/tune: a bot's parameters tuned by SPSA.
//   - referee/arena: games between the bots in process, for their strength
//     and tuning tests.
//   - referee/view: the replay viewer.
//   - referee/fetch: CodinGame's API; referee/fetch/fetchtest: a stand-in
//     of it for tests.
//   - referee/internal/testbot, referee/internal/browsertest: for tests,
//     the bots of the match and queue tests, and headless Chromium.
package referee
