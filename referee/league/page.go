package league

import (
	_ "embed"
	"fmt"
	"html/template"
	"image/color"
	"io"
	"math"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"impulse/referee/report"
	"impulse/referee/stats"
)

// WritePage writes the table as one self-contained HTML page in the style
// of the match report (referee/report): the figures, the table, the
// ratings with their intervals and each rating as games accumulate as
// inline SVG charts (ratingsChart, historyChart), the head to head matrix
// with its cells coloured by Elo, and the text WriteText prints. It needs
// no network and no script.
func WritePage(w io.Writer, t *Table) error {
	var text strings.Builder
	if err := WriteText(&text, t); err != nil {
		return err
	}
	pg := leaguePage{
		Title: fmt.Sprintf("%s league: %d players, %d games", t.Game, len(t.Rows), t.Games),
		Table: t, Text: text.String(), Style: template.CSS(report.Style),
		Rows: pageRows(t), Matrix: pageMatrix(t),
	}
	if len(t.Rows) > 0 {
		pg.Leader = t.Rows[0].Player.ID + " " + t.Rows[0].Rating.Short()
	}
	span := spanOf(t)
	if len(t.Rows) > 0 {
		svg, err := ratingsChart(t, span)
		if err != nil {
			return err
		}
		pg.Charts = append(pg.Charts, leagueChart{ID: "ratings-chart", Title: "Ratings with their 95% intervals", SVG: svg,
			Caption: fmt.Sprintf("Each player's Elo relative to %s (at 0, dashed) from every counted game, best at the top, with its 95%% interval. A triangle at the chart's edge marks a bound the games do not give: a player that won, or lost, every game against the rated ones.", t.Anchor)})
	}
	if t.Games > 0 {
		svg, err := historyChart(t, span.widen())
		if err != nil {
			return err
		}
		pg.Charts = append(pg.Charts, leagueChart{ID: "history-chart", Title: "Ratings as games accumulate", SVG: svg, Legend: pg.Rows,
			Caption: "Each player's Elo, fitted again on the games stored so far at evenly spaced points; a rating the games do not give yet is not drawn, one beyond the chart (an infinite one) is drawn at its edge."})
	}
	return leaguePageTemplate.Execute(w, &pg)
}

// leaguePage is what the page template shows.
type leaguePage struct {
	Title  string
	Table  *Table
	Leader string // the first row's ID and Elo
	Text   string // as WriteText prints it
	Style  template.CSS
	Rows   []pageRow
	Charts []leagueChart
	Matrix matrix
}

// pageRow is one row of the page's table.
type pageRow struct {
	Rank                       int
	ID, Command                string
	Elo, Interval, Full, Note  string
	Games, Wins, Draws, Losses int
	Errors, Timeouts           int
	Swatch                     template.CSS // the player's colour in the charts
}

type leagueChart struct {
	ID, Title, Caption string
	SVG                template.HTML
	Legend             []pageRow // the players' colours, when the chart has no labels
}

// matrix is the head to head table: a line per row of the Table.
type matrix struct {
	IDs   []string
	Lines []matrixLine
}

type matrixLine struct {
	Rank  int
	ID    string
	Cells []matrixCell
}

// matrixCell is the row player's points and Elo over the column's.
type matrixCell struct {
	Points, Elo, Title string
	Style              template.CSS
	Class              string
}

// pageRows returns the table's rows for the page.
func pageRows(t *Table) []pageRow {
	rows := make([]pageRow, len(t.Rows))
	for x, r := range t.Rows {
		rows[x] = pageRow{
			Rank: x + 1, ID: r.Player.ID, Command: r.Player.Command,
			Elo: r.Rating.Short(), Interval: interval(r.Rating), Full: r.Rating.String(), Note: rowNote(r),
			Games: r.Wins + r.Draws + r.Losses, Wins: r.Wins, Draws: r.Draws, Losses: r.Losses,
			Errors: r.Errors, Timeouts: r.Timeouts,
			Swatch: template.CSS("background: " + hexColor(playerColor(x))),
		}
	}
	return rows
}

// interval writes a rating's 95% interval, "+7.8 .. +16.8", a missing
// bound as "no bound"; "-" when the games give no rating.
func interval(r stats.Rating) string {
	switch r.Status {
	case stats.Anchor:
		return "0 by definition"
	case stats.NoGames, stats.Unlinked:
		return "-"
	}
	return bound(r.Low) + " .. " + bound(r.High)
}

// bound writes an Elo bound to a tenth, "no bound" for an infinite one.
func bound(x float64) string {
	if math.IsInf(x, 0) {
		return "no bound"
	}
	if math.Abs(x) < 0.05 {
		x = 0
	}
	return fmt.Sprintf("%+.1f", x)
}

// pageMatrix returns the head to head matrix for the page.
func pageMatrix(t *Table) matrix {
	var m matrix
	for x, r := range t.Rows {
		m.IDs = append(m.IDs, r.Player.ID)
		line := matrixLine{Rank: x + 1, ID: r.Player.ID}
		for y := range t.Rows {
			line.Cells = append(line.Cells, matrixCellOf(t, x, y))
		}
		m.Lines = append(m.Lines, line)
	}
	return m
}

