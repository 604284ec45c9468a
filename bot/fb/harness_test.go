package fb

import (
	"fmt"
	"testing"
	"time"

	"impulse/bot/arena"
	simfb "impulse/sim/fb"
)

// playGame plays one live-rules game with the snaffles of seed between
// two bots on the simulator, in process but through the text protocol:
// each round both players read the lines the engine would send them
// (computed before either moves), and their lines go through the engine's
// grammar (ParseOrder) and checks (State.Check) before Apply, player 0
// first; an invalid line loses the game. The end is the engine's: a
// majority, no snaffle left, or MaxRounds, won by the higher score.
func playGame(seed int64, players [2]entrant) (arena.Game, error) {
	st := simfb.NewFromSeed(seed, simfb.Live)
	var bots [2]*Bot
	for pl := range bots {
		b, err := NewBot(players[pl].Config)
		if err != nil {
			return arena.Game{}, err
		}
		if err := b.Init(simfb.InitInput(pl)); err != nil {
			return arena.Game{}, fmt.Errorf("player %d: %v", pl, err)
		}
		if w := players[pl].W; w != nil {
			b.search.W = *w
		}
		bots[pl] = b
	}
	var g arena.Game
	for g.Rounds = 1; ; g.Rounds++ {
		st.Prepare()
		in := [2][]string{st.TurnInput(0), st.TurnInput(1)}
		for pl, b := range bots {
			out, err := b.Turn(in[pl], time.Now())
			if err != nil {
				return g, fmt.Errorf("seed %d round %d player %d: %v", seed, g.Rounds, pl, err)
			}
			g.Sims[pl] += b.Sims
			for k, line := range out {
				i := 2*pl + k
				o, err := simfb.ParseOrder(line)
				if err == nil {
					err = st.Check(i, o.Command)
				}
				if err != nil {
					return g, fmt.Errorf("seed %d round %d player %d: invalid line %q: %v", seed, g.Rounds, pl, line, err)
				}
				st.Apply(i, o.Command)
			}
		}
		res := st.Update(nil)
		if res.Over || int(st.Round) >= simfb.MaxRounds {
			switch {
			case st.Score[0] > st.Score[1]:
				g.Winner = 0
			case st.Score[1] > st.Score[0]:
				g.Winner = 1
			default:
				g.Winner = -1
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

// playPairs plays each seed twice with the seats swapped (arena.PlayPairs).
func playPairs(t testing.TB, seeds []int64, a, b entrant) arena.Tally {
	m, err := arena.PlayPairs(seeds, a, b, playGame)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
