// Package league rates every version of a bot together: players added,
// updated, stopped and removed; games played in pairs, chosen where the
// order is least certain; an order-independent Bradley-Terry fit of all
// games with an interval per player; the league kept in an embedded
// JetStream store that keeps every finished game exactly once; its pairs
// played in this process's children (Run) or on the workers of a queue
// (Workers).
package league

import (
	"time"

	"impulse/referee/match"
	"impulse/referee/stats"
)

// Player is one version of a bot in the league: "add NAME COMMAND" makes
// version 1, each "update NAME COMMAND" the next, whose games are kept
// apart from the earlier versions' (an update stops the version before).
type Player struct {
	// ID names the version in tables and games: the bot's name for its
	// first version, NAME#V for version V > 1.
	ID      string `json:"id"`
	Name    string `json:"name"`
	Version int    `json:"version"`
	Command string `json:"command"` // a built-in with its flags or a command line, as match's -p1
	// Fingerprint is the digest of how Command played when the version
	// was added (Store.Fingerprint), "" when none was taken.
	Fingerprint string    `json:"fingerprint,omitempty"`
	Added       time.Time `json:"added"`
	// Stopped: no new games (stop, or a newer version); kept in the table.
	Stopped bool `json:"stopped,omitempty"`
	// Removed: out of the table and of new games; its games stay in the
	// store but count no more.
	Removed bool `json:"removed,omitempty"`
}

// Record is one finished game of the league.
type Record struct {
	// Key is the game's identity, unique in the league: the pair's
	// number and the game's index in it ("17/1"). A game stored twice
	// under one key counts once.
	Key  string `json:"key"`
	Pair int    `json:"pair"`
	// Players are the IDs of the match's p1 and p2, in Game's order
	// (Game.Swapped says who sat in seat 1).
	Players [2]string  `json:"players"`
	Game    match.Game `json:"game"`
	At      time.Time  `json:"at"`
}

// Plan is a pair of games the run decided to play: its number, its
// players' IDs (p1 first) and its seed. A plan is stored before its games
// are played, so that a run restarted after a crash plays the same pair.
type Plan struct {
	Pair    int       `json:"pair"`
	Players [2]string `json:"players"`
	Seed    int64     `json:"seed"`
}

// State is a league as its store holds it: its setting, players (in the
// order they were added, removed ones included), the counted games (in
// the order they were stored: each key once, none of a removed player)
// and the pairs planned (by number).
type State struct {
	// ID names the league, drawn at its first add: its pairs' runs on a
	// queue are named after it (Workers).
	ID      string   `json:"id"`
	Game    string   `json:"game"`  // csb or fb
	Rules   string   `json:"rules"` // live or published
	Anchor  string   `json:"anchor"`
	Players []Player `json:"players"`
	Games   []Record `json:"games"`
	Planned []Plan   `json:"planned"`
	// Stored counts the games the store holds, each key once, those of
	// removed players included.
	Stored int `json:"stored"`
}

// Row is one player's line of the table.
type Row struct {
	Player Player
	Rating stats.Rating // relative to the anchor, from every counted game
	// Wins, Draws, Losses count its games; Errors the games it lost by its
	// own failure (match.Game.Failed: a crash, an invalid answer) other
	// than a timeout; Timeouts those it lost by answering late or not
	// reading its input in time (match.Game.TimedOut). A bot that fails to
	// start plays no game: the run reports it.
	Wins, Draws, Losses, Errors, Timeouts int
}

// HeadToHead is what two players' games against each other say: A's
// points, and the Elo difference of A over B with its 95% interval.
//
// When every game between them belongs to a complete pair (two games
// with the same Record.Pair), the pair is the sample, as in a match: Elo
// is the pentanomial's (stats.Pentanomial.Elo) and Paired is set. Else
// the game is the sample (the trinomial model, whose interval errs wide
// for paired games): Elo is that of each game counted as a pair of two
// equal halves, whose mean score and variance are the games'; Elo.Pairs
// then counts games. With no game, Elo is NaN.
type HeadToHead struct {
	Games  int
	Points float64
	Elo    stats.EloEstimate
	Paired bool
}

// Standing is a rating after a number of the league's games: the
// history of one player's rating as games accumulate.
type Standing struct {
	Games  int // the league's games counted so far
	Rating stats.Rating
}

// Table is what show prints and draws: the standings of the players not
// removed, from the games they played against each other.
type Table struct {
	Game, Rules, Anchor string
	Games               int            // counted games
	Rows                []Row          // by rating, best first; unrated last
	HeadToHead          [][]HeadToHead // [i][j]: Rows[i] against Rows[j]
	// History[i] is Rows[i]'s rating after the first k counted games, in
	// stored order, for about historyPoints values of k evenly spaced,
	// the last all of them; the same k for every row.
	History [][]Standing
}
