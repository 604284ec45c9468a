package stats

import (
	"fmt"
	"math"
	"math/rand"
	"strings"
	"testing"
)

// games returns n results of a against b, each scoring score for a.
func games(a, b, n int, score float64) []Result {
	r := make([]Result, n)
	for k := range r {
		r[k] = Result{A: a, B: b, Score: score}
	}
	return r
}

// join concatenates lists of results.
func join(lists ...[]Result) []Result {
	var all []Result
	for _, l := range lists {
		all = append(all, l...)
	}
	return all
}

// mustFit is BradleyTerry that fails the test on an error.
func mustFit(t *testing.T, n, anchor int, results []Result) []Rating {
	t.Helper()
	r, err := BradleyTerry(n, anchor, results)
	if err != nil {
		t.Fatalf("BradleyTerry: %v", err)
	}
	return r
}

// TestBradleyTerryTwoPlayers: with two players the maximum-likelihood
// equation is W_1 = n·p, so the rating is the closed form 400·log10(s/(1−s))
// of the score s per game; the information is the 1×1 matrix n·p(1−p),
// so the standard error is (400/ln 10)/√(n·s(1−s)). For 6 wins, 2 draws and
// 2 losses in 10 games, s = 0.7: +147.19, and I = 10·0.7·0.3 = 2.1, SE =
// 173.7178/√2.1 = 119.877.
func TestBradleyTerryTwoPlayers(t *testing.T) {
	tests := []struct {
		name      string
		anchor    int
		results   []Result
		s         float64 // player 1's score per game
		games     int
		elo1, se1 float64 // worked by hand, when worked
		worked    bool
	}{
		{"6-2-2", 0, join(games(1, 0, 6, 1), games(0, 1, 2, 0.5), games(0, 1, 2, 1)), 0.7, 10, 147.19, 119.877, true},
		{"5-0-5", 0, join(games(0, 1, 5, 1), games(1, 0, 5, 1)), 0.5, 10, 0, 0, false},
		{"9-0-1", 0, join(games(1, 0, 9, 1), games(1, 0, 1, 0)), 0.9, 10, 0, 0, false},
		{"10-20-10 anchored on 1", 1, join(games(1, 0, 10, 1), games(1, 0, 20, 0.5), games(0, 1, 10, 1)), 0.5, 40, 0, 0, false},
		{"3 of 12, anchored on 1", 1, join(games(1, 0, 3, 1), games(0, 1, 9, 1)), 0.25, 12, 0, 0, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := mustFit(t, 2, tc.anchor, tc.results)
			free := 1 - tc.anchor // the player rated relative to the other
			want := 400 * math.Log10(tc.s/(1-tc.s))
			if free == 0 {
				want = -want
			}
			se := 400 / math.Ln10 / math.Sqrt(float64(tc.games)*tc.s*(1-tc.s))
			got := r[free]
			if got.Status != Rated || r[tc.anchor].Status != Anchor {
				t.Fatalf("statuses %v, %v; want Rated and Anchor", r[0].Status, r[1].Status)
			}
			if !near(got.Elo, want, 1e-6) || !near(got.Low, want-z95*se, 1e-6) || !near(got.High, want+z95*se, 1e-6) {
				t.Errorf("player %d: %v (%v .. %v), want %.4f ± %.4f·1.96", free, got.Elo, got.Low, got.High, want, se)
			}
			if tc.worked && (!near(got.Elo, tc.elo1, 0.005) || !near((got.High-got.Low)/2/z95, tc.se1, 0.0005)) {
				t.Errorf("player 1: %v, want %+.2f with SE %.3f worked by hand", got, tc.elo1, tc.se1)
			}
			if got.Games != tc.games || r[tc.anchor].Elo != 0 || r[tc.anchor].Low != 0 || r[tc.anchor].High != 0 {
				t.Errorf("games %d (want %d), anchor %+v (want 0)", got.Games, tc.games, r[tc.anchor])
			}
		})
	}
}

// triangle is the worked three-player league of TestBradleyTerryTriangle.
func triangle() []Result {
	return join(
		games(1, 0, 3, 1),                    // 0–1: 1 wins 3 of 3
		games(0, 2, 2, 1), games(2, 0, 3, 1), // 0–2: 0 scores 2 of 5
		games(2, 1, 3, 1), // 1–2: 2 wins 3 of 3
	)
}

