package league

import (
	"fmt"
	"sort"
	"strings"

	"impulse/referee/stats"
)

// historyPoints bounds the refits of a Table's History: the cost of
// Standings is about historyPoints Bradley-Terry fits, however many
// games the league has.
const historyPoints = 30

// Standings computes the table of s: the players not removed, rated
// together by stats.BradleyTerry over the counted games and PriorDraws
// virtual draws between every two who met (fit), relative to
// s.Anchor, best first (those the games do not rate last, ties in the
// order the players were added); each one's results, errors and timeouts;
// the head to head of every two (see HeadToHead); and each one's rating
// as games accumulate.
//
// The counted games are the Records whose two players are in s.Players
// and not removed, in stored order, a Key stored twice counted once (an
// empty Key is no identity). A Record's p1 is Players[0], its score
// Game.Score().
//
// The error reports an anchor that is not a player or is removed, a
// player ID listed twice, a game of a player against itself, or a fit
// that failed.
func Standings(s *State) (*Table, error) {
	c, err := countGames(s)
	if err != nil {
		return nil, err
	}
	ratings, err := fit(len(c.players), c.anchor, c.results)
	if err != nil {
		return nil, fmt.Errorf("league: ratings: %w", err)
	}
	order := rankOrder(ratings)
	t := &Table{Game: s.Game, Rules: s.Rules, Anchor: s.Anchor, Games: len(c.results)}
	t.Rows = c.rows(ratings, order)
	t.HeadToHead = c.headToHead(order)
	if t.History, err = c.history(ratings, order); err != nil {
		return nil, err
	}
	return t, nil
}

// counted is a league's counted games and the players they are between.
type counted struct {
	players []Player // not removed, in the order added
	anchor  int      // s.Anchor's index in players
	games   []*Record
	// sides[k] are the indices in players of games[k]'s p1 and p2;
	// results[k] is the game with A = p1.
	sides   [][2]int
	results []stats.Result
}

// countGames gathers the players of s that are not removed and the games
// they played against each other.
func countGames(s *State) (*counted, error) {
	c := &counted{}
	index := map[string]int{}
	for _, p := range s.Players {
		if p.Removed {
			continue
		}
		if _, dup := index[p.ID]; dup {
			return nil, fmt.Errorf("league: player %q is listed twice", p.ID)
		}
		index[p.ID] = len(c.players)
		c.players = append(c.players, p)
	}
	var err error
	if c.anchor, err = anchorIndex(s, index); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for k := range s.Games {
		r := &s.Games[k]
		a, okA := index[r.Players[0]]
		b, okB := index[r.Players[1]]
		switch {
		case !okA || !okB || r.Key != "" && seen[r.Key]:
			continue
		case a == b:
			return nil, fmt.Errorf("league: game %s: %s plays itself", r.Key, r.Players[0])
		}
		seen[r.Key] = true
		c.games = append(c.games, r)
		c.sides = append(c.sides, [2]int{a, b})
		c.results = append(c.results, stats.Result{A: a, B: b, Score: r.Game.Score()})
	}
	return c, nil
}

// anchorIndex returns the index of s.Anchor among the players not
// removed (index), or says why it is none.
func anchorIndex(s *State, index map[string]int) (int, error) {
	if i, ok := index[s.Anchor]; ok {
		return i, nil
	}
	for _, p := range s.Players {
		if p.ID == s.Anchor {
			return 0, fmt.Errorf("league: the anchor %q is removed: ratings need an anchor among the players", s.Anchor)
		}
	}
	ids := make([]string, 0, len(index))
	for id := range index {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return 0, fmt.Errorf("league: the anchor %q is not a player (players: %s)", s.Anchor, strings.Join(ids, ", "))
}

// rankOrder returns the players' indices by rating, best first: those
// above the rated ones (by their lower bound), the rated and the anchor
// (by Elo), those below (by their upper bound), then the unlinked and
// those without games; ties in index order.
func rankOrder(ratings []stats.Rating) []int {
	order := make([]int, len(ratings))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		ra, rb := ratings[order[a]], ratings[order[b]]
		if ca, cb := rankClass(ra.Status), rankClass(rb.Status); ca != cb {
			return ca < cb
		}
		return rankValue(ra) > rankValue(rb)
	})
	return order
}

