package arena

import (
	"fmt"
	"time"

	"impulse/bot/fb"
	simfb "impulse/sim/fb"
)

// PlayFB plays one live-rules Fantastic Bits game with the snaffles of
// seed between two bots on the simulator, in process but through the text
// protocol: each round both players read the lines the engine would send
// them (computed before either moves), and their lines go through the
// engine's grammar (ParseOrder) and checks (State.Check) before Apply,
// player 0 first; an invalid line is an error. The end is the engine's: a
// majority, no snaffle left, or MaxRounds, won by the higher score.
func PlayFB(seed int64, cfgs [2]fb.Config) (Game, error) {
	return PlayFBRules(seed, simfb.Live, cfgs)
}

// PlayFBRules is PlayFB under the given rules (the bots play the rules of
// their Configs).
func PlayFBRules(seed int64, rules simfb.Rules, cfgs [2]fb.Config) (Game, error) {
	return playFB(seed, rules, cfgs, 0, nil)
}

// playFB is PlayFBRules, stopped after rounds rounds when rounds > 0 (a
// draw), each valid line of seat pl shown to see when it is not nil.
func playFB(seed int64, rules simfb.Rules, cfgs [2]fb.Config, rounds int, see func(pl int, line string)) (Game, error) {
	st := simfb.NewFromSeed(seed, rules)
	var bots [2]*fb.Bot
	for pl := range bots {
		b, err := fb.NewBot(cfgs[pl])
		if err != nil {
			return Game{}, err
		}
		if err := b.Init(simfb.InitInput(pl)); err != nil {
			return Game{}, fmt.Errorf("player %d: %v", pl, err)
		}
		bots[pl] = b
	}
	var g Game
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
				if see != nil {
					see(pl, line)
				}
			}
		}
		res := st.Update(nil)
		if rounds > 0 && g.Rounds >= rounds && !res.Over {
			g.Winner = -1
			return g, nil
		}
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