// TestBradleyTerryTriangle: a league worked by hand from the likelihood's
// stationarity conditions, W_i = Σ_j n_ij γ_i/(γ_i+γ_j) for every i, whose
// solution (strongly connected games: 0 → 2 → 1 → 0) is the unique
// maximum. Players 0, 1, 2 meet 3, 5 and 3 times (n_01 = 3, n_02 = 5,
// n_12 = 3) and score W = (2, 3, 6); γ = (1, 2, 4) solves the conditions:
//
//	0: 3·1/3 + 5·1/5 = 2;  1: 3·2/3 + 3·2/6 = 3;  2: 5·4/5 + 3·4/6 = 6,
//
// so the ratings are 400·log10 γ = 0, +120.41, +240.82, though player 0
// scored 0 of 3 against player 1: the fit is global, not pairwise.
// Information with player 0 fixed, n·p(1−p) per pair: 0–1 3·(1/3)(2/3) =
// 2/3, 0–2 5·(1/5)(4/5) = 4/5, 1–2 2/3, so I = [[4/3, −2/3], [−2/3, 22/15]],
// det 68/45, and inv = (45/68)·[[22/15, 2/3], [2/3, 4/3]]: variances 33/34
// and 15/17, standard errors 173.7178·√(33/34) = 171.144 and
// 173.7178·√(15/17) = 163.179.
func TestBradleyTerryTriangle(t *testing.T) {
	r := mustFit(t, 3, 0, triangle())
	want := []struct{ elo, se float64 }{{0, 0}, {120.412, 171.144}, {240.824, 163.179}}
	for i, w := range want {
		se := (r[i].High - r[i].Low) / 2 / z95
		if !near(r[i].Elo, w.elo, 0.0005) || !near(se, w.se, 0.0005) {
			t.Errorf("player %d: %+.4f, SE %.4f; want %+.3f, SE %.3f", i, r[i].Elo, se, w.elo, w.se)
		}
	}
	if r[1].Games != 6 || r[1].Points != 3 || r[2].Games != 8 || r[2].Points != 6 {
		t.Errorf("games, points: %d %v, %d %v; want 6 3, 8 6", r[1].Games, r[1].Points, r[2].Games, r[2].Points)
	}
}

// league6 returns a synthetic league drawn from the model with a fixed
// seed: six players of true ratings truth, every pair meeting perPair
// times, each game a win or a loss.
func league6(truth []float64, perPair int, seed int64) []Result {
	rng := rand.New(rand.NewSource(seed))
	var results []Result
	for i := range truth {
		for j := i + 1; j < len(truth); j++ {
			for k := 0; k < perPair; k++ {
				s := 0.0
				if rng.Float64() < EloToScore(truth[i]-truth[j]) {
					s = 1
				}
				results = append(results, Result{A: i, B: j, Score: s})
			}
		}
	}
	return results
}

// TestBradleyTerryRecoversTruth: on a league drawn from the model, the fit
// finds the true ratings within their intervals (each a 95% interval:
// all but rarely one of five) and in their order, and satisfies the likelihood's
// stationarity conditions W_i = Σ_j n_ij p_ij, computed here from the
// results directly.
func TestBradleyTerryRecoversTruth(t *testing.T) {
	truth := []float64{0, 50, 100, 200, 300, 400}
	const anchor = 2
	results := league6(truth, 300, 1)
	r := mustFit(t, len(truth), anchor, results)
	missed := 0
	for i, x := range r {
		want := truth[i] - truth[anchor]
		if i != anchor && !(x.Low <= want && want <= x.High) {
			missed++
			t.Logf("player %d: %v, truth %+.1f outside", i, x, want)
		}
		if i > 0 && !(x.Elo > r[i-1].Elo) {
			t.Errorf("player %d: %+.1f not above player %d: %+.1f", i, x.Elo, i-1, r[i-1].Elo)
		}
		if m := (x.High - x.Low) / 2; i != anchor && !(m > 10 && m < 40) {
			t.Errorf("player %d: margin %.1f, want 10..40 for 1500 games", i, m)
		}
	}
	if missed > 1 {
		t.Errorf("%d of 5 true ratings outside their 95%% intervals", missed)
	}
	w := make([]float64, len(truth))
	for _, g := range results {
		p := EloToScore(r[g.A].Elo - r[g.B].Elo)
		w[g.A] += g.Score - p
		w[g.B] += (1 - g.Score) - (1 - p)
	}
	for i, d := range w {
		if !near(d, 0, 1e-6) {
			t.Errorf("player %d: points minus expected points %v, want 0", i, d)
		}
	}
}

