package match

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"text/tabwriter"

	"impulse/referee/stats"
)

// wdl returns player p's wins, draws and losses over the counted games.
func (r *Report) wdl(p int) (w, d, l int) {
	for i := range r.Games {
		switch s := r.Games[i].Score(); {
		case s == 0.5:
			d++
		case (s == 1) == (p == 0):
			w++
		default:
			l++
		}
	}
	return w, d, l
}

// WriteReport prints the result table of a match: the header (writeHeader),
// the results, by seat, the Elo (writeResults), the response times
// (writeTimes), the end reasons and the failures (writeEnds), the SPRT
// (writeSPRT) and where the replays are.
func WriteReport(w io.Writer, r *Report) error {
	o := &r.Options
	var b strings.Builder
	writeHeader(&b, r)
	writeResults(&b, r)
	writeTimes(&b, r)
	writeEnds(&b, r)
	writeSPRT(&b, r)
	if o.ReplaysDir != "" {
		fmt.Fprintf(&b, "replays: %s (referee view, referee diff %s)\n", o.ReplaysDir, o.ReplaysDir)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// names returns the players' names, p1's first.
func (r *Report) names() [2]string {
	return [2]string{r.Options.Players[0].Name, r.Options.Players[1].Name}
}

// writeSPRT writes the SPRT's setting, its LLR and its verdict, when the
// match has one.
func writeSPRT(b *strings.Builder, r *Report) {
	t := r.Options.SPRT
	if t == nil {
		return
	}
	lo, hi := t.Bounds()
	model := "logistic"
	if t.Model == stats.Normalized {
		model = "normalized"
	}
	verdict := "no decision yet"
	if r.Verdict != stats.Continue {
		verdict = fmt.Sprintf("%s after %d pairs", r.Verdict, r.Penta.Pairs())
	}
	fmt.Fprintf(b, "SPRT elo0 %g elo1 %g (%s) alpha %g beta %g: LLR %.2f (%.2f, %.2f): %s\n",
		t.Elo0, t.Elo1, model, t.Alpha, t.Beta, r.LLR, lo, hi, verdict)
}

// writeHeader writes what was played: the game, the players, the rules,
// the games and their seeds, who played them, the time scale and how long
// it took; then whether the match was interrupted and the games it left
// out.
func writeHeader(b *strings.Builder, r *Report) {
	o := &r.Options
	names := r.names()
	fmt.Fprintf(b, "%s: %s vs %s, %s rules, %d games (%d pairs%s)", o.Game, names[0], names[1], o.Rules, len(r.Games), r.Penta.Pairs(), seedRange(r))
	switch {
	case o.Runner != nil: // the games' parallelism is the runner's (a queue's workers)
		b.WriteString(", played by a runner (" + runnerName(o.Runner) + ")")
	case o.Parallel > 0: // 0: rebuilt from -results, unknown
		fmt.Fprintf(b, ", %d at a time", o.Parallel)
	}
	fmt.Fprintf(b, ", time x%g", o.TimeScale)
	if r.Elapsed > 0 {
		fmt.Fprintf(b, ", %.1f s", r.Elapsed.Seconds())
	}
	b.WriteString("\n")
	if r.Interrupted {
		b.WriteString("interrupted: only whole pairs finished so far are counted\n")
	}
	if r.Unpaired > 0 {
		fmt.Fprintf(b, "%d finished games not counted (their pair did not finish, or finished after the SPRT decided)\n", r.Unpaired)
	}
}

// writeResults writes each player's wins, draws, losses, win rate and
// score; p1's results by seat; the Elo and the pairs by p1's points.
func writeResults(b *strings.Builder, r *Report) {
	names := r.names()
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "\twins\tdraws\tlosses\twin rate\tscore\t")
	n := len(r.Games)
	for p := 0; p < 2; p++ {
		wins, draws, losses := r.wdl(p)
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%s\t%s\t\n", names[p], wins, draws, losses,
			percent(float64(wins), n), percent(float64(wins)+float64(draws)/2, n))
	}
	tw.Flush()
	if n > 0 {
		seat := r.wdlBySeat()
		fmt.Fprintf(b, "%s by seat (wins-draws-losses): first %d-%d-%d, second %d-%d-%d\n", names[0],
			seat[0][0], seat[0][1], seat[0][2], seat[1][0], seat[1][1], seat[1][2])
	}
	if pairs := r.Penta.Pairs(); pairs > 0 {
		fmt.Fprintf(b, "Elo of %s: %s, LOS %.1f%%, from %d pairs\n", names[0], r.Penta.Elo(), 100*r.Penta.LOS(), pairs)
		fmt.Fprintf(b, "pairs by %s's points (0 ½ 1 1½ 2): %d %d %d %d %d\n", names[0], r.Penta[0], r.Penta[1], r.Penta[2], r.Penta[3], r.Penta[4])
	}
}

// wdlBySeat returns p1's wins, draws and losses by p1's seat.
func (r *Report) wdlBySeat() [2][3]int {
	var seat [2][3]int
	for i := range r.Games {
		g := &r.Games[i]
		k := 0
		if g.Swapped {
			k = 1
		}
		switch s := g.Score(); {
		case s == 1:
			seat[k][0]++
		case s == 0.5:
			seat[k][1]++
		default:
			seat[k][2]++
		}
	}
	return seat
}

