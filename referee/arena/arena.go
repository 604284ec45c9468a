// Package arena plays the bots of bot/csb and bot/fb against each other in
// process, on the games' simulators, and tallies paired games: each seed
// is played twice with the seats swapped, and the pair, not the game, is
// the independent sample of the statistics (the two games of a seed share
// their map). The strength and tuning tests of the bots live here, with
// their go test flags:
//
//	go test ./referee/arena -run TestStrength/csb -strength.pairs 200 -v
//	go test ./referee/arena -run TestFBTune -tune -strength.pairs 80 -v
//
// [PlayCSB] and [PlayFB] play one game between two bots through the text
// protocol, as the official engine would; [PlayPairs] plays seeds in pairs
// and returns a [Tally] whose Penta (a stats.Pentanomial) gives the Elo
// difference with its confidence interval, computed as the match runner
// computes it. The bots are used through their exported API only (Config,
// NewBot, Bot.Init, Bot.Turn, Bot.Sims).
package arena

import "impulse/referee/stats"

// Game is the outcome of one game.
type Game struct {
	Winner int // the seat that won, 0 or 1; −1 for a draw
	Rounds int
	Sims   [2]int // simulated turns of each seat's searches
}

// Tally is the outcome of paired games between bots A and B.
type Tally struct {
	Games, AWins, BWins, Draws int
	// Penta counts the pairs by A's points over the pair.
	Penta stats.Pentanomial
	Sims  [2]int // simulated turns of A and of B
	Turns int    // rounds played, over all games
}

// PlayPairs plays each seed twice, A in seat 0 then in seat 1, through
// play, which plays one game of the seed between the bots in seats[0] and
// seats[1]. It stops at the first error.
func PlayPairs[B any](seeds []int64, a, b B, play func(seed int64, seats [2]B) (Game, error)) (Tally, error) {
	var t Tally
	for _, seed := range seeds {
		var score [2]float64 // A's points in each game of the pair
		for seat := 0; seat < 2; seat++ {
			seats := [2]B{a, b}
			if seat == 1 {
				seats = [2]B{b, a}
			}
			g, err := play(seed, seats)
			if err != nil {
				return t, err
			}
			t.Games++
			t.Turns += g.Rounds
			t.Sims[0] += g.Sims[seat]
			t.Sims[1] += g.Sims[1-seat]
			switch g.Winner {
			case -1:
				t.Draws++
				score[seat] = 0.5
			case seat:
				t.AWins++
				score[seat] = 1
			default:
				t.BWins++
			}
		}
		t.Penta.Add(score[0], score[1])
	}
	return t, nil
}

// WinRate returns the share of the games A won.
func (t *Tally) WinRate() float64 { return float64(t.AWins) / float64(t.Games) }

// SimsPerMove returns the mean simulated turns per move of A (k = 0) or
// B (k = 1).
func (t *Tally) SimsPerMove(k int) float64 { return float64(t.Sims[k]) / float64(t.Turns) }
