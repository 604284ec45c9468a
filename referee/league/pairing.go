package league

import (
	"math"

	"impulse/referee/stats"
)

// Pairing chooses the league's pairs. Pair k is a function of the state
// alone, so that a run restarted on the same store, or a run from
// scratch on the same bots, chooses the same pairs: of the plans of the
// pairs before k, which are decisions themselves, and of the games of
// the pairs before k − Horizon, which run waits for, whatever order the
// games in between finish in.
type Pairing struct {
	// MinGames: an active bot with fewer games planned plays first.
	MinGames int
	// Horizon: the ratings are fitted on the games of the pairs before
	// k − Horizon (at least the pairs played at once, so that run seldom
	// waits for one).
	Horizon int
	// Seed: pair k's seed is Seed + k.
	Seed int64
}

// Next returns pair k of the league s: its players are active (neither
// stopped nor removed), p1 the one the rule picks first.
//
//   - An active bot with fewer than MinGames games planned plays first
//     (the one with fewest, then the first added), against the active
//     bot it has played least (then the first added).
//   - Otherwise the pair whose order is least certain plays: the largest
//     probability that the order of their ratings is wrong (doubts,
//     wrongOrder), then the pair with fewer games planned between them,
//     then the first added.
//
// ok is false when fewer than two bots are active.
func (pg Pairing) Next(s *State, k int) (p Plan, ok bool) {
	p = Plan{Pair: k, Seed: pg.Seed + int64(k)}
	active := activePlayers(s)
	if len(active) < 2 {
		return p, false
	}
	games, between := plannedGames(s, k)
	if a, ok := pg.newcomer(active, games); ok {
		b := ""
		for _, o := range active {
			if o != a && (b == "" || between[pairKey(a, o)] < between[pairKey(a, b)]) {
				b = o
			}
		}
		p.Players = [2]string{a, b}
		return p, true
	}
	doubt := doubts(s, k-pg.Horizon, active)
	best := -1.0
	for i, a := range active {
		for _, b := range active[i+1:] {
			w := doubt[pairKey(a, b)]
			if w > best || w == best && between[pairKey(a, b)] < between[pairKey(p.Players[0], p.Players[1])] {
				best, p.Players = w, [2]string{a, b}
			}
		}
	}
	return p, true
}

// activePlayers returns the IDs of the bots neither stopped nor removed,
// in the order they were added.
func activePlayers(s *State) []string {
	var ids []string
	for _, p := range s.Players {
		if !p.Stopped && !p.Removed {
			ids = append(ids, p.ID)
		}
	}
	return ids
}

// pairKey is the key of two bots in the games between them, either way.
func pairKey(a, b string) [2]string {
	if a > b {
		a, b = b, a
	}
	return [2]string{a, b}
}

// plannedGames returns the games planned before pair k: by bot, and
// between two bots (pairKey).
func plannedGames(s *State, k int) (games map[string]int, between map[[2]string]int) {
	games, between = map[string]int{}, map[[2]string]int{}
	for _, p := range s.Planned {
		if p.Pair < k {
			games[p.Players[0]] += 2
			games[p.Players[1]] += 2
			between[pairKey(p.Players[0], p.Players[1])] += 2
		}
	}
	return games, between
}

// newcomer returns the active bot with fewest games planned, the first
// added of them, if it has fewer than MinGames.
func (pg Pairing) newcomer(active []string, games map[string]int) (string, bool) {
	a := active[0]
	for _, id := range active[1:] {
		if games[id] < games[a] {
			a = id
		}
	}
	return a, games[a] < pg.MinGames
}

// doubts returns, for each two active bots (pairKey), the probability
// that the order of their ratings is wrong, from the counted games of the
// pairs before horizon: one Bradley-Terry fit per active bot, anchored on
// it, whose standard errors are those of the differences to it (the
// errors of two ratings relative to a third are correlated, and the
// root of the sum of their squares would overstate the doubt between
// two bots far from the anchor).
func doubts(s *State, horizon int, active []string) map[[2]string]float64 {
	index := map[string]int{}
	n := 0
	for _, p := range s.Players {
		if !p.Removed {
			index[p.ID] = n
			n++
		}
	}
	var results []stats.Result
	for _, r := range s.Games {
		a, okA := index[r.Players[0]]
		b, okB := index[r.Players[1]]
		if r.Pair < horizon && okA && okB && a != b {
			results = append(results, stats.Result{A: a, B: b, Score: r.Game.Score()})
		}
	}
	out := map[[2]string]float64{}
	for i, a := range active {
		ratings, err := fit(n, index[a], results)
		for _, b := range active[i+1:] {
			out[pairKey(a, b)] = 0.5
			if err == nil {
				out[pairKey(a, b)] = wrongOrder(ratings[index[b]])
			}
		}
	}
	return out
}

// wrongOrder returns the probability that the order of a bot rated r,
// relative to another, and that other is wrong: Φ(−|Elo|/σ), σ its
// standard error (a 95% interval spans 3.92 of them). The special cases
// are: ½ for a bot the games do not rate relative to the other; for a
// bot that took (lost) every point against the rated, 0.025 (the
// bound's own doubt) if its bound lies beyond the other, else ½.
func wrongOrder(r stats.Rating) float64 {
	switch r.Status {
	case stats.Rated:
		se := (r.High - r.Low) / 3.92
		if se == 0 {
			return 0
		}
		return 0.5 * math.Erfc(math.Abs(r.Elo)/se/math.Sqrt2)
	case stats.AboveRated:
		if r.Low > 0 {
			return 0.025
		}
	case stats.BelowRated:
		if r.High < 0 {
			return 0.025
		}
	}
	return 0.5
}
