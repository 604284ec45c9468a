package report

import (
	"bytes"
	"html/template"
	"image/color"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"impulse/referee/match"
)

// Chart colours: p1 blue, p2 orange (as in the viewer), limits red.
var (
	blue   = color.RGBA{R: 0x1f, G: 0x6f, B: 0xd0, A: 0xff}
	band   = color.NRGBA{R: 0x1f, G: 0x6f, B: 0xd0, A: 0x40}
	orange = color.RGBA{R: 0xe0, G: 0x7a, B: 0x10, A: 0xff}
	red    = color.RGBA{R: 0xd0, G: 0x20, B: 0x20, A: 0xff}
	grey   = color.RGBA{R: 0x80, G: 0x80, B: 0x80, A: 0xff}
)

// eloClip is where the Elo chart cuts an interval the data leave open.
const eloClip = 800

// NewPlot returns a plot in the report's style: its title, axis labels
// and a grid.
func NewPlot(title, x, y string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = x
	p.Y.Label.Text = y
	p.Add(plotter.NewGrid())
	return p
}

// svgOf renders p as an inline SVG element of the report's size.
func svgOf(p *plot.Plot) (template.HTML, error) { return SVG(p, 7*vg.Inch, 3*vg.Inch) }

// SVG renders p, w by h, as an inline SVG element (no XML prolog).
func SVG(p *plot.Plot, w, h vg.Length) (template.HTML, error) {
	c := vgsvg.New(w, h)
	p.Draw(draw.New(c))
	var b bytes.Buffer
	if _, err := c.WriteTo(&b); err != nil {
		return "", err
	}
	s := b.String()
	if i := strings.Index(s, "<svg"); i > 0 {
		s = s[i:]
	}
	return template.HTML(s), nil
}

// Line adds to p the line through xys, of colour c, dashed or not.
func Line(p *plot.Plot, xys plotter.XYs, c color.Color, dashed bool) error {
	l, err := plotter.NewLine(xys)
	if err != nil {
		return err
	}
	l.Color = c
	l.Width = vg.Points(1.5)
	if dashed {
		l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	}
	p.Add(l)
	return nil
}

func scoreChart(points []Point) (template.HTML, error) {
	p := NewPlot("", "pairs", "score (%)")
	var xys plotter.XYs
	for _, pt := range points {
		xys = append(xys, plotter.XY{X: float64(pt.Pairs), Y: 100 * pt.Score})
	}
	if err := Line(p, xys, blue, false); err != nil {
		return "", err
	}
	if err := Line(p, plotter.XYs{{X: 1, Y: 50}, {X: float64(points[len(points)-1].Pairs), Y: 50}}, grey, true); err != nil {
		return "", err
	}
	p.Y.Min, p.Y.Max = 0, 100
	return svgOf(p)
}

func clip(x float64) float64 { return math.Max(-eloClip, math.Min(eloClip, x)) }

func eloChart(points []Point) (template.HTML, error) {
	p := NewPlot("", "pairs", "Elo")
	var est, lo, hi plotter.XYs
	for _, pt := range points {
		x := float64(pt.Pairs)
		est = append(est, plotter.XY{X: x, Y: clip(pt.Elo.Elo)})
		lo = append(lo, plotter.XY{X: x, Y: clip(pt.Elo.Low)})
		hi = append(hi, plotter.XY{X: x, Y: clip(pt.Elo.High)})
	}
	if len(points) > 1 {
		poly := append(plotter.XYs{}, lo...)
		for i := len(hi) - 1; i >= 0; i-- {
			poly = append(poly, hi[i])
		}
		pg, err := plotter.NewPolygon(poly)
		if err != nil {
			return "", err
		}
		pg.Color = band
		pg.LineStyle.Width = 0
		p.Add(pg)
	}
	if err := Line(p, est, blue, false); err != nil {
		return "", err
	}
	if err := Line(p, plotter.XYs{{X: 1, Y: 0}, {X: float64(points[len(points)-1].Pairs), Y: 0}}, grey, true); err != nil {
		return "", err
	}
	return svgOf(p)
}

func llrChart(points []Point, lower, upper float64) (template.HTML, error) {
	p := NewPlot("", "pairs", "LLR")
	var xys plotter.XYs
	for _, pt := range points {
		xys = append(xys, plotter.XY{X: float64(pt.Pairs), Y: pt.LLR})
	}
	if err := Line(p, xys, blue, false); err != nil {
		return "", err
	}
	last := float64(points[len(points)-1].Pairs)
	for _, b := range []float64{lower, upper} {
		if err := Line(p, plotter.XYs{{X: 1, Y: b}, {X: last, Y: b}}, red, true); err != nil {
			return "", err
		}
	}
	return svgOf(p)
}

// timesChart is a histogram per bot of each game's worst answer after the
// first turn, with the time limit.
func timesChart(rep *match.Report, limit float64) (template.HTML, error) {
	p := NewPlot("", "worst answer in a game (ms)", "games")
	top := limit
	for i := range rep.Games {
		for q := 0; q < 2; q++ {
			top = math.Max(top, rep.Games[i].MS[q][1])
		}
	}
	if top == 0 {
		top = 1
	}
	const bins = 40
	width := top * 1.05 / bins
	colors := [2]color.Color{blue, orange}
	highest := 0.0
	for q := 0; q < 2; q++ {
		var counts [bins]float64
		for i := range rep.Games {
			if ms := rep.Games[i].MS[q]; ms != [2]float64{} {
				k := int(ms[1] / width)
				if k >= bins {
					k = bins - 1
				}
				counts[k]++
			}
		}
		var xys plotter.XYs
		for k, c := range counts {
			x0 := float64(k) * width
			xys = append(xys, plotter.XY{X: x0, Y: c}, plotter.XY{X: x0 + width, Y: c})
			highest = math.Max(highest, c)
		}
		if err := Line(p, xys, colors[q], false); err != nil {
			return "", err
		}
		if lp, err := plotter.NewLine(plotter.XYs{{}}); err == nil {
			lp.Color = colors[q]
			p.Legend.Add(rep.Options.Players[q].Name, lp)
		}
	}
	if limit > 0 {
		if err := Line(p, plotter.XYs{{X: limit, Y: 0}, {X: limit, Y: math.Max(1, highest)}}, red, false); err != nil {
			return "", err
		}
	}
	p.Legend.Top = true
	p.X.Min, p.Y.Min = 0, 0
	return svgOf(p)
}