// matrixCellOf is the cell of Rows[x] against Rows[y]: its points out
// of their games, its Elo over y, the background by that Elo, and the
// estimate in words as the cell's title.
func matrixCellOf(t *Table, x, y int) matrixCell {
	h := t.HeadToHead[x][y]
	switch {
	case x == y:
		return matrixCell{Class: "diagonal"}
	case h.Games == 0:
		return matrixCell{Points: "-", Class: "none", Title: "no games yet"}
	}
	c := matrixCell{
		Points: halfPoints(h.Points) + "/" + fmt.Sprint(h.Games),
		Elo:    compactElo(h.Elo),
		Style:  template.CSS("background: " + hexColor(eloShade(h.Elo.Elo))),
	}
	vs := t.Rows[x].Player.ID + " against " + t.Rows[y].Player.ID + ": "
	if h.Paired {
		c.Title = vs + h.Elo.String()
		if !strings.Contains(c.Title, "pairs") {
			c.Title += fmt.Sprintf(", from %d pairs", h.Elo.Pairs)
		}
	} else {
		c.Elo += "*"
		c.Title = vs + h.Elo.Short() + fmt.Sprintf(", from %d games counted one by one (their pairs are incomplete)", h.Games)
	}
	return c
}

// pageHTML is the league's page template: plain HTML and the report's
// CSS, the charts inline SVG, no script and nothing fetched.
//
//go:embed page.html
var pageHTML string

var leaguePageTemplate = template.Must(template.New("league").Parse(pageHTML))

// palette are the players' colours in the charts, by rank (Tableau's
// ten); the ranks after the tenth reuse them with dashed lines.
var palette = []color.RGBA{
	{0x1f, 0x77, 0xb4, 0xff}, {0xff, 0x7f, 0x0e, 0xff}, {0x2c, 0xa0, 0x2c, 0xff}, {0xd6, 0x27, 0x28, 0xff},
	{0x94, 0x67, 0xbd, 0xff}, {0x8c, 0x56, 0x4b, 0xff}, {0xe3, 0x77, 0xc2, 0xff}, {0x7f, 0x7f, 0x7f, 0xff},
	{0xbc, 0xbd, 0x22, 0xff}, {0x17, 0xbe, 0xcf, 0xff},
}

// playerColor is the colour of the player at rank x+1.
func playerColor(x int) color.RGBA { return palette[x%len(palette)] }

// hexColor writes c as CSS: "#1f77b4".
func hexColor(c color.RGBA) string { return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B) }

// eloShade is the background of a head to head cell: white at 0, greener
// as the row player's Elo over the column's grows, redder as it falls,
// the full colour at an infinite Elo; grey for NaN.
func eloShade(elo float64) color.RGBA {
	if math.IsNaN(elo) {
		return color.RGBA{0xf0, 0xf0, 0xf0, 0xff}
	}
	to := color.RGBA{0x3c, 0xb0, 0x5a, 0xff}
	if elo < 0 {
		to = color.RGBA{0xe0, 0x4a, 0x4a, 0xff}
	}
	f := 0.8 * math.Tanh(math.Abs(elo)/300)
	mix := func(c uint8) uint8 { return uint8(math.Round(255 + f*(float64(c)-255))) }
	return color.RGBA{mix(to.R), mix(to.G), mix(to.B), 0xff}
}

// eloSpan is the Elo range the charts draw; a value beyond it, an
// infinite one among them, is drawn at its edge.
type eloSpan struct{ lo, hi float64 }

// spanOf returns the range of the table's finite ratings and their
// bounds, 0 included, with a margin.
func spanOf(t *Table) eloSpan {
	lo, hi := 0.0, 0.0
	for _, r := range t.Rows {
		for _, x := range []float64{r.Rating.Elo, r.Rating.Low, r.Rating.High} {
			if !math.IsInf(x, 0) && !math.IsNaN(x) {
				lo, hi = math.Min(lo, x), math.Max(hi, x)
			}
		}
	}
	pad := math.Max(25, 0.08*(hi-lo))
	return eloSpan{lo - pad, hi + pad}
}

// widen returns the span grown by half its width on each side: the
// history's, where the first fits of few games stray far.
func (s eloSpan) widen() eloSpan {
	w := s.hi - s.lo
	return eloSpan{s.lo - w/2, s.hi + w/2}
}

// clip returns x within the span.
func (s eloSpan) clip(x float64) float64 { return math.Max(s.lo, math.Min(s.hi, x)) }

// clipped reports whether x lies beyond the span: -1 below, 1 above, 0
// within.
func (s eloSpan) clipped(x float64) float64 {
	switch {
	case x < s.lo:
		return -1
	case x > s.hi:
		return 1
	}
	return 0
}

