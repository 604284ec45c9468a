// Package fetch downloads game replays from CodinGame's API into a folder
// that doubles as a cache, for "referee fetch".
//
// A Client speaks to the API: Client.Game downloads one game's replay
// (POST services/gameResult/findByGameId), checked with replay.Parse
// and returned exactly as served; Client.LastGames lists an agent's newest
// finished games (POST services/gamesPlayersRanking/findLastBattlesByAgentId).
// Client.Fetch downloads a list of games into DIR/<gameId>.json, skipping
// the games already there, writing each file whole or not at all, and
// pausing between downloads.
//
// On HTTP 429, 403 and 5xx, and when no answer comes, a request is tried
// again after an exponential back-off with jitter, or after the wait the
// server's Retry-After asks for, up to a bound on attempts and on any one
// wait; every other status fails at once. The delays, the attempts, the
// HTTP client and the sleep are fields of Client, so tests take
// milliseconds; every wait stops when its context is done.
package fetch
