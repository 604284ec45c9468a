package stats

import (
	"fmt"
	"math"
)

// Result is one game of a league between players A and B, indices in
// 0..n−1, and A's score: 1 a win, ½ a draw, 0 a loss (B scores 1 − Score).
type Result struct {
	A, B  int
	Score float64
}

// RatingStatus says what the games of a league tell of one player's
// rating relative to the anchor.
type RatingStatus int

const (
	// Rated: a finite maximum-likelihood estimate with its 95% interval.
	Rated RatingStatus = iota
	// Anchor: the player every rating is relative to, 0 by definition.
	Anchor
	// NoGames: the player has played no game; Elo, Low and High are NaN.
	NoGames
	// Unlinked: the games do not place the player relative to the
	// anchor: no chain of games joins them (a group of players who only
	// met each other), or both lie below, or both above, players who took
	// every point from them, so that any difference fits the games as
	// well. Elo, Low and High are NaN.
	Unlinked
	// AboveRated: a chain of players, each of whom took points from the
	// next, leads from the player to the anchor, but none leads back
	// (typically the player won all its games): it won every game it
	// played against the rated players, and the likelihood grows without
	// bound with its rating. Elo and High are +Inf, Low is the
	// 95% lower bound (see [BradleyTerry]), -Inf when it met no rated
	// player.
	AboveRated
	// BelowRated is AboveRated with the sides swapped: every point lost
	// (typically all games lost); Elo and Low are -Inf, High is the
	// 95% upper bound, +Inf when the player met no rated player.
	BelowRated
)

// String returns the status in words: "rated", "anchor", "no games", ...
func (s RatingStatus) String() string {
	switch s {
	case Rated:
		return "rated"
	case Anchor:
		return "anchor"
	case NoGames:
		return "no games"
	case Unlinked:
		return "unlinked"
	case AboveRated:
		return "above the rated"
	case BelowRated:
		return "below the rated"
	}
	return fmt.Sprintf("RatingStatus(%d)", int(s))
}

// Rating is one player's Elo relative to the anchor with its
// 95% confidence interval, Low..High, from a [BradleyTerry] fit. Status says
// which fields hold numbers: a bound the data cannot give is infinite, a
// rating they cannot give is NaN, as in [EloEstimate]; String and Short
// never print either.
type Rating struct {
	Elo, Low, High float64
	Status         RatingStatus
	// Games is the number of games the player played, Points its total
	// score in them.
	Games  int
	Points float64
}

// String returns "+12.3 ± 4.5 (95% CI +7.8 .. +16.8)", or for a player
// the data bound on one side only, that bound and why: "> +234.5 (95%
// lower bound; won all 16 games, no estimate above it from these games)".
func (r Rating) String() string {
	switch r.Status {
	case Anchor:
		return "+0.0 (anchor)"
	case NoGames:
		return "n/a (no games)"
	case Unlinked:
		return "n/a (its games do not place it relative to the anchor)"
	case AboveRated:
		why := "won every game against the rated players"
		if r.Points == float64(r.Games) {
			why = fmt.Sprintf("won all %d games", r.Games)
		}
		if math.IsInf(r.Low, -1) {
			return "above every rated player (no 95% bound: it met none of them)"
		}
		return fmt.Sprintf("> %s (95%% lower bound; %s, no estimate above it from these games)", signed(r.Low), why)
	case BelowRated:
		why := "lost every game against the rated players"
		if r.Points == 0 {
			why = fmt.Sprintf("lost all %d games", r.Games)
		}
		if math.IsInf(r.High, 1) {
			return "below every rated player (no 95% bound: it met none of them)"
		}
		return fmt.Sprintf("< %s (95%% upper bound; %s, no estimate below it from these games)", signed(r.High), why)
	}
	return r.estimate().String()
}

// Short returns "+12.3 ±4.5", the estimate and its margin, or the one
// bound the data give (95% confidence): "> +234.5", "< -310.0".
func (r Rating) Short() string {
	switch r.Status {
	case Anchor:
		return "+0.0 (anchor)"
	case NoGames, Unlinked:
		return "n/a"
	case AboveRated:
		if math.IsInf(r.Low, -1) {
			return "> all rated"
		}
		return "> " + signed(r.Low)
	case BelowRated:
		if math.IsInf(r.High, 1) {
			return "< all rated"
		}
		return "< " + signed(r.High)
	}
	return r.estimate().Short()
}

