package tune

import (
	"fmt"
	"html"
	"io"
	"math"
	"strings"
)

// Sizes of the plot, in SVG user units.
const (
	plotWidth  = 720
	panelH     = 150
	marginL    = 70
	marginR    = 20
	marginT    = 28
	panelGap   = 30
	axisLabels = 18
)

// WritePlot writes an SVG image of each parameter's trajectory over its
// iterations, a panel per parameter stacked top to bottom: theta after
// each iteration (iteration 0 is the start) as a line, the start dashed,
// and the values played (theta ± c_k) as a faint band. The vertical axis
// spans the values seen, within the parameter's bounds.
func WritePlot(w io.Writer, t *Tuner, its []Iteration) error {
	n := len(t.Params)
	height := marginT + n*(panelH+panelGap+axisLabels)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" font-family="sans-serif" font-size="12">`+"\n", plotWidth, height, plotWidth, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%d" y="18" font-size="14">SPSA: %d of %d iterations</text>`+"\n", marginL, len(its), t.Iterations)
	last := max(t.Iterations, 1)
	for i := range t.Params {
		p := &t.Params[i]
		top := float64(marginT + i*(panelH+panelGap+axisLabels) + panelGap/2)
		lo, hi := p.Start, p.Start
		for _, it := range its {
			for _, v := range []float64{it.Theta[i], it.Plus[i], it.Minus[i]} {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
		pad := (hi - lo) * 0.1
		if pad == 0 {
			pad = math.Max(math.Abs(lo)*0.1, 1)
		}
		lo, hi = math.Max(lo-pad, p.Min), math.Min(hi+pad, p.Max)
		if lo == hi {
			lo, hi = lo-1, hi+1
		}
		x := func(k int) float64 { return marginL + float64(k)/float64(last)*(plotWidth-marginL-marginR) }
		y := func(v float64) float64 { return top + (hi-v)/(hi-lo)*panelH }
		final := p.Start
		if len(its) > 0 {
			final = its[len(its)-1].Theta[i]
		}
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" font-weight="bold">%s</text><text x="%d" y="%.1f" text-anchor="end">start %s, now %s, bounds [%s, %s]</text>`+"\n",
			marginL, top-4, html.EscapeString(p.Name), plotWidth-marginR, top-4, Format(p.Start, false), Format(final, false), Format(p.Min, false), Format(p.Max, false))
		fmt.Fprintf(&b, `<rect x="%d" y="%.1f" width="%d" height="%d" fill="none" stroke="#888"/>`+"\n", marginL, top, plotWidth-marginL-marginR, panelH)
		for _, v := range []float64{lo, (lo + hi) / 2, hi} {
			fmt.Fprintf(&b, `<text x="%d" y="%.1f" text-anchor="end">%s</text>`+"\n", marginL-4, y(v)+4, Format(v, false))
		}
		for _, k := range []int{0, last / 2, last} {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">%d</text>`+"\n", x(k), top+panelH+14, k)
		}
		fmt.Fprintf(&b, `<line x1="%d" x2="%d" y1="%.1f" y2="%.1f" stroke="#888" stroke-dasharray="4 3"/>`+"\n", marginL, plotWidth-marginR, y(p.Start), y(p.Start))
		if len(its) == 0 {
			continue
		}
		// The band of the values played, then theta.
		var band, line strings.Builder
		for _, it := range its {
			fmt.Fprintf(&band, "%.1f,%.1f ", x(it.K), y(math.Max(it.Plus[i], it.Minus[i])))
		}
		for j := len(its) - 1; j >= 0; j-- {
			fmt.Fprintf(&band, "%.1f,%.1f ", x(its[j].K), y(math.Min(its[j].Plus[i], its[j].Minus[i])))
		}
		fmt.Fprintf(&line, "%.1f,%.1f ", x(0), y(p.Start))
		for _, it := range its {
			fmt.Fprintf(&line, "%.1f,%.1f ", x(it.K), y(it.Theta[i]))
		}
		fmt.Fprintf(&b, `<polygon points="%s" fill="#4a90d9" fill-opacity="0.15" stroke="none"/>`+"\n", strings.TrimSpace(band.String()))
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#1f5fa8" stroke-width="1.5"/>`+"\n", strings.TrimSpace(line.String()))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