// TestBradleyTerryCoverage: over 100 leagues drawn from the model, 60
// games a pair, the intervals hold the true rating as often as their
// confidence says: 475 of the 500 expected, and 460 to 490 accepted (the
// binomial standard deviation is 4.9 intervals).
func TestBradleyTerryCoverage(t *testing.T) {
	truth := []float64{0, 50, 100, 200, 300, 400}
	const anchor = 2
	in := 0
	for seed := int64(1); seed <= 100; seed++ {
		for i, x := range mustFit(t, len(truth), anchor, league6(truth, 60, seed)) {
			if i == anchor {
				continue
			}
			if want := truth[i] - truth[anchor]; x.Low <= want && want <= x.High {
				in++
			}
		}
	}
	if in < 460 || in > 490 {
		t.Errorf("%d of 500 intervals hold the truth, want 460..490", in)
	}
}

// TestBradleyTerryOrderIndependent: the same games shuffled, and with the
// sides of some written the other way round, give the same ratings to the
// bit (the tallies are sums of halves, exact in any order).
func TestBradleyTerryOrderIndependent(t *testing.T) {
	results := join(league6([]float64{0, 50, 100, 200, 300, 400}, 40, 7), games(4, 1, 5, 0.5))
	want := mustFit(t, 6, 0, results)
	rng := rand.New(rand.NewSource(3))
	for trial := 0; trial < 5; trial++ {
		shuffled := append([]Result(nil), results...)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		for k, g := range shuffled {
			if rng.Intn(2) == 0 {
				shuffled[k] = Result{A: g.B, B: g.A, Score: 1 - g.Score}
			}
		}
		got := mustFit(t, 6, 0, shuffled)
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("trial %d, player %d: %+v, want %+v", trial, i, got[i], want[i])
			}
		}
	}
}

// sweepProb returns the probability that a player rated elo wins all its
// games against the opponents rated opp, n[k] games against opp[k].
func sweepProb(elo float64, opp []float64, n []int) float64 {
	p := 1.0
	for k, o := range opp {
		p *= math.Pow(EloToScore(elo-o), float64(n[k]))
	}
	return p
}

// degenerateCase is a league whose data leave some ratings infinite or
// undefined, with the statuses and texts BradleyTerry must give.
type degenerateCase struct {
	name    string
	n       int
	results []Result
	status  []RatingStatus
	texts   []string // part of each player's String
	check   func(t *testing.T, r []Rating)
}