// ratingsChart draws each row's rating as a point with its interval as
// an error bar, best at the top, the anchor's 0 as a dashed line; an
// estimate or a bound beyond the span is a triangle at its edge.
func ratingsChart(t *Table, span eloSpan) (template.HTML, error) {
	p := report.NewPlot("", "Elo relative to "+t.Anchor, "")
	n := len(t.Rows)
	names := make([]string, n)
	for x, r := range t.Rows {
		y := float64(n - 1 - x)
		names[n-1-x] = r.Player.ID
		if math.IsNaN(r.Rating.Elo) {
			continue // no rating: the name alone
		}
		if err := ratingBar(p, r.Rating, y, span, playerColor(x)); err != nil {
			return "", err
		}
	}
	p.NominalY(names...)
	if err := report.Line(p, plotter.XYs{{X: 0, Y: -0.5}, {X: 0, Y: float64(n) - 0.5}}, color.Gray{0x80}, true); err != nil {
		return "", err
	}
	p.X.Min, p.X.Max = span.lo, span.hi
	p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5
	return report.SVG(p, 7*vg.Inch, vg.Length(n)*0.32*vg.Inch+1.1*vg.Inch)
}

// ratingBar adds one rating at height y: its interval as an error bar,
// its estimate as a dot, a triangle for whichever is clipped.
func ratingBar(p *plot.Plot, r stats.Rating, y float64, span eloSpan, c color.RGBA) error {
	x := span.clip(r.Elo)
	bar, err := plotter.NewXErrorBars(errorBar{plotter.XYs{{X: x, Y: y}}, plotter.XErrors{{Low: x - span.clip(r.Low), High: span.clip(r.High) - x}}})
	if err != nil {
		return err
	}
	bar.Color, bar.Width = c, vg.Points(1.5)
	p.Add(bar)
	marks := []struct {
		x     float64
		shape draw.GlyphDrawer
	}{{r.Elo, draw.CircleGlyph{}}, {r.Low, nil}, {r.High, nil}}
	for _, m := range marks {
		side := span.clipped(m.x)
		switch {
		case side != 0:
			m.shape = arrowGlyph{vg.Length(side)}
		case m.shape == nil:
			continue
		}
		dot, err := plotter.NewScatter(plotter.XYs{{X: span.clip(m.x), Y: y}})
		if err != nil {
			return err
		}
		dot.GlyphStyle = draw.GlyphStyle{Color: c, Radius: vg.Points(4), Shape: m.shape}
		p.Add(dot)
	}
	return nil
}

// errorBar is one point with its horizontal error, for NewXErrorBars.
type errorBar struct {
	plotter.XYs
	plotter.XErrors
}

// arrowGlyph is a filled triangle pointing right (dir 1) or left (dir
// −1): a value beyond the chart's edge.
type arrowGlyph struct{ dir vg.Length }

// DrawGlyph draws the triangle at pt, its tip at pt + dir·radius.
func (a arrowGlyph) DrawGlyph(c *draw.Canvas, sty draw.GlyphStyle, pt vg.Point) {
	r := sty.Radius
	var path vg.Path
	path.Move(vg.Point{X: pt.X + a.dir*r, Y: pt.Y})
	path.Line(vg.Point{X: pt.X - a.dir*r, Y: pt.Y + r})
	path.Line(vg.Point{X: pt.X - a.dir*r, Y: pt.Y - r})
	path.Close()
	c.SetColor(sty.Color)
	c.Fill(path)
}

// historyChart draws each row's rating as games accumulate, a line of its
// colour (dashed after the tenth) through the History points where the
// games give one, an infinite one at the span's edge.
func historyChart(t *Table, span eloSpan) (template.HTML, error) {
	p := report.NewPlot("", "games", "Elo relative to "+t.Anchor)
	for x, h := range t.History {
		c, dashed := playerColor(x), x >= len(palette)
		var run plotter.XYs
		for k, s := range h {
			if !math.IsNaN(s.Rating.Elo) {
				run = append(run, plotter.XY{X: float64(s.Games), Y: span.clip(s.Rating.Elo)})
			}
			if len(run) > 0 && (k == len(h)-1 || math.IsNaN(h[k+1].Rating.Elo)) {
				if err := historyRun(p, run, c, dashed); err != nil {
					return "", err
				}
				run = nil
			}
		}
	}
	p.X.Min, p.Y.Min, p.Y.Max = 0, span.lo, span.hi
	return report.SVG(p, 7*vg.Inch, 3.5*vg.Inch)
}

// historyRun draws one run of a player's ratings: a line, or a dot for
// a single point.
func historyRun(p *plot.Plot, run plotter.XYs, c color.RGBA, dashed bool) error {
	if len(run) > 1 {
		return report.Line(p, run, c, dashed)
	}
	dot, err := plotter.NewScatter(run)
	if err != nil {
		return err
	}
	dot.GlyphStyle = draw.GlyphStyle{Color: c, Radius: vg.Points(2), Shape: draw.CircleGlyph{}}
	p.Add(dot)
	return nil
}
