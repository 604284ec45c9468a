package arena

import (
	"fmt"
	"time"

	"impulse/bot/csb"
	"impulse/sim"
	simcsb "impulse/sim/csb"
)

// PlayCSB plays one Coders Strike Back game with the map of seed under
// rules between two bots on the simulator, in process but through the
// text protocol: each round both players read the lines the engine would
// send them (computed before either moves), and their lines go through the
// engine's grammar (ParseOrder) before Apply; an invalid line is an error.
// The end is the engine's: a finished race, the checkpoint timeout, or
// MaxRounds, ranked by State.Ranks.
func PlayCSB(seed int64, rules sim.Rules, cfgs [2]csb.Config) (Game, error) {
	return playCSB(seed, rules, cfgs, 0, nil)
}

// playCSB is PlayCSB, stopped after rounds rounds when rounds > 0 (a
// draw), each valid line of seat pl shown to see when it is not nil.
func playCSB(seed int64, rules sim.Rules, cfgs [2]csb.Config, rounds int, see func(pl int, line string)) (Game, error) {
	st := simcsb.NewFromSeed(seed, rules)
	var bots [2]*csb.Bot
	for pl := range bots {
		b, err := csb.NewBot(cfgs[pl])
		if err != nil {
			return Game{}, err
		}
		if err := b.Init(st.InitInput()); err != nil {
			return Game{}, fmt.Errorf("player %d: %v", pl, err)
		}
		bots[pl] = b
	}
	var g Game
	for g.Rounds = 1; ; g.Rounds++ {
		in := [2][]string{st.TurnInput(0), st.TurnInput(1)}
		for pl, b := range bots {
			out, err := b.Turn(in[pl], time.Now())
			if err != nil {
				return g, fmt.Errorf("seed %d round %d player %d: %v", seed, g.Rounds, pl, err)
			}
			g.Sims[pl] += b.Sims
			for k, line := range out {
				o, err := simcsb.ParseOrder(line, rules)
				if err != nil {
					return g, fmt.Errorf("seed %d round %d player %d: invalid line %q: %v", seed, g.Rounds, pl, line, err)
				}
				st.Apply(2*pl+k, o.Command)
				if see != nil {
					see(pl, line)
				}
			}
		}
		res := st.Play(nil)
		switch {
		case res.TimedOut[0] && res.TimedOut[1]:
			g.Winner = -1
			return g, nil
		case res.TimedOut[0]:
			g.Winner = 1
			return g, nil
		case res.TimedOut[1]:
			g.Winner = 0
			return g, nil
		case rounds > 0 && g.Rounds >= rounds:
			g.Winner = -1
			return g, nil
		case res.Finished || int(st.Round) >= simcsb.MaxRounds:
			_, ranks := st.Ranks()
			switch {
			case ranks[0] < ranks[1]:
				g.Winner = 0
			case ranks[1] < ranks[0]:
				g.Winner = 1
			default:
				g.Winner = -1
			}
			return g, nil
		}
	}
}