// rankClass is the group a status ranks in, the best 0.
func rankClass(s stats.RatingStatus) int {
	switch s {
	case stats.AboveRated:
		return 0
	case stats.Rated, stats.Anchor:
		return 1
	case stats.BelowRated:
		return 2
	case stats.Unlinked:
		return 3
	}
	return 4
}

// rankValue orders the ratings of one rankClass, the highest first.
func rankValue(r stats.Rating) float64 {
	switch r.Status {
	case stats.AboveRated:
		return r.Low
	case stats.BelowRated:
		return r.High
	case stats.Rated:
		return r.Elo
	}
	return 0
}

// rows returns the table's rows in order: each player's rating and the
// count of its results, errors and timeouts.
func (c *counted) rows(ratings []stats.Rating, order []int) []Row {
	by := make([]Row, len(c.players))
	for k, r := range c.results {
		a, b := &by[r.A], &by[r.B]
		switch r.Score {
		case 1:
			a.Wins++
			b.Losses++
		case 0:
			a.Losses++
			b.Wins++
		default:
			a.Draws++
			b.Draws++
		}
		if g := &c.games[k].Game; g.Failed() {
			culprit := &by[c.sides[k][g.Culprit-1]]
			if g.TimedOut() {
				culprit.Timeouts++
			} else {
				culprit.Errors++
			}
		}
	}
	rows := make([]Row, len(order))
	for x, i := range order {
		rows[x] = by[i]
		rows[x].Player, rows[x].Rating = c.players[i], ratings[i]
	}
	return rows
}

// headToHead returns the head to head of every two rows (players in
// order).
func (c *counted) headToHead(order []int) [][]HeadToHead {
	between := map[[2]int][]int{} // by players, the lower index first: their games
	for k, s := range c.sides {
		key := [2]int{min(s[0], s[1]), max(s[0], s[1])}
		between[key] = append(between[key], k)
	}
	h := make([][]HeadToHead, len(order))
	for x, i := range order {
		h[x] = make([]HeadToHead, len(order))
		for y, j := range order {
			if i != j {
				h[x][y] = c.versus(i, between[[2]int{min(i, j), max(i, j)}])
			}
		}
	}
	return h
}

// versus is the head to head of player i in games, its games against
// one other player: the pentanomial of their pairs when every game is in
// a complete pair, else the trinomial of the games (see HeadToHead).
func (c *counted) versus(i int, games []int) HeadToHead {
	h := HeadToHead{Games: len(games)}
	var pairs []int               // pair numbers, in the order first seen
	byPair := map[int][]float64{} // i's points in each pair's games
	var trinomial stats.Pentanomial
	for _, k := range games {
		points := c.results[k].Score
		if c.sides[k][0] != i {
			points = 1 - points
		}
		h.Points += points
		trinomial.Add(points, points)
		pair := c.games[k].Pair
		if _, ok := byPair[pair]; !ok {
			pairs = append(pairs, pair)
		}
		byPair[pair] = append(byPair[pair], points)
	}
	var penta stats.Pentanomial
	h.Paired = len(games) > 0
	for _, pair := range pairs {
		p := byPair[pair]
		if len(p) != 2 {
			h.Paired = false
			break
		}
		penta.Add(p[0], p[1])
	}
	if h.Paired {
		h.Elo = penta.Elo()
	} else {
		h.Elo = trinomial.Elo()
	}
	return h
}

// history returns each row's rating after each of historyCounts' numbers
// of counted games: a refit of the games so far, the last one final.
func (c *counted) history(final []stats.Rating, order []int) ([][]Standing, error) {
	h := make([][]Standing, len(order))
	for _, k := range historyCounts(len(c.results)) {
		ratings := final
		if k < len(c.results) {
			var err error
			ratings, err = fit(len(c.players), c.anchor, c.results[:k])
			if err != nil {
				return nil, fmt.Errorf("league: ratings after %d games: %w", k, err)
			}
		}
		for x, i := range order {
			h[x] = append(h[x], Standing{Games: k, Rating: ratings[i]})
		}
	}
	return h, nil
}

// historyCounts returns the numbers of games after which History refits:
// min(n, historyPoints) numbers, increasing, evenly spaced, the last n.
func historyCounts(n int) []int {
	m := min(n, historyPoints)
	out := make([]int, m)
	for j := range out {
		out[j] = ((j+1)*n + m - 1) / m
	}
	return out
}
