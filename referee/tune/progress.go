package tune

import (
	"fmt"
	"io"
	"strings"
)

// Progress shows a run as it goes: a line for the last iteration and a
// line per parameter (theta, its start and bounds, the values played,
// c_k). On a terminal the lines are redrawn in place after each
// iteration; elsewhere they are printed after every twentieth of the
// run, and after its last iteration.
type Progress struct {
	w        io.Writer
	terminal bool
	per      int // games an iteration
	every    int // iterations between two prints, off a terminal
	lines    int // drawn last time, on a terminal
}

// NewProgress returns the Progress of a run of t, whose iterations play
// per games each, on w, a terminal or not.
func NewProgress(w io.Writer, terminal bool, t *Tuner, per int) *Progress {
	return &Progress{w: w, terminal: terminal, per: per, every: max(t.Iterations/20, 1)}
}

// Update shows the run after it, just applied to t.
func (p *Progress) Update(t *Tuner, it *Iteration) {
	if !p.terminal && it.K%p.every != 0 && it.K != t.Iterations {
		return
	}
	var b strings.Builder
	if p.terminal && p.lines > 0 {
		fmt.Fprintf(&b, "\x1b[%dA", p.lines)
	}
	clear := ""
	if p.terminal {
		clear = "\x1b[K"
	}
	fmt.Fprintf(&b, "iteration %d/%d (%d games), last r %+g%s\n", it.K, t.Iterations, it.K*p.per, it.Result, clear)
	for i, q := range t.Params {
		fmt.Fprintf(&b, "  %-20s %12s   start %-10s [%s, %s]  played %s / %s  c_k %.3g%s\n", q.Name, Format(t.Theta[i], false),
			Format(q.Start, false), Format(q.Min, false), Format(q.Max, false),
			Format(it.Plus[i], q.Integer), Format(it.Minus[i], q.Integer), it.CK[i], clear)
	}
	p.lines = 1 + len(t.Params)
	io.WriteString(p.w, b.String())
}
