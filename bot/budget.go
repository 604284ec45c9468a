package bot

import "time"

// clockEvery is how many iterations pass between two readings of the
// clock: a reading costs tens of nanoseconds, an iteration of a search
// hundreds at least.
const clockEvery = 16

// Budget ends a search. With a positive iteration limit it is
// deterministic: Next allows exactly that many iterations and never reads
// the clock. Otherwise Next allows iterations until the deadline, reading
// the clock every few iterations. The zero value allows nothing.
type Budget struct {
	start, deadline time.Time
	limit           int // iterations allowed when > 0
	n               int // iterations counted by Next
	progress        float64
}

// NewBudget returns a budget of iterations iterations when iterations > 0,
// else of the time from start to start+d.
func NewBudget(start time.Time, d time.Duration, iterations int) Budget {
	return Budget{start: start, deadline: start.Add(d), limit: iterations}
}

// Next reports whether another iteration may run, and counts it.
func (b *Budget) Next() bool {
	if b.limit > 0 {
		if b.n >= b.limit {
			return false
		}
		b.n++
		b.progress = float64(b.n) / float64(b.limit)
		return true
	}
	if b.n%clockEvery == 0 {
		now := time.Now()
		if !now.Before(b.deadline) {
			b.progress = 1
			return false
		}
		if total := b.deadline.Sub(b.start); total > 0 {
			b.progress = float64(now.Sub(b.start)) / float64(total)
		}
	}
	b.n++
	return true
}

// Iterations returns the number of iterations Next has allowed.
func (b *Budget) Iterations() int { return b.n }

// Progress returns the share of the budget used, 0 to 1, as of the last
// reading of the clock (deterministic mode: of the iterations).
func (b *Budget) Progress() float64 { return b.progress }

// Split returns a budget of the given share (0 to 1) of what is left of b,
// starting now (deterministic mode: of the iteration limit, at least one
// iteration). b itself is unchanged: the caller runs the part, then the
// rest on b.
func (b *Budget) Split(share float64) Budget {
	if b.limit > 0 {
		n := int(float64(b.limit-b.n) * share)
		if n < 1 {
			n = 1
		}
		return Budget{limit: n}
	}
	now := time.Now()
	left := b.deadline.Sub(now)
	if left < 0 {
		left = 0
	}
	return Budget{start: now, deadline: now.Add(time.Duration(float64(left) * share))}
}

// Spend counts n iterations done outside Next (deterministic mode: the
// part of a Split), so that the rest of the limit is what is left.
func (b *Budget) Spend(n int) { b.n += n }