// estimate is a Rated rating as an EloEstimate, whose texts it shares.
func (r Rating) estimate() EloEstimate {
	return EloEstimate{Elo: r.Elo, Low: r.Low, High: r.High, Margin: (r.High - r.Low) / 2}
}

// eloPerLn converts a natural-log strength to Elo: 400/ln 10.
const eloPerLn = 400 / math.Ln10

// Limits of the MM iteration: it stops when no rating moved by more than
// mmTolerance Elo in an iteration, and fails after mmMaxIterations.
const (
	mmTolerance     = 1e-9
	mmMaxIterations = 1000000
)

// BradleyTerry rates the n players of a league together, by maximum
// likelihood over all their games, as Elo relative to the anchor player.
// The model is Bradley-Terry on the logistic Elo scale: player i beats j
// with probability 1/(1+10^((r_j − r_i)/400)), and a draw counts as half a
// win for each side (a score s as s of a win and 1 − s of a loss). The fit
// depends on the games only through each pair's number of games and each
// player's points, so not on their order.
//
// The estimate is found by Hunter's minorization-maximization algorithm
// (Hunter 2004, "MM algorithms for generalized Bradley-Terry models"):
// every strength γ_i = 10^(r_i/400) becomes W_i / Σ_j n_ij/(γ_i+γ_j), W_i
// the points of i and n_ij the games of i and j, the strengths rescaled so
// that the anchor's is 1, until no rating moves by more than mmTolerance.
// The 95% interval is ±1.96 standard errors from the observed Fisher
// information of the log-strengths with the anchor's held fixed. It
// counts games, not pairs of games, as the samples: for games played in
// pairs with the sides swapped it errs wide, as the trinomial model does
// (see [Pentanomial.Elo]), and so it does with many draws.
//
// The maximum exists, and is unique, for the players whose games link
// them to the anchor both ways: a chain of players each of whom took
// points from the next leads from the anchor to them and one leads back
// (Hunter's Assumption 1). They are Rated, fitted on the games among
// them alone. Special cases are:
//   - a player who played no game is NoGames;
//   - a player who took every point from the rated players, or lost
//     every one (a bot that won, or lost, all its games), is AboveRated
//     or BelowRated, Elo ±Inf, the likelihood growing without bound with
//     the rating; the finite bound is the rating at which the player would
//     win (or lose) all its games against the rated players, at their
//     fitted ratings, with probability 0.025, which for one opponent is
//     the exact binomial bound of [Pentanomial.Elo] for all won pairs;
//   - a player the games do not place relative to the anchor (a group
//     that never met the anchor's) is Unlinked.
//
// The error reports an n or anchor out of range, or a result whose players
// are out of range or the same or whose score is not in [0, 1]; or the
// iteration not converging in a million steps. It always converges, but
// slowly on games both lopsided and chained (players each of whom beat
// the next all but once in 2000 games, and met no one else, take 64,000
// steps for a chain of five).
func BradleyTerry(n, anchor int, results []Result) ([]Rating, error) {
	t, err := tallyLeague(n, anchor, results)
	if err != nil {
		return nil, err
	}
	status := t.classify(anchor)
	group := []int{anchor} // the anchor, then the rated players
	for i, s := range status {
		if s == Rated {
			group = append(group, i)
		}
	}
	elo, err := t.fit(group)
	if err != nil {
		return nil, err
	}
	se, err := t.standardErrors(group, elo)
	if err != nil {
		return nil, err
	}
	ratings := make([]Rating, n)
	for i := range ratings {
		ratings[i] = t.rating(i, status[i], group, elo, se)
	}
	return ratings, nil
}

// league is the games of a league tallied by pair of players: games[i][j]
// (= games[j][i]) is the number of games i and j played, points[i][j] the
// points i took from j in them.
type league struct {
	games, points [][]float64
}

