package fb

import (
	"fmt"
	"math"
	"testing"
	"time"

	simfb "impulse/sim/fb"
)

// game is the result of one game of the harness.
type game struct {
	winner int // 0 or 1, −1 for a draw
	rounds int
	score  [2]int32
	sims   [2]int
}

// playGame plays one live-rules game with the snaffles of seed between
// two bots on the simulator, in process but through the text protocol:
// each round both players read the lines the engine would send them
// (computed before either moves), and their lines go through the engine's
// grammar (ParseCommand) and checks (State.Check) before Apply, player 0
// first; an invalid line loses the game. The end is the engine's: a
// majority, no snaffle left, or MaxRounds, won by the higher score.
func playGame(seed int64, players [2]entrant) (game, error) {
	st := simfb.NewFromSeed(seed, simfb.Live)
	var bots [2]*Bot
	for pl := range bots {
		b, err := NewBot(players[pl].Config)
		if err != nil {
			return game{}, err
		}
		if err := b.Init(simfb.InitInput(pl)); err != nil {
			return game{}, fmt.Errorf("player %d: %v", pl, err)
		}
		if w := players[pl].W; w != nil {
			b.search.W = *w
		}
		bots[pl] = b
	}
	var g game
	for g.rounds = 1; ; g.rounds++ {
		st.Prepare()
		in := [2][]string{st.TurnInput(0), st.TurnInput(1)}
		for pl, b := range bots {
			out, err := b.Turn(in[pl], time.Now())
			if err != nil {
				return g, fmt.Errorf("seed %d round %d player %d: %v", seed, g.rounds, pl, err)
			}
			g.sims[pl] += b.Sims
			for k, line := range out {
				i := 2*pl + k
				o, err := simfb.ParseCommand(line)
				if err == nil {
					err = st.Check(i, o.Command)
				}
				if err != nil {
					return g, fmt.Errorf("seed %d round %d player %d: invalid line %q: %v", seed, g.rounds, pl, line, err)
				}
				st.Apply(i, o.Command)
			}
		}
		res := st.Update(nil)
		if res.Over || int(st.Round) >= simfb.MaxRounds {
			g.score = st.Score
			switch {
			case st.Score[0] > st.Score[1]:
				g.winner = 0
			case st.Score[1] > st.Score[0]:
				g.winner = 1
			default:
				g.winner = -1
			}
			return g, nil
		}
	}
}

// entrant is a bot of the harness: its configuration and, when not nil,
// the weights of its evaluation in place of DefaultWeights.
type entrant struct {
	Config
	W *Weights
}

// match is the tally of paired games between bot a and bot b.
type match struct {
	games, aWins, bWins, draws int
	// pairs scores each seed's pair of games for a: 0, ½ or 1 each game,
	// averaged.
	pairs []float64
	sims  [2]int
	turns int
}

// playPairs plays each seed twice with the seats swapped.
func playPairs(t testing.TB, seeds []int64, a, b entrant) match {
	var m match
	for _, seed := range seeds {
		pair := 0.0
		for seat := 0; seat < 2; seat++ {
			cfgs := [2]entrant{a, b}
			if seat == 1 {
				cfgs = [2]entrant{b, a}
			}
			g, err := playGame(seed, cfgs)
			if err != nil {
				t.Fatal(err)
			}
			m.games++
			m.turns += g.rounds
			m.sims[0] += g.sims[seat]
			m.sims[1] += g.sims[1-seat]
			switch g.winner {
			case -1:
				m.draws++
				pair += 0.5
			case seat:
				m.aWins++
				pair += 1
			default:
				m.bWins++
			}
		}
		m.pairs = append(m.pairs, pair/2)
	}
	return m
}

// elo returns the Elo difference of a score share p, 400·log10(p/(1−p)).
func elo(p float64) float64 {
	const eps = 1e-9
	if p < eps {
		p = eps
	} else if p > 1-eps {
		p = 1 - eps
	}
	return 400 * math.Log10(p/(1-p))
}

// eloInterval returns the Elo difference of the mean pair score and its
// 95% confidence interval, from the spread of the pair scores (the pairs
// are the independent samples: the two games of a seed are not).
func (m *match) eloInterval() (mean, lo, hi float64) {
	n := float64(len(m.pairs))
	var sum, sum2 float64
	for _, p := range m.pairs {
		sum += p
		sum2 += p * p
	}
	mu := sum / n
	sd := math.Sqrt((sum2/n - mu*mu) / (n - 1))
	return elo(mu), elo(mu - 1.96*sd), elo(mu + 1.96*sd)
}
