package bot

import "time"

// clockEvery is the number of iterations between clock readings, each
// far cheaper than an iteration but not free.
const clockEvery = 16

// Budget ends a search. With a positive iteration limit it is
// deterministic: Next allows that many iterations, never reading the
// clock; otherwise, iterations until the deadline. The zero value allows
// nothing.
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
// clock reading (deterministic mode: of the iterations).
func (b *Budget) Progress() float64 { return b.progress }

// Split returns a budget of share (0 to 1) of what is left of b, from now
// (deterministic mode: of the iterations left, at least one). b is
// unchanged: the caller runs the part, then the rest on b.
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

// Spend counts n iterations done outside Next (a Split's part), so that
// the rest of the limit is what is left.
func (b *Budget) Spend(n int) { b.n += n }
