package league

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"impulse/referee/match"
	"impulse/referee/stats"
)

// TestWriteText: the table has a line per player in the rows' order with
// its Elo, games, results, errors and timeouts, and the matrix a line per
// player with its points and Elo against each other.
func TestWriteText(t *testing.T) {
	l, _ := fourPlayers()
	l.s.Players[0].Stopped = true                                                            // d
	l.s.Players[1].Command = "./bots/b --depth 6 --weights weights/long-name-of-a-file.json" // b
	l.fail("a", "d", match.Crashed.String(), 2)
	l.s.Players = append(l.s.Players, Player{ID: "new", Name: "new", Version: 1, Command: "csb/baseline"})
	tab, err := Standings(&l.s)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := WriteText(&b, tab); err != nil {
		t.Fatal(err)
	}
	text := b.String()
	t.Logf("\n%s", text)
	if !strings.HasPrefix(text, "csb league, live rules: 5 players, 37 games; Elo relative to c") {
		t.Errorf("header: %q", strings.SplitN(text, "\n", 2)[0])
	}
	var order []string
	for x, r := range tab.Rows {
		line := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(strconv.Itoa(x+1)) + `\s+` + regexp.QuoteMeta(r.Player.ID) + `\s+.*$`).FindString(text)
		if line == "" {
			t.Errorf("no line for %s at rank %d", r.Player.ID, x+1)
			continue
		}
		order = append(order, r.Player.ID)
		n := r.Wins + r.Draws + r.Losses
		for _, want := range []string{r.Rating.Short(), " " + strconv.Itoa(n) + " ", strconv.Itoa(r.Wins) + "-" + strconv.Itoa(r.Draws) + "-" + strconv.Itoa(r.Losses)} {
			if !strings.Contains(line, want) {
				t.Errorf("%s's line %q lacks %q", r.Player.ID, line, want)
			}
		}
	}
	if got := strings.Join(order, " "); got != "a b c d new" {
		t.Errorf("lines in order %q, want a b c d new", got)
	}
	for _, want := range []string{
		"./bots/b --depth 6 --weights we…", // cut to commandWidth
		"stopped", "no games yet",
		"head to head",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("table lacks %q", want)
		}
	}
	d := regexp.MustCompile(`(?m)^\s*4\s+d\s+.*\s1\s+0\s+stopped$`).FindString(text)
	if d == "" {
		t.Errorf("d's line lacks 1 error, 0 timeouts, stopped")
	}
	ab := headToHeadCell(tab.HeadToHead[0][1], false)
	if !regexp.MustCompile(`(?m)^\s*1\s+a\s+-\s+` + regexp.QuoteMeta(ab) + `\s`).MatchString(text) {
		t.Errorf("the matrix's line of a does not start with -, %s", ab)
	}
}

// TestCompactElo: the matrix's Elo in each case EloEstimate.Short has.
func TestCompactElo(t *testing.T) {
	inf := math.Inf(1)
	tests := []struct {
		e    stats.EloEstimate
		want string
	}{
		{stats.EloEstimate{Elo: 150.6, Low: 70.2, High: 231, Margin: 80.4}, "+151±80"},
		{stats.EloEstimate{Elo: -0.2, Low: -50, High: 50, Margin: 50}, "+0±50"},
		{stats.EloEstimate{Elo: inf, Low: 420.3, High: inf, Margin: inf}, ">+420"},
		{stats.EloEstimate{Elo: -inf, Low: -inf, High: -310, Margin: inf}, "<-310"},
		{stats.EloEstimate{Elo: 380, Low: 250, High: inf, Margin: inf}, "+380(>+250)"},
		{stats.EloEstimate{Elo: -380, Low: -inf, High: -250, Margin: inf}, "-380(<-250)"},
		{stats.EloEstimate{Elo: 10, Low: -inf, High: inf, Margin: inf}, "+10(unbounded)"},
		{stats.EloEstimate{Elo: math.NaN()}, "n/a"},
	}
	for _, tt := range tests {
		if got := compactElo(tt.e); got != tt.want {
			t.Errorf("compactElo(%+v) = %q, want %q", tt.e, got, tt.want)
		}
	}
	for x, want := range map[float64]string{0: "0", 0.5: "½", 3: "3", 14.5: "14½"} {
		if got := halfPoints(x); got != want {
			t.Errorf("halfPoints(%v) = %q, want %q", x, got, want)
		}
	}
}

// ExampleWriteText rates three versions of a bot relative to the
// baseline from the games of a few pairs.
func ExampleWriteText() {
	s := &State{Game: "csb", Rules: "live", Anchor: "baseline"}
	for _, id := range []string{"baseline", "ga", "ga#2"} {
		s.Players = append(s.Players, Player{ID: id, Command: "csb/" + strings.TrimSuffix(id, "#2")})
	}
	s.Players[1].Stopped = true // ga#2 replaced it
	ranks := map[float64][2]int{1: {0, 1}, 0.5: {0, 0}, 0: {1, 0}}
	pairs := []struct {
		p1, p2 string
		scores [2]float64 // p1's
	}{
		{"ga", "baseline", [2]float64{1, 1}}, {"ga", "baseline", [2]float64{1, 0}},
		{"ga#2", "baseline", [2]float64{1, 1}}, {"ga#2", "baseline", [2]float64{1, 0.5}},
		{"ga#2", "ga", [2]float64{1, 0}}, {"ga#2", "ga", [2]float64{1, 0.5}},
	}
	for k, p := range pairs {
		for g, score := range p.scores {
			s.Games = append(s.Games, Record{
				Key: fmt.Sprintf("%d/%d", k, g), Pair: k, Players: [2]string{p.p1, p.p2},
				Game: match.Game{Seed: int64(k), Swapped: g == 1, Ranks: ranks[score], End: "race finished"},
			})
		}
	}
	t, err := Standings(s)
	if err != nil {
		fmt.Println(err)
		return
	}
	WriteText(os.Stdout, t)
	// Output:
	// csb league, live rules: 3 players, 12 games; Elo relative to baseline, with its 95% interval
	// #  player    command       Elo            games  W-D-L  errors  timeouts
	// 1  ga#2      csb/ga        +231.4 ±289.9  8      5-2-1  0       0
	// 2  ga        csb/ga        +154.6 ±276.2  8      4-1-3  0       0         stopped
	// 3  baseline  csb/baseline  +0.0 (anchor)  8      1-1-6  0       0
	// head to head: the row's points against the column out of their games, and its Elo over the column ± the margin of its 95% interval (* counted by games, its pairs incomplete)
	//                              1               2                 3
	//   1      ga#2                -    2½/4 +89±136  3½/4 +338(>+149)
	//   2        ga     1½/4 -89±136               -    3/4 +191(>-68)
	//   3  baseline  ½/4 -338(<-149)  1/4 -191(<+68)                 -
}
