// Package arena plays bots against each other in process, on a game's
// simulator, and tallies paired games: each seed is played twice with the
// seats swapped, and the pair, not the game, is the independent sample of
// the statistics (the two games of a seed share their map). The bot
// packages' strength tests and weight tuning use it; a game supplies the
// function that plays one game. Nothing here goes into the contest
// bundle.
package arena

import "math"

// Game is the outcome of one game.
type Game struct {
	Winner int // the seat that won, 0 or 1; −1 for a draw
	Rounds int
	Sims   [2]int // simulated turns of each seat's searches
}

// Tally is the outcome of paired games between bots A and B.
type Tally struct {
	Games, AWins, BWins, Draws int
	// Pairs holds A's score of each seed's pair: the mean of its two
	// games, each 0, ½ or 1.
	Pairs []float64
	Sims  [2]int // simulated turns of A and of B
	Turns int    // rounds played, over all games
}

// PlayPairs plays each seed twice, A in seat 0 then in seat 1, through
// play, which plays one game of the seed between the bots in seats[0] and
// seats[1]. It stops at the first error.
func PlayPairs[B any](seeds []int64, a, b B, play func(seed int64, seats [2]B) (Game, error)) (Tally, error) {
	var t Tally
	for _, seed := range seeds {
		pair := 0.0
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
				pair += 0.5
			case seat:
				t.AWins++
				pair++
			default:
				t.BWins++
			}
		}
		t.Pairs = append(t.Pairs, pair/2)
	}
	return t, nil
}

// WinRate returns the share of the games A won.
func (t *Tally) WinRate() float64 { return float64(t.AWins) / float64(t.Games) }

// SimsPerMove returns the mean simulated turns per move of A (k = 0) or
// B (k = 1).
func (t *Tally) SimsPerMove(k int) float64 { return float64(t.Sims[k]) / float64(t.Turns) }

// Elo returns the Elo difference of a score share p, 400·log10(p/(1−p)):
// ±Inf for 1 and 0.
func Elo(p float64) float64 {
	return 400 * math.Log10(p/(1-p))
}

// Wilson returns the 95% Wilson score interval of a share p observed over
// n samples: unlike p ± 1.96·σ it stays inside [0, 1] and has a width when
// p is 0 or 1.
func Wilson(p float64, n int) (lo, hi float64) {
	const z = 1.96
	nf := float64(n)
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return c - h, c + h
}

// EloInterval returns the Elo difference of A's mean pair score and its
// 95% confidence interval: the mean ± 1.96 standard errors of the pair
// scores (the pentanomial estimate), clamped to [0, 1]; when every pair
// has the same score, which leaves no spread to measure, the Wilson
// interval of the mean over the pairs.
func (t *Tally) EloInterval() (mean, lo, hi float64) {
	n := float64(len(t.Pairs))
	var sum, sum2 float64
	for _, p := range t.Pairs {
		sum += p
		sum2 += p * p
	}
	mu := sum / n
	se := math.Sqrt((sum2/n - mu*mu) / (n - 1))
	plo, phi := mu-1.96*se, mu+1.96*se
	if se == 0 {
		plo, phi = Wilson(mu, len(t.Pairs))
	}
	if plo < 0 {
		plo = 0
	}
	if phi > 1 {
		phi = 1
	}
	return Elo(mu), Elo(plo), Elo(phi)
}
