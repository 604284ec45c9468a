package match

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"

	"impulse/referee"
	"impulse/referee/stats"
)

// Info is what each -results line says of its match, so that result files
// alone rebuild the match's table and report (referee report), merged from
// several runs or machines.
type Info struct {
	Game      string    `json:"game,omitempty"`   // short name: csb, fb
	Players   [2]string `json:"players,omitzero"` // p1's and p2's names
	Rules     string    `json:"rules,omitempty"`
	TimeScale float64   `json:"time_scale,omitempty"`
	// LimitMS is the time limit of the first turn and of the others, in
	// milliseconds, after TimeScale.
	LimitMS [2]float64 `json:"limit_ms,omitzero"`
}

// InfoOf returns the Info of o's match.
func InfoOf(o *Options) Info {
	in := Info{Game: o.Game, Players: [2]string{o.Players[0].Name, o.Players[1].Name}, Rules: o.Rules.String(), TimeScale: o.TimeScale}
	if def := referee.GameByName(o.Game); def != nil {
		in.Game = def.Short
		if g, _, err := def.New(o.Rules); err == nil {
			in.LimitMS = [2]float64{float64(g.FirstTurnMillis()) * o.TimeScale, float64(g.TurnMillis()) * o.TimeScale}
		}
	}
	return in
}

// resultLine is one -results line: the game's JSON, its place in the
// match and the sums of its response times (the fields of a record but
// stderr), and its match.
type resultLine struct {
	record
	Info
}

// MarshalResult returns g's -results line (without the newline).
func (g *Game) MarshalResult(in Info) ([]byte, error) {
	r := resultLine{record: g.record(), Info: in}
	r.Stderr = [2]string{}
	return json.Marshal(&r)
}

// Result is a game read back from a -results file.
type Result struct {
	Game Game
	Info Info
	Line int // its line in the file, from 1
}

// ReadResults reads a -results file named name (for errors: "name:line:
// what"). Blank lines are skipped. Lines written before the match info was
// added to them read with a zero Info.
func ReadResults(r io.Reader, name string) ([]Result, error) {
	var out []Result
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		var rl resultLine
		rl.Index = -1
		if err := json.Unmarshal([]byte(line), &rl); err != nil {
			var se *json.SyntaxError
			if errors.As(err, &se) {
				return nil, fmt.Errorf("%s:%d: column %d: %v", name, n, se.Offset, err)
			}
			return nil, fmt.Errorf("%s:%d: %v", name, n, err)
		}
		g := rl.game()
		if g.Ranks[0] < 0 || g.Ranks[1] < 0 {
			return nil, fmt.Errorf("%s:%d: ranks %v: want 0 (first) or more", name, n, g.Ranks)
		}
		out = append(out, Result{Game: g, Info: rl.Info, Line: n})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return out, nil
}

// ResultFile is one -results file read back.
type ResultFile struct {
	Name    string
	Results []Result
}

// ReportFromResults rebuilds the report of a match from its -results
// files, merged in the order given: in each file the games pair up by
// their index (2k and 2k+1, one seed with the sides swapped), and pairs
// count in file order, then index order. Every file must be of the same
// game and the same two players (an error names the first line that is
// not); a game without its pair is counted in Unpaired. With t, the SPRT's
// log-likelihood ratio and verdict are those of all the pairs. Parallel
// and Elapsed are unknown (0). Lines without an index (written before
// indexes were) pair in file order.
func ReportFromResults(files []ResultFile, t *stats.SPRT) (*Report, error) {
	rep := &Report{}
	var first *Result
	var firstFile string
	for _, f := range files {
		byIndex := map[int]*Game{}
		var order []int
		for i := range f.Results {
			res := &f.Results[i]
			if first == nil {
				first, firstFile = res, f.Name
			} else if res.Info.Game != first.Info.Game || res.Info.Players != first.Info.Players {
				return nil, fmt.Errorf("%s:%d: %s, %s vs %s; %s:%d was %s, %s vs %s: a report is of one game between two bots",
					f.Name, res.Line, orUnknown(res.Info.Game), res.Info.Players[0], res.Info.Players[1],
					firstFile, first.Line, orUnknown(first.Info.Game), first.Info.Players[0], first.Info.Players[1])
			}
			idx := res.Game.Index
			if idx < 0 {
				idx = i
			}
			if _, dup := byIndex[idx]; dup {
				return nil, fmt.Errorf("%s:%d: game %d is already on an earlier line", f.Name, res.Line, idx+1)
			}
			byIndex[idx] = &res.Game
			order = append(order, idx)
		}
		sort.Ints(order)
		for _, idx := range order {
			g := byIndex[idx]
			if idx%2 == 1 {
				if _, ok := byIndex[idx-1]; !ok {
					rep.Unpaired++
				}
				continue
			}
			other, ok := byIndex[idx+1]
			if !ok {
				rep.Unpaired++
				continue
			}
			rep.addPair(g, other)
		}
	}
	if first == nil {
		return nil, errors.New("no game in the results")
	}
	in := first.Info
	o := &rep.Options
	o.Game, o.TimeScale = in.Game, in.TimeScale
	for p := range o.Players {
		o.Players[p].Name = in.Players[p]
		if o.Players[p].Name == "" {
			o.Players[p].Name = fmt.Sprintf("p%d", p+1)
		}
	}
	if in.Rules != "" {
		if err := o.Rules.Set(in.Rules); err != nil {
			return nil, fmt.Errorf("%s:%d: rules: %w", firstFile, first.Line, err)
		}
	}
	o.Games = len(rep.Games)
	if t != nil {
		o.SPRT = t
		rep.LLR = t.LLR(rep.Penta)
		rep.Verdict = t.Decide(rep.LLR)
	}
	return rep, nil
}

func orUnknown(game string) string {
	if game == "" {
		return "game not given"
	}
	return game
}
