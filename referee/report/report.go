// Package report writes a match as one self-contained HTML page: the
// table "referee match" prints, the score and the Elo with its interval as
// pairs accumulate, the SPRT's log-likelihood ratio against its bounds,
// results per seed and per seat, each bot's response times against the
// time limit, end reasons, and links to the replays. The charts are SVG
// drawn here by gonum's plot package, inline in the page: it needs no
// network and no script.
//
// A page is written from a [match.Report], either the one a match just
// played ("referee match -report") or one rebuilt from -results files
// ([match.ReportFromResults]; "referee report"), so that its figures are
// the text table's by construction.
package report

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"net/url"
	"sort"
	"strings"

	"impulse/referee/match"
	"impulse/referee/stats"
)

// Options are what the page needs beyond the report.
type Options struct {
	// Sources name where the games came from (result files), shown under
	// the title.
	Sources []string
	// ViewerAddr is where "referee view" serves the replays, for the
	// links (empty: 127.0.0.1:8377, its default).
	ViewerAddr string
	// Info is the match's (time limits), when known.
	Info match.Info
}

// Point is the state of the match after a number of pairs.
type Point struct {
	Pairs     int
	Score     float64 // p1's mean score per game, 0..1
	Elo       stats.EloEstimate
	LLR       float64
	HaveLLR   bool
	Pentanomy stats.Pentanomial
}

// Progression returns the match's state after each pair, in the order the
// pairs were counted.
func Progression(rep *match.Report) []Point {
	var out []Point
	var p stats.Pentanomial
	for i := 0; i+1 < len(rep.Games); i += 2 {
		p.Add(rep.Games[i].Score(), rep.Games[i+1].Score())
		pt := Point{Pairs: p.Pairs(), Score: p.Score(), Elo: p.Elo(), Pentanomy: p}
		if t := rep.Options.SPRT; t != nil {
			pt.LLR, pt.HaveLLR = t.LLR(p), true
		}
		out = append(out, pt)
	}
	return out
}

// seedRow is one pair in the table by seed.
type seedRow struct {
	Seed    int64
	Results [2]gameCell // p1 in the first seat, then in the second
	Points  string      // p1's points over the pair
}

type gameCell struct {
	Result  string // "won", "lost", "draw" (p1's)
	Class   string
	Turns   int
	End     string
	Replay  string // the replay file, as written by the match
	Viewer  string // the viewer's URL for it
	Present bool
}

// seatRow is p1's results in one seat.
type seatRow struct {
	Seat                string
	Wins, Draws, Losses int
	Rate                string
}

// endRow is one end reason.
type endRow struct {
	Reason string
	Games  int
	ByP1   int
	ByP2   int
}

// page is what the template shows.
type page struct {
	Title      string
	Sources    []string
	Table      string // the text table, as referee match prints it
	P1, P2     string
	Games      int
	Pairs      int
	Score      string // "55.0%"
	Elo        string // EloEstimate.String()
	LOS        string
	SPRT       string // the SPRT line of the text table, or ""
	Charts     []chart
	Seeds      []seedRow
	Seats      []seatRow
	Ends       []endRow
	Times      []timeRow
	Limit      string
	ViewerHint string
}

type chart struct {
	ID, Title, Caption string
	SVG                template.HTML
}

// timeRow is one bot's closeness to the time limit (the table has its
// mean and worst times).
type timeRow struct {
	Name     string
	Games    int // games with an answer after the first turn
	OverHalf int // of which the worst answer took over half the limit
}

