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

// TopK reorders idx, indices into scores, so that its first k entries are
// the k highest scores in decreasing order (ties in the order they came),
// and returns idx[:k] (all of idx when k ≥ len(idx)). It is a partial
// insertion sort: the beam's selection, O(len(idx)·k), and allocates
// nothing.
func TopK(scores []float64, idx []int32, k int) []int32 {
	if k > len(idx) {
		k = len(idx)
	}
	for i := 0; i < len(idx); i++ {
		v := idx[i]
		if i >= k {
			if scores[v] <= scores[idx[k-1]] {
				continue
			}
			idx[i] = idx[k-1]
			idx[k-1] = v
			i2 := k - 1
			for ; i2 > 0 && scores[v] > scores[idx[i2-1]]; i2-- {
				idx[i2] = idx[i2-1]
			}
			idx[i2] = v
			continue
		}
		j := i
		for ; j > 0 && scores[v] > scores[idx[j-1]]; j-- {
			idx[j] = idx[j-1]
		}
		idx[j] = v
	}
	return idx[:k]
}