// The bound of a player who won all of g games against one opponent is the
// exact binomial bound that Pentanomial.Elo gives for g pairs won twice:
// the score 0.025^(1/g), +234.48 for 16 games (TestEloInterval), and
// ScoreToElo(0.025^(1/4)) = −72.15 for 4.
var degenerateCases = []degenerateCase{
	{name: "one player never plays", n: 3, results: join(games(0, 1, 2, 1), games(1, 0, 2, 1)),
		status: []RatingStatus{Anchor, Rated, NoGames}, texts: []string{"anchor", "95% CI", "n/a (no games)"}},
	{name: "won all 16 against the anchor", n: 4, results: join(triangle(), games(3, 0, 16, 1)),
		status: []RatingStatus{Anchor, Rated, Rated, AboveRated},
		texts:  []string{"", "", "", "> +234.5 (95% lower bound; won all 16 games, no estimate above it"},
		check: func(t *testing.T, r []Rating) {
			if !math.IsInf(r[3].Elo, 1) || !math.IsInf(r[3].High, 1) || !near(r[3].Low, 234.48, 0.005) {
				t.Errorf("player 3: %+v, want +Inf with the lower bound +234.48", r[3])
			}
			triangleUnchanged(t, r)
		}},
	{name: "lost all 16 against player 1", n: 4, results: join(triangle(), games(1, 3, 16, 1)),
		status: []RatingStatus{Anchor, Rated, Rated, BelowRated},
		texts:  []string{"", "", "", "< -114.1 (95% upper bound; lost all 16 games, no estimate below it"},
		check: func(t *testing.T, r []Rating) {
			// Player 1 is +120.41: the bound is 234.48 below it.
			if !math.IsInf(r[3].Elo, -1) || !math.IsInf(r[3].Low, -1) || !near(r[3].High, 120.41-234.48, 0.01) {
				t.Errorf("player 3: %+v, want -Inf with the upper bound %+.2f", r[3], 120.41-234.48)
			}
			triangleUnchanged(t, r)
		}},
	{name: "won all against two rated players", n: 4, results: join(triangle(), games(3, 0, 5, 1), games(3, 2, 7, 1)),
		status: []RatingStatus{Anchor, Rated, Rated, AboveRated},
		check: func(t *testing.T, r []Rating) {
			// The bound's definition: the sweep has probability 0.025;
			// and more wins raise it above the bound from the 7 against
			// player 2 alone, 0.025^(1/7) = 0.590, +63.6 above it.
			p := sweepProb(r[3].Low, []float64{r[0].Elo, r[2].Elo}, []int{5, 7})
			if !near(p, 0.025, 1e-9) || !(r[3].Low > r[2].Elo+ScoreToElo(math.Pow(0.025, 1.0/7))) {
				t.Errorf("player 3: %+v: its 12 wins have probability %v at the bound, want 0.025", r[3], p)
			}
		}},
	{name: "a group that only meets itself", n: 5, results: join(triangle(), games(3, 4, 3, 1), games(4, 3, 1, 1)),
		status: []RatingStatus{Anchor, Rated, Rated, Unlinked, Unlinked},
		texts:  []string{"", "", "", "n/a (its games do not place it", "n/a (its games"}},
	{name: "two below a player who never meets the anchor's", n: 3, results: join(games(1, 0, 4, 1), games(1, 2, 4, 1)),
		status: []RatingStatus{Anchor, AboveRated, Unlinked},
		texts:  []string{"", "> -72.1 (95% lower bound; won all 8 games", "n/a"}},
	{name: "a group above the rated players", n: 5, results: join(
		games(0, 3, 3, 1), games(3, 0, 2, 1), games(1, 2, 2, 1), games(2, 1, 2, 0.5),
		games(1, 0, 4, 1), games(2, 3, 4, 1), games(4, 2, 1, 0.5), games(4, 1, 1, 1)),
		status: []RatingStatus{Anchor, AboveRated, AboveRated, Rated, AboveRated},
		texts: []string{"", "> -72.1 (95% lower bound; won every game against the rated players",
			"won every game against the rated players", "95% CI", "above every rated player (no 95% bound: it met none of them)"}},
	{name: "the anchor won all 16", n: 2, results: games(0, 1, 16, 1),
		status: []RatingStatus{Anchor, BelowRated}, texts: []string{"+0.0 (anchor)", "< -234.5 (95% upper bound; lost all 16 games"}},
	{name: "the anchor never plays", n: 3, results: games(1, 2, 3, 0.5),
		status: []RatingStatus{Anchor, Unlinked, Unlinked}},
	{name: "the anchor alone", n: 1, status: []RatingStatus{Anchor}},
}

// triangleUnchanged checks that players 0..2 are rated as in
// TestBradleyTerryTriangle: games won by a player above them, or lost by
// one below, tell nothing of their differences.
func triangleUnchanged(t *testing.T, r []Rating) {
	t.Helper()
	want := mustFit(t, 3, 0, triangle())
	for i := range want {
		if !near(r[i].Elo, want[i].Elo, 1e-9) || !near(r[i].Low, want[i].Low, 1e-9) {
			t.Errorf("player %d: %+v, want %+v as without the sweep", i, r[i], want[i])
		}
	}
}

// TestBradleyTerryDegenerate: data that leave a rating unbounded or
// undefined give a status that says so, never an accidental NaN or Inf,
// and texts that name the bound and never say "inf" or "NaN".
func TestBradleyTerryDegenerate(t *testing.T) {
	for _, tc := range degenerateCases {
		t.Run(tc.name, func(t *testing.T) {
			r := mustFit(t, tc.n, 0, tc.results)
			for i, x := range r {
				if x.Status != tc.status[i] {
					t.Errorf("player %d: status %v, want %v", i, x.Status, tc.status[i])
				}
				checkFields(t, i, x)
				long, short := x.String(), x.Short()
				for _, s := range []string{long, short} {
					if l := strings.ToLower(s); strings.Contains(l, "inf") || strings.Contains(l, "nan") {
						t.Errorf("player %d: %q", i, s)
					}
				}
				if i < len(tc.texts) && !strings.Contains(long, tc.texts[i]) {
					t.Errorf("player %d: String() = %q, want it to contain %q", i, long, tc.texts[i])
				}
			}
			if tc.check != nil {
				tc.check(t, r)
			}
		})
	}
}

