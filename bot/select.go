package bot

// Tournament returns the index of the best of k scores drawn at random
// (with replacement) from scores: the selection of a genetic algorithm,
// whose pressure grows with k. scores must not be empty.
func Tournament(r *Rand, scores []float64, k int) int {
	best := r.Intn(len(scores))
	for ; k > 1; k-- {
		if i := r.Intn(len(scores)); scores[i] > scores[best] {
			best = i
		}
	}
	return best
}

// Best returns the index of the highest score, the first of equals; -1
// for no scores.
func Best(scores []float64) int {
	best := -1
	for i, s := range scores {
		if best < 0 || s > scores[best] {
			best = i
		}
	}
	return best
}

// Worst returns the index of the lowest score, the first of equals; -1
// for no scores.
func Worst(scores []float64) int {
	worst := -1
	for i, s := range scores {
		if worst < 0 || s < scores[worst] {
			worst = i
		}
	}
	return worst
}
