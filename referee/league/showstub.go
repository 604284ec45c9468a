package league

import (
	"fmt"
	"io"

	"impulse/referee/stats"
)

// Standings rates the league's counted games (a stub until the table's
// own code is merged).
func Standings(s *State) (*Table, error) {
	t := &Table{Game: s.Game, Rules: s.Rules, Anchor: s.Anchor, Games: len(s.Games)}
	index := map[string]int{}
	anchor := 0
	for _, p := range s.Players {
		if p.Removed {
			continue
		}
		if p.ID == s.Anchor {
			anchor = len(t.Rows)
		}
		index[p.ID] = len(t.Rows)
		t.Rows = append(t.Rows, Row{Player: p})
	}
	if len(t.Rows) == 0 {
		return t, nil
	}
	var results []stats.Result
	for _, r := range s.Games {
		a, okA := index[r.Players[0]]
		b, okB := index[r.Players[1]]
		if okA && okB && a != b {
			results = append(results, stats.Result{A: a, B: b, Score: r.Game.Score()})
		}
	}
	ratings, err := stats.BradleyTerry(len(t.Rows), anchor, results)
	if err != nil {
		return nil, err
	}
	for i := range t.Rows {
		t.Rows[i].Rating = ratings[i]
	}
	return t, nil
}

// WriteText prints the table (a stub).
func WriteText(w io.Writer, t *Table) error {
	fmt.Fprintf(w, "%s league, %s rules, %d games, anchor %s\n", t.Game, t.Rules, t.Games, t.Anchor)
	for _, r := range t.Rows {
		fmt.Fprintf(w, "  %-24s %s (%d games)\n", r.Player.ID, r.Rating.Short(), r.Rating.Games)
	}
	return nil
}

// WritePage writes the page (a stub).
func WritePage(w io.Writer, t *Table) error {
	_, err := fmt.Fprintf(w, "<!doctype html><title>league</title><pre>%d games</pre>\n", t.Games)
	return err
}