// checkFields checks that a rating's numbers are what its status says:
// finite for Rated and Anchor, NaN for no rating, and one infinite side
// for a rating above or below the rated players.
func checkFields(t *testing.T, i int, x Rating) {
	t.Helper()
	finite := func(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
	var ok bool
	switch x.Status {
	case Rated, Anchor:
		ok = finite(x.Elo) && finite(x.Low) && finite(x.High) && x.Low <= x.Elo && x.Elo <= x.High
	case NoGames, Unlinked:
		ok = math.IsNaN(x.Elo) && math.IsNaN(x.Low) && math.IsNaN(x.High)
	case AboveRated:
		ok = math.IsInf(x.Elo, 1) && math.IsInf(x.High, 1) && !math.IsNaN(x.Low) && !math.IsInf(x.Low, 1)
	case BelowRated:
		ok = math.IsInf(x.Elo, -1) && math.IsInf(x.Low, -1) && !math.IsNaN(x.High) && !math.IsInf(x.High, -1)
	}
	if !ok {
		t.Errorf("player %d: %+v: fields do not match the status", i, x)
	}
}

func TestBradleyTerryErrors(t *testing.T) {
	tests := []struct {
		name      string
		n, anchor int
		results   []Result
		want      string
	}{
		{"no players", 0, 0, nil, "0 players"},
		{"anchor out of range", 3, 3, nil, "anchor 3"},
		{"negative anchor", 3, -1, nil, "anchor -1"},
		{"player out of range", 3, 0, []Result{{0, 1, 1}, {0, 3, 1}}, "result 1: player 3"},
		{"negative player", 3, 0, []Result{{-1, 1, 1}}, "result 0: player -1"},
		{"plays itself", 3, 0, []Result{{2, 2, 1}}, "result 0: player 2 plays itself"},
		{"score above 1", 3, 0, []Result{{0, 1, 1.5}}, "score 1.5"},
		{"score NaN", 3, 0, []Result{{0, 1, math.NaN()}}, "score NaN"},
	}
	for _, tc := range tests {
		if _, err := BradleyTerry(tc.n, tc.anchor, tc.results); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

// TestBradleyTerryNearlySwept: a league in which each player beat the one
// below it all but once in 2000 games converges (the MM iteration within
// its bound) to ratings near the chain of pairwise closed forms.
func TestBradleyTerryNearlySwept(t *testing.T) {
	var results []Result
	for i := 1; i < 5; i++ {
		results = join(results, games(i, i-1, 1999, 1), games(i-1, i, 1, 1))
	}
	r := mustFit(t, 5, 0, results)
	step := 400 * math.Log10(1999) // +1320.5 a link
	for i, x := range r {
		if !near(x.Elo, float64(i)*step, 0.01) {
			t.Errorf("player %d: %v, want %+.2f", i, x, float64(i)*step)
		}
	}
}

func ExampleBradleyTerry() {
	// Players 0, 1 and 2 of TestBradleyTerryTriangle, and player 3, who
	// won its 16 games against player 0.
	results := []Result{
		{1, 0, 1}, {1, 0, 1}, {1, 0, 1},
		{0, 2, 1}, {0, 2, 1}, {2, 0, 1}, {2, 0, 1}, {2, 0, 1},
		{2, 1, 1}, {2, 1, 1}, {2, 1, 1},
	}
	for k := 0; k < 16; k++ {
		results = append(results, Result{A: 3, B: 0, Score: 1})
	}
	ratings, err := BradleyTerry(4, 0, results)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, r := range ratings {
		fmt.Printf("%d: %s\n", i, r)
	}
	// Output:
	// 0: +0.0 (anchor)
	// 1: +120.4 ± 335.4 (95% CI -215.0 .. +455.8)
	// 2: +240.8 ± 319.8 (95% CI -79.0 .. +560.6)
	// 3: > +234.5 (95% lower bound; won all 16 games, no estimate above it from these games)
}
