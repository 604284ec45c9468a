package csb

import (
	"fmt"
	"math"
	"testing"
	"time"

	simcsb "impulse/sim/csb"
)

// game is the result of one game of the harness.
type game struct {
	winner  int // 0 or 1, −1 for a draw
	rounds  int
	timeout bool // a player was out by the checkpoint timeout
	sims    [2]int
}

// playGame plays one live-rules game with the map of seed between two
// bots on the simulator, in process but through the text protocol: each
// round both players read the lines the engine would send them (computed
// before either moves), and their lines go through the engine's grammar
// (ParseOrder) before Apply; an invalid line loses the game. The end is
// the engine's: a finished race, the checkpoint timeout, or MaxRounds,
// ranked by State.Ranks.
func playGame(seed int64, cfgs [2]Config) (game, error) {
	return playRules(seed, simcsb.Live, cfgs)
}

// playRules is playGame under the given rule set.
func playRules(seed int64, rules simcsb.Rules, cfgs [2]Config) (game, error) {
	st := simcsb.NewFromSeed(seed, rules)
	var bots [2]*Bot
	for pl := range bots {
		b, err := NewBot(cfgs[pl])
		if err != nil {
			return game{}, err
		}
		if err := b.Init(st.InitInput()); err != nil {
			return game{}, fmt.Errorf("player %d: %v", pl, err)
		}
		bots[pl] = b
	}
	var g game
	for g.rounds = 1; ; g.rounds++ {
		in := [2][]string{st.TurnInput(0), st.TurnInput(1)}
		for pl, b := range bots {
			out, err := b.Turn(in[pl], time.Now())
			if err != nil {
				return g, fmt.Errorf("seed %d round %d player %d: %v", seed, g.rounds, pl, err)
			}
			g.sims[pl] += b.Sims
			for k, line := range out {
				o, err := simcsb.ParseOrder(line, rules)
				if err != nil {
					return g, fmt.Errorf("seed %d round %d player %d: invalid line %q: %v", seed, g.rounds, pl, line, err)
				}
				st.Apply(2*pl+k, o.Command)
			}
		}
		res := st.Play(nil)
		g.timeout = res.TimedOut[0] || res.TimedOut[1]
		switch {
		case res.TimedOut[0] && res.TimedOut[1]:
			g.winner = -1
			return g, nil
		case res.TimedOut[0]:
			g.winner = 1
			return g, nil
		case res.TimedOut[1]:
			g.winner = 0
			return g, nil
		case res.Finished || int(st.Round) >= simcsb.MaxRounds:
			_, ranks := st.Ranks()
			switch {
			case ranks[0] < ranks[1]:
				g.winner = 0
			case ranks[1] < ranks[0]:
				g.winner = 1
			default:
				g.winner = -1
			}
			return g, nil
		}
	}
}

// match is the tally of paired games between bot a and bot b.
type match struct {
	games, aWins, bWins, draws int
	// pairs scores each seed's pair of games for a: 0, ½ or 1 each game.
	pairs []float64
	sims  [2]int
	turns int
}

// playPairs plays n seeds, each twice with the seats swapped.
func playPairs(t testing.TB, seeds []int64, a, b Config) match {
	var m match
	for _, seed := range seeds {
		pair := 0.0
		for seat := 0; seat < 2; seat++ {
			cfgs := [2]Config{a, b}
			if seat == 1 {
				cfgs = [2]Config{b, a}
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

// elo returns the Elo difference of a score share p, 400·log10(p/(1−p)):
// ±Inf for 1 and 0.
func elo(p float64) float64 {
	return 400 * math.Log10(p/(1-p))
}

// wilson returns the 95% Wilson score interval of a share p observed over
// n samples: unlike p ± 1.96·σ it stays inside [0, 1] and has a width when
// p is 0 or 1.
func wilson(p float64, n int) (lo, hi float64) {
	const z = 1.96
	nf := float64(n)
	d := 1 + z*z/nf
	c := (p + z*z/(2*nf)) / d
	h := z * math.Sqrt(p*(1-p)/nf+z*z/(4*nf*nf)) / d
	return c - h, c + h
}

// eloInterval returns the Elo difference of the mean pair score and its
// 95% confidence interval. The pairs are the independent samples (the two
// games of a seed are not): the interval is the mean ± 1.96 standard
// errors of the pair scores (the pentanomial estimate); when every pair
// has the same score, which leaves no spread to measure, it is the Wilson
// interval of the mean over the pairs.
func (m *match) eloInterval() (mean, lo, hi float64) {
	n := float64(len(m.pairs))
	var sum, sum2 float64
	for _, p := range m.pairs {
		sum += p
		sum2 += p * p
	}
	mu := sum / n
	se := math.Sqrt((sum2/n - mu*mu) / (n - 1))
	plo, phi := mu-1.96*se, mu+1.96*se
	if se == 0 {
		plo, phi = wilson(mu, len(m.pairs))
	}
	if plo < 0 {
		plo = 0
	}
	if phi > 1 {
		phi = 1
	}
	return elo(mu), elo(plo), elo(phi)
}

// TestStatistics checks the interval arithmetic on figures worked by hand:
// a share of ¾ is 400·log10(3) ≈ +190.8 Elo; the Wilson interval of 10
// wins in 10 is [0.7225, 1] (its lower end (n/(n+z²)) for p = 1); 8 pairs
// of scores ½ and 1 alternating have mean ¾ and standard error
// √(1/16/7) ≈ 0.0945, so ¾ ± 0.1852.
func TestStatistics(t *testing.T) {
	if e := elo(0.75); math.Abs(e-190.85) > 0.01 {
		t.Errorf("elo(0.75) = %v, want 190.85", e)
	}
	if lo, hi := wilson(1, 10); math.Abs(lo-10/(10+1.96*1.96)) > 1e-9 || math.Abs(hi-1) > 1e-9 {
		t.Errorf("wilson(1, 10) = %v, %v; want 0.7225, 1", lo, hi)
	}
	m := match{pairs: []float64{0.5, 1, 0.5, 1, 0.5, 1, 0.5, 1}}
	mean, lo, hi := m.eloInterval()
	wantLo, wantHi := elo(0.75-1.96*math.Sqrt(1.0/16/7)), elo(0.75+1.96*math.Sqrt(1.0/16/7))
	if math.Abs(mean-190.85) > 0.01 || math.Abs(lo-wantLo) > 0.01 || math.Abs(hi-wantHi) > 0.01 {
		t.Errorf("eloInterval = %.2f [%.2f, %.2f], want 190.85 [%.2f, %.2f]", mean, lo, hi, wantLo, wantHi)
	}
	all := match{pairs: []float64{1, 1, 1, 1}}
	if mean, lo, _ := all.eloInterval(); !math.IsInf(mean, 1) || math.IsInf(lo, 0) || lo <= 0 {
		t.Errorf("4 pairs won: Elo %v, lower end %v; want +Inf and a finite positive bound", mean, lo)
	}
}
