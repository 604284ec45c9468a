package match

import (
	"fmt"
	"strings"
	"time"
)

// progress shows a match's progress on Options.Progress: a bar redrawn in
// place on a terminal (ProgressTTY), else a plain line each time another
// twentieth of the games has finished or, in a long match (an SPRT's
// maximum of games), once a minute at least (progressEvery).
type progress struct {
	o        *Options
	total    int
	done     int
	start    time.Time
	lastStep int
	last     time.Time // of the last plain line
	now      func() time.Time
}

// progressEvery is the longest time between two plain progress lines
// while games finish.
const progressEvery = time.Minute

// newProgress returns the progress of a match of total games.
func newProgress(o *Options, total int) *progress {
	now := time.Now()
	return &progress{o: o, total: total, start: now, lastStep: -1, last: now, now: time.Now}
}

// status is the progress line: the games finished, p1's results and Elo,
// the SPRT's LLR and the time so far.
func (p *progress) status(rep *Report) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%d/%d games", p.done, p.total)
	if n := rep.Penta.Pairs(); n > 0 {
		w, d, l := rep.wdl(0)
		fmt.Fprintf(&b, "  %s %d-%d-%d  Elo %s", rep.Options.Players[0].Name, w, d, l, rep.Penta.Elo().Short())
	}
	if t := rep.Options.SPRT; t != nil {
		lo, hi := t.Bounds()
		fmt.Fprintf(&b, "  LLR %.2f (%.2f, %.2f)", rep.LLR, lo, hi)
	}
	fmt.Fprintf(&b, "  %.1fs", p.now().Sub(p.start).Seconds())
	return b.String()
}

// update counts a finished game and shows the progress.
func (p *progress) update(rep *Report, index int) {
	p.done++
	if p.o.Progress == nil {
		return
	}
	if p.o.ProgressTTY {
		const width = 24
		fill := width * p.done / p.total
		fmt.Fprintf(p.o.Progress, "\r[%s%s] %s\x1b[K", strings.Repeat("#", fill), strings.Repeat("-", width-fill), p.status(rep))
		return
	}
	now := p.now()
	if step := 20 * p.done / p.total; step != p.lastStep || now.Sub(p.last) >= progressEvery {
		p.lastStep, p.last = step, now
		fmt.Fprintln(p.o.Progress, p.status(rep))
	}
}

// finish ends the bar on a terminal with the final status line.
func (p *progress) finish(rep *Report) {
	if p.o.Progress == nil {
		return
	}
	if p.o.ProgressTTY {
		fmt.Fprintf(p.o.Progress, "\r%s\x1b[K\n", p.status(rep))
	}
}
