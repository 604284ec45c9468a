package league

import "impulse/referee/stats"

// PriorDraws is the number of virtual draws the league's fit adds between
// every two players who met, as BayesElo's prior does: without them the
// maximum-likelihood ratings of a player who won (or lost) every game are
// infinite, which a league meets all the time (a new version crushing
// the old ones, a baseline losing to every search bot), and every rating
// relative to such an anchor is then only a bound. One draw moves a
// rating from hundreds of games by little, and a perfect score of n games
// against one opponent to the Elo of n+½ points out of n+1.
const PriorDraws = 1

// fit returns the ratings of n players from results, relative to anchor:
// stats.BradleyTerry over the results and PriorDraws virtual draws
// between every two players who met, each rating's Games and Points
// those of the real games.
func fit(n, anchor int, results []stats.Result) ([]stats.Rating, error) {
	all := make([]stats.Result, 0, len(results)+n)
	all = append(all, results...)
	met := map[[2]int]bool{}
	for _, r := range results {
		k := [2]int{min(r.A, r.B), max(r.A, r.B)}
		if met[k] {
			continue
		}
		met[k] = true
		for d := 0; d < PriorDraws; d++ {
			all = append(all, stats.Result{A: k[0], B: k[1], Score: 0.5})
		}
	}
	ratings, err := stats.BradleyTerry(n, anchor, all)
	if err != nil {
		return nil, err
	}
	for i := range ratings {
		ratings[i].Games, ratings[i].Points = 0, 0
	}
	for _, r := range results {
		ratings[r.A].Games++
		ratings[r.B].Games++
		ratings[r.A].Points += r.Score
		ratings[r.B].Points += 1 - r.Score
	}
	return ratings, nil
}