// writeTimes writes each player's mean and worst response time, over the
// turns after the first and over the first turns.
func writeTimes(b *strings.Builder, r *Report) {
	names := r.names()
	tw := tabwriter.NewWriter(b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "response time (ms)\tmean\tworst\tfirst turn: mean\tworst\t")
	for p := 0; p < 2; p++ {
		var sum, worst, firstSum, firstWorst float64
		var answers, firsts int
		for i := range r.Games {
			g := &r.Games[i]
			sum += g.total[p]
			answers += g.answers[p]
			worst = math.Max(worst, g.worst[p])
			if g.first[p] {
				firsts++
				firstSum += g.FirstMS[p]
				firstWorst = math.Max(firstWorst, g.FirstMS[p])
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%.1f\t%s\t%.1f\t\n", names[p], mean(sum, answers), worst, mean(firstSum, firsts), firstWorst)
	}
	tw.Flush()
}

// writeEnds writes the end reasons with their culprits, a hint when bots
// timed out, and the first three games a bot lost by its own failure, with
// the end of its stderr.
func writeEnds(b *strings.Builder, r *Report) {
	b.WriteString("end reasons: " + endSummary(r) + "\n")
	timeouts := 0
	for i := range r.Games {
		if r.Games[i].TimedOut() {
			timeouts++
		}
	}
	if timeouts > 0 {
		fmt.Fprintf(b, "  %d timeouts: on a busy machine a bot can miss its limit waiting for a core; if the worst times above look like that, try fewer games at once (-j) or a larger -time-scale (now %g)\n", timeouts, r.Options.TimeScale)
	}
	names := r.names()
	shown := 0
	for i := range r.Games {
		g := &r.Games[i]
		if !g.Failed() || shown == 3 {
			continue
		}
		shown++
		p := g.Culprit - 1
		fmt.Fprintf(b, "  game %d (seed %d%s): %s %s", g.Index+1, g.Seed, swappedNote(g), names[p], g.End)
		if g.Detail != "" {
			fmt.Fprintf(b, ": %s", g.Detail)
		}
		if tail := lastLines(g.Stderr[p], 3); tail != "" {
			fmt.Fprintf(b, "; its stderr ends:\n%s", indentLines(tail, "    "))
		}
		b.WriteString("\n")
	}
}

// Failed reports whether the game ended on its Culprit's own failure: a
// crash, an answer late or its input not read in time, an invalid answer;
// not an elimination by the rules (CSB's checkpoint timeout).
func (g *Game) Failed() bool {
	return g.Culprit != 0 && g.End != "checkpoint timeout" && g.End != "eliminated"
}

// TimedOut reports whether the game ended on its Culprit's failure to
// answer in time (Late or NotReading).
func (g *Game) TimedOut() bool {
	return g.Failed() && strings.HasPrefix(g.End, "timeout")
}

// runnerName names a runner in the table: its String method, else its
// type.
func runnerName(r Runner) string {
	if s, ok := r.(fmt.Stringer); ok {
		return s.String()
	}
	return fmt.Sprintf("%T", r)
}

func seedRange(r *Report) string {
	if len(r.Games) == 0 {
		return ""
	}
	lo, hi := r.Games[0].Seed, r.Games[0].Seed
	for i := range r.Games {
		s := r.Games[i].Seed
		if s < lo {
			lo = s
		}
		if s > hi {
			hi = s
		}
	}
	if int(hi-lo+1) == len(r.Games)/2 {
		return fmt.Sprintf(", seeds %d..%d", lo, hi)
	}
	return ""
}

func swappedNote(g *Game) string {
	if g.Swapped {
		return ", swapped"
	}
	return ""
}

func percent(x float64, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*x/float64(n))
}

func mean(sum float64, n int) string {
	if n == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", sum/float64(n))
}

// endSummary counts the end reasons, naming the culprits.
func endSummary(r *Report) string {
	type count struct {
		n   int
		who [2]int
	}
	counts := map[string]*count{}
	for i := range r.Games {
		g := &r.Games[i]
		c := counts[g.End]
		if c == nil {
			c = &count{}
			counts[g.End] = c
		}
		c.n++
		if g.Culprit > 0 {
			c.who[g.Culprit-1]++
		}
	}
	var keys []string
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if counts[keys[i]].n != counts[keys[j]].n {
			return counts[keys[i]].n > counts[keys[j]].n
		}
		return keys[i] < keys[j]
	})
	var parts []string
	for _, k := range keys {
		c := counts[k]
		s := fmt.Sprintf("%s %d", k, c.n)
		var who []string
		for p, m := range c.who {
			if m > 0 {
				who = append(who, fmt.Sprintf("%s %d", r.Options.Players[p].Name, m))
			}
		}
		if len(who) > 0 {
			s += " (" + strings.Join(who, ", ") + ")"
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.TrimSpace(strings.Join(lines, "\n"))
}

func indentLines(s, prefix string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return strings.Join(lines, "\n")
}