// tallyLeague checks the arguments of BradleyTerry and tallies the games.
func tallyLeague(n, anchor int, results []Result) (*league, error) {
	if n < 1 {
		return nil, fmt.Errorf("bradley-terry: %d players, want at least 1", n)
	}
	if anchor < 0 || anchor >= n {
		return nil, fmt.Errorf("bradley-terry: anchor %d is not a player in 0..%d", anchor, n-1)
	}
	t := &league{games: square(n), points: square(n)}
	for k, r := range results {
		switch {
		case r.A < 0 || r.A >= n:
			return nil, fmt.Errorf("result %d: player %d is not in 0..%d", k, r.A, n-1)
		case r.B < 0 || r.B >= n:
			return nil, fmt.Errorf("result %d: player %d is not in 0..%d", k, r.B, n-1)
		case r.A == r.B:
			return nil, fmt.Errorf("result %d: player %d plays itself", k, r.A)
		case !(r.Score >= 0 && r.Score <= 1):
			return nil, fmt.Errorf("result %d: score %v is not in [0, 1]", k, r.Score)
		}
		t.games[r.A][r.B]++
		t.games[r.B][r.A]++
		t.points[r.A][r.B] += r.Score
		t.points[r.B][r.A] += 1 - r.Score
	}
	return t, nil
}

// square returns an n×n matrix of zeros.
func square(n int) [][]float64 {
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
	}
	return m
}

// classify returns each player's status but Rated and Anchor from the
// graph in which i leads to j when i took points from j: those the anchor
// leads to, and who lead back, are Rated (with the anchor, the strongly
// connected component that BradleyTerry fits); those the anchor leads to
// without a way back lie infinitely below it in the likelihood's
// supremum, those that lead to it without a way back infinitely above.
func (t *league) classify(anchor int) []RatingStatus {
	from := t.reach(anchor, func(i, j int) bool { return t.points[i][j] > 0 })
	to := t.reach(anchor, func(i, j int) bool { return t.points[j][i] > 0 })
	status := make([]RatingStatus, len(t.games))
	for i := range status {
		played := false
		for _, g := range t.games[i] {
			played = played || g > 0
		}
		switch {
		case i == anchor:
			status[i] = Anchor
		case !played:
			status[i] = NoGames
		case from[i] && to[i]:
			status[i] = Rated
		case from[i]:
			status[i] = BelowRated
		case to[i]:
			status[i] = AboveRated
		default:
			status[i] = Unlinked
		}
	}
	return status
}

// reach returns the players that start leads to along edge.
func (t *league) reach(start int, edge func(i, j int) bool) []bool {
	seen := make([]bool, len(t.games))
	seen[start] = true
	stack := []int{start}
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for j := range seen {
			if !seen[j] && edge(i, j) {
				seen[j] = true
				stack = append(stack, j)
			}
		}
	}
	return seen
}

// fit returns the maximum-likelihood Elo of the players of group, the
// anchor first, from their games among themselves, by Hunter's MM
// iteration (see BradleyTerry); elo[k] is group[k]'s, elo[0] = 0. Every
// player of a group of two or more has games and points in it (it is
// strongly connected), so no sum below is 0.
func (t *league) fit(group []int) ([]float64, error) {
	m := len(group)
	wins := make([]float64, m)
	for a, i := range group {
		for _, j := range group {
			wins[a] += t.points[i][j]
		}
	}
	gamma, next := make([]float64, m), make([]float64, m)
	for a := range gamma {
		gamma[a] = 1
	}
	for it := 0; m > 1; it++ {
		if it == mmMaxIterations {
			return nil, fmt.Errorf("bradley-terry: no convergence in %d iterations", it)
		}
		for a, i := range group {
			d := 0.0
			for b, j := range group {
				d += t.games[i][j] / (gamma[a] + gamma[b])
			}
			next[a] = wins[a] / d
		}
		change, scale := 0.0, next[0]
		for a := range next {
			next[a] /= scale
			change = math.Max(change, math.Abs(math.Log(next[a]/gamma[a])))
		}
		gamma, next = next, gamma
		if change*eloPerLn < mmTolerance {
			break
		}
	}
	elo := make([]float64, m)
	for a, g := range gamma {
		elo[a] = eloPerLn * math.Log(g)
	}
	return elo, nil
}

// standardErrors returns the standard error, in Elo, of each rating of
// group (fitted as elo, the anchor first, whose error is 0): the square
// root of the diagonal of the inverse of the observed Fisher information
// of the log-strengths without the anchor's row and column, I_ii =
// Σ_j n_ij p_ij (1 − p_ij), I_ij = −n_ij p_ij (1 − p_ij), scaled by
// 400/ln 10.
func (t *league) standardErrors(group []int, elo []float64) ([]float64, error) {
	m := len(group) - 1
	info := square(m)
	for a := 1; a <= m; a++ {
		for b := 0; b <= m; b++ {
			p := EloToScore(elo[a] - elo[b])
			w := t.games[group[a]][group[b]] * p * (1 - p)
			info[a-1][a-1] += w
			if b > 0 && b != a {
				info[a-1][b-1] -= w
			}
		}
	}
	inv, err := invert(info)
	if err != nil {
		return nil, err
	}
	se := make([]float64, m+1)
	for a := 1; a <= m; a++ {
		se[a] = eloPerLn * math.Sqrt(inv[a-1][a-1])
	}
	return se, nil
}