// Write writes the page of rep to w.
func Write(w io.Writer, rep *match.Report, o Options) error {
	var table bytes.Buffer
	if err := match.WriteReport(&table, rep); err != nil {
		return err
	}
	ro := &rep.Options
	pg := page{
		P1: ro.Players[0].Name, P2: ro.Players[1].Name,
		Table: table.String(), Games: len(rep.Games), Pairs: rep.Penta.Pairs(),
		Sources: o.Sources,
	}
	pg.Title = fmt.Sprintf("%s: %s vs %s", ro.Game, pg.P1, pg.P2)
	if pg.Pairs > 0 {
		pg.Score = fmt.Sprintf("%.1f%%", 100*rep.Penta.Score())
		pg.Elo = rep.Penta.Elo().String()
		pg.LOS = fmt.Sprintf("%.1f%%", 100*rep.Penta.LOS())
	}
	for _, line := range strings.Split(table.String(), "\n") {
		if strings.HasPrefix(line, "SPRT ") {
			pg.SPRT = line
		}
	}
	addr := o.ViewerAddr
	if addr == "" {
		addr = "127.0.0.1:8377"
	}
	pg.Seeds = seedRows(rep, addr)
	for _, r := range pg.Seeds {
		if r.Results[0].Replay != "" || r.Results[1].Replay != "" {
			pg.ViewerHint = fmt.Sprintf("The replay links open the viewer at %s: start it first with referee view and the replays' folder, from the folder the match ran in.", addr)
			break
		}
	}
	pg.Seats = seatRows(rep)
	pg.Ends = endRows(rep)
	limit := o.Info.LimitMS[1]
	if limit > 0 {
		pg.Limit = fmt.Sprintf("%g ms", limit)
	}
	pg.Times = timeRows(rep, limit)

	points := Progression(rep)
	if len(points) > 0 {
		svg, err := scoreChart(points)
		if err != nil {
			return err
		}
		pg.Charts = append(pg.Charts, chart{ID: "score-chart", Title: "Score as pairs accumulate", Caption: pg.P1 + "'s mean score per game after each pair; 50% is even.", SVG: svg})
		svg, err = eloChart(points)
		if err != nil {
			return err
		}
		pg.Charts = append(pg.Charts, chart{ID: "elo-chart", Title: "Elo with its 95% interval", Caption: "The estimate (line) and its interval (band) from the pairs so far; a bound the data do not give yet is drawn at the chart's edge.", SVG: svg})
		if points[0].HaveLLR {
			lo, hi := ro.SPRT.Bounds()
			svg, err = llrChart(points, lo, hi)
			if err != nil {
				return err
			}
			pg.Charts = append(pg.Charts, chart{ID: "llr-chart", Title: "SPRT log-likelihood ratio", Caption: fmt.Sprintf("The test stops when the LLR leaves (%.2f, %.2f): above, H1 (elo %g) is accepted, below, H0 (elo %g).", lo, hi, ro.SPRT.Elo1, ro.SPRT.Elo0), SVG: svg})
		}
	}
	if len(rep.Games) > 0 {
		svg, err := timesChart(rep, limit)
		if err != nil {
			return err
		}
		caption := "Each game's slowest answer after the first turn, per bot"
		if limit > 0 {
			caption += fmt.Sprintf("; the red line is the time limit (%g ms).", limit)
		} else {
			caption += "; the time limit is not in these results."
		}
		pg.Charts = append(pg.Charts, chart{ID: "times-chart", Title: "Response times", Caption: caption, SVG: svg})
	}
	return pageTemplate.Execute(w, &pg)
}

func seedRows(rep *match.Report, addr string) []seedRow {
	var rows []seedRow
	for i := 0; i+1 < len(rep.Games); i += 2 {
		a, b := &rep.Games[i], &rep.Games[i+1]
		row := seedRow{Seed: a.Seed}
		points := 0.0
		for _, g := range []*match.Game{a, b} {
			k := 0
			if g.Swapped {
				k = 1
			}
			c := gameCell{Present: true, Turns: g.Turns, End: g.End, Replay: g.Replay}
			switch s := g.Score(); s {
			case 1:
				c.Result, c.Class = "won", "won"
			case 0:
				c.Result, c.Class = "lost", "lost"
			default:
				c.Result, c.Class = "draw", "draw"
			}
			points += g.Score()
			if g.Replay != "" {
				c.Viewer = "http://" + addr + "/#" + url.Values{"replay": {g.Replay}}.Encode()
			}
			row.Results[k] = c
		}
		row.Points = pointsText(points)
		rows = append(rows, row)
	}
	return rows
}

func pointsText(x float64) string {
	whole := int(x)
	if x-float64(whole) >= 0.5 {
		if whole == 0 {
			return "½"
		}
		return fmt.Sprintf("%d½", whole)
	}
	return fmt.Sprint(whole)
}

func seatRows(rep *match.Report) []seatRow {
	var rows [2]seatRow
	rows[0].Seat, rows[1].Seat = "first", "second"
	for i := range rep.Games {
		g := &rep.Games[i]
		k := 0
		if g.Swapped {
			k = 1
		}
		switch s := g.Score(); s {
		case 1:
			rows[k].Wins++
		case 0:
			rows[k].Losses++
		default:
			rows[k].Draws++
		}
	}
	for k := range rows {
		if n := rows[k].Wins + rows[k].Draws + rows[k].Losses; n > 0 {
			rows[k].Rate = fmt.Sprintf("%.1f%%", 100*(float64(rows[k].Wins)+float64(rows[k].Draws)/2)/float64(n))
		} else {
			rows[k].Rate = "-"
		}
	}
	return rows[:]
}

func endRows(rep *match.Report) []endRow {
	by := map[string]*endRow{}
	for i := range rep.Games {
		g := &rep.Games[i]
		r := by[g.End]
		if r == nil {
			r = &endRow{Reason: g.End}
			by[g.End] = r
		}
		r.Games++
		switch g.Culprit {
		case 1:
			r.ByP1++
		case 2:
			r.ByP2++
		}
	}
	var rows []endRow
	for _, r := range by {
		rows = append(rows, *r)
	}
	sort.Slice(rows, func(i, j int) bool {
		if rows[i].Games != rows[j].Games {
			return rows[i].Games > rows[j].Games
		}
		return rows[i].Reason < rows[j].Reason
	})
	return rows
}

func timeRows(rep *match.Report, limit float64) []timeRow {
	var rows []timeRow
	for p := 0; p < 2; p++ {
		r := timeRow{Name: rep.Options.Players[p].Name}
		for i := range rep.Games {
			g := &rep.Games[i]
			if g.MS[p] == [2]float64{} {
				continue // no answer after the first turn
			}
			r.Games++
			if limit > 0 && g.MS[p][1] > limit/2 {
				r.OverHalf++
			}
		}
		rows = append(rows, r)
	}
	return rows
}
