package league

import (
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
	"text/tabwriter"

	"impulse/referee/stats"
)

// commandWidth is the most runes of a player's command the text table
// prints; a longer one is cut with "…".
const commandWidth = 32

// WriteText prints the table as show does in the terminal: what was
// played (writeTableHeader), a line per player (writeRows), then the head
// to head matrix (writeHeadToHead).
func WriteText(w io.Writer, t *Table) error {
	var b strings.Builder
	writeTableHeader(&b, t)
	writeRows(&b, t)
	writeHeadToHead(&b, t)
	_, err := io.WriteString(w, trimLines(b.String()))
	return err
}

// trimLines removes the spaces that end text's lines (the padding of a
// last column left empty).
func trimLines(text string) string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	return strings.Join(lines, "\n")
}

// writeTableHeader writes the game, the rules, the players and games
// counted, and the anchor.
func writeTableHeader(b *strings.Builder, t *Table) {
	fmt.Fprintf(b, "%s league, %s rules: %d players, %d games; Elo relative to %s, with its 95%% interval\n",
		t.Game, t.Rules, len(t.Rows), t.Games, t.Anchor)
}

// writeRows writes each player's rank, ID, command, Elo, games, wins,
// draws and losses, errors and timeouts, and whether it is stopped or
// unrated.
func writeRows(b *strings.Builder, t *Table) {
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "#\tplayer\tcommand\tElo\tgames\tW-D-L\terrors\ttimeouts\t")
	for x, r := range t.Rows {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%d\t%d-%d-%d\t%d\t%d\t%s\n", x+1, r.Player.ID, shortCommand(r.Player.Command),
			r.Rating.Short(), r.Wins+r.Draws+r.Losses, r.Wins, r.Draws, r.Losses, r.Errors, r.Timeouts, rowNote(r))
	}
	tw.Flush()
}

// rowNote says what the row's numbers do not: a player stopped, one the
// games do not rate and why.
func rowNote(r Row) string {
	var notes []string
	if r.Player.Stopped {
		notes = append(notes, "stopped")
	}
	switch r.Rating.Status {
	case stats.NoGames:
		notes = append(notes, "no games yet")
	case stats.Unlinked:
		notes = append(notes, "unlinked: its games do not place it relative to the anchor")
	}
	return strings.Join(notes, "; ")
}

// shortCommand returns command, cut to commandWidth runes.
func shortCommand(command string) string {
	r := []rune(command)
	if len(r) <= commandWidth {
		return command
	}
	return string(r[:commandWidth-1]) + "…"
}

// writeHeadToHead writes the matrix of the players' games against each
// other: the row's points out of their games and its Elo over the column,
// the columns numbered by rank.
func writeHeadToHead(b *strings.Builder, t *Table) {
	if len(t.Rows) < 2 {
		return
	}
	b.WriteString("head to head: the row's points against the column out of their games, and its Elo over the column ± the margin of its 95% interval (* counted by games, its pairs incomplete)\n")
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
	tw.Write([]byte("\t"))
	for x := range t.Rows {
		fmt.Fprintf(tw, "\t%d", x+1)
	}
	tw.Write([]byte("\t\n"))
	for x, r := range t.Rows {
		fmt.Fprintf(tw, "%d\t%s", x+1, r.Player.ID)
		for y := range t.Rows {
			fmt.Fprintf(tw, "\t%s", headToHeadCell(t.HeadToHead[x][y], x == y))
		}
		tw.Write([]byte("\t\n"))
	}
	tw.Flush()
}

// headToHeadCell is one cell of the matrix: "14½/20 +151±80", "-" for no
// games or the diagonal.
func headToHeadCell(h HeadToHead, diagonal bool) string {
	if diagonal || h.Games == 0 {
		return "-"
	}
	s := fmt.Sprintf("%s/%d %s", halfPoints(h.Points), h.Games, compactElo(h.Elo))
	if !h.Paired {
		s += "*"
	}
	return s
}

// halfPoints writes points, a multiple of ½: "14½", "½", "3".
func halfPoints(x float64) string {
	whole, frac := math.Modf(x)
	switch {
	case frac == 0:
		return fmt.Sprint(whole)
	case whole == 0:
		return "½"
	}
	return fmt.Sprintf("%v½", whole)
}

// compactElo is EloEstimate.Short in whole Elo and without spaces:
// "+151±80", ">+420", "<-310", "+380(>+250)", "n/a".
func compactElo(e stats.EloEstimate) string {
	s := tenths.ReplaceAllStringFunc(e.Short(), func(x string) string {
		v, _ := strconv.ParseFloat(x, 64)
		if x[0] != '+' && x[0] != '-' {
			return fmt.Sprintf("%.0f", v) // a margin
		}
		return wholeElo(v)
	})
	return strings.ReplaceAll(s, " ", "")
}

// tenths matches the numbers Short writes.
var tenths = regexp.MustCompile(`[+-]?\d+\.\d`)

// wholeElo writes a finite Elo rounded, with its sign, never "-0".
func wholeElo(x float64) string {
	if math.Abs(x) < 0.5 {
		x = 0
	}
	return fmt.Sprintf("%+.0f", x)
}