// invert returns the inverse of the square matrix a, by Gauss-Jordan
// elimination with partial pivoting; a is overwritten. It fails when a is
// singular, which the Fisher information of a strongly connected group is
// not.
func invert(a [][]float64) ([][]float64, error) {
	m := len(a)
	inv := square(m)
	for i := range inv {
		inv[i][i] = 1
	}
	for c := 0; c < m; c++ {
		p := c
		for r := c + 1; r < m; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if a[p][c] == 0 {
			return nil, fmt.Errorf("bradley-terry: singular information matrix")
		}
		a[c], a[p] = a[p], a[c]
		inv[c], inv[p] = inv[p], inv[c]
		for r := 0; r < m; r++ {
			if r == c || a[r][c] == 0 {
				continue
			}
			f := a[r][c] / a[c][c]
			for k := 0; k < m; k++ {
				a[r][k] -= f * a[c][k]
				inv[r][k] -= f * inv[c][k]
			}
		}
	}
	for r := 0; r < m; r++ {
		d := a[r][r]
		for k := 0; k < m; k++ {
			inv[r][k] /= d
		}
	}
	return inv, nil
}

// rating assembles player i's Rating from its status, the fitted group
// (the anchor first) with its Elo and standard errors, and for a player
// above or below the rated ones, the bound its games against them give.
func (t *league) rating(i int, status RatingStatus, group []int, elo, se []float64) Rating {
	r := Rating{Status: status}
	for j, g := range t.games[i] {
		r.Games += int(g)
		r.Points += t.points[i][j]
	}
	nan, inf := math.NaN(), math.Inf(1)
	switch status {
	case Anchor:
		return r // 0 by definition
	case NoGames, Unlinked:
		r.Elo, r.Low, r.High = nan, nan, nan
	case AboveRated:
		r.Elo, r.Low, r.High = inf, t.sweepBound(i, group, elo, 1), inf
	case BelowRated:
		r.Elo, r.Low, r.High = -inf, -inf, t.sweepBound(i, group, elo, -1)
	case Rated:
		for a, j := range group {
			if j == i {
				r.Elo = elo[a]
				r.Low, r.High = elo[a]-z95*se[a], elo[a]+z95*se[a]
			}
		}
	}
	return r
}

// sweepBound returns the bound at 95% confidence on the rating of player i, who took
// every point (sign 1) or lost every point (sign −1) in its games against
// group, fitted as elo: the rating at which that sweep has probability
// 0.025, Σ_j n_ij log P(i beats j) = log 0.025 (with i's and the
// opponents' ratings negated for a lost sweep), solved by bisection, the
// left side rising with the rating. Without such games it returns
// −sign·Inf.
func (t *league) sweepBound(i int, group []int, elo []float64, sign float64) float64 {
	logP := func(r float64) float64 {
		s := 0.0
		for a, j := range group {
			if g := t.games[i][j]; g > 0 {
				s -= g * math.Log1p(math.Pow(10, (sign*elo[a]-r)/400))
			}
		}
		return s
	}
	met := false
	for _, j := range group {
		met = met || t.games[i][j] > 0
	}
	if !met {
		return -sign * math.Inf(1)
	}
	target := math.Log(0.025)
	lo, hi := -400.0, 400.0
	for a := range group {
		lo, hi = math.Min(lo, sign*elo[a]-400), math.Max(hi, sign*elo[a]+400)
	}
	for k := 0; k < 64 && logP(lo) > target; k++ {
		lo -= hi - lo
	}
	for k := 0; k < 64 && logP(hi) < target; k++ {
		hi += hi - lo
	}
	for k := 0; k < 200 && hi-lo > 1e-9; k++ {
		mid := (lo + hi) / 2
		if logP(mid) < target {
			lo = mid
		} else {
			hi = mid
		}
	}
	return sign * (lo + hi) / 2
}
