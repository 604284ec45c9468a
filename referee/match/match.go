package match

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"impulse/referee"
	"impulse/referee/stats"
	"impulse/sim"
)

// Player is one side of a match: a command started once per game that
// speaks the CodinGame protocol on stdin and stdout.
type Player struct {
	Name string   // the name in tables and replays
	Argv []string // the command and its arguments, run without a shell
}

// Options configures Run. Players[0] is p1, Players[1] p2.
type Options struct {
	Game    string // a game's short name (csb, fb) or full name
	Players [2]Player
	// Games is the number of games, rounded up to whole pairs: every seed
	// is played twice, p1 in seat 0 then in seat 1.
	Games int
	// Parallel is the number of games played at once (at least 1).
	Parallel int
	// Seeds are the pairs' seeds, in order; when there are more pairs than
	// seeds, the next seeds count on from the last one (so a single seed is
	// the first seed).
	Seeds []int64
	// Rules is the rule set: live (the game on CodinGame today, the zero
	// value) or published (the referee CodinGame published).
	Rules sim.Rules
	// TimeScale multiplies the time limits (1: CodinGame's own).
	TimeScale float64
	// ReplaysDir, when set, receives every game as a replay JSON file.
	ReplaysDir string
	// Results, when set, receives one JSON line per game as it finishes
	// (Game.MarshalResult: the game, its index and response-time sums,
	// and its match's Info; ReadResults reads them back).
	Results io.Writer
	// SPRT, when set, stops the match as soon as the test decides.
	SPRT *stats.SPRT
	// Progress, when set, receives progress: a bar redrawn in place when
	// ProgressTTY, else plain lines.
	Progress    io.Writer
	ProgressTTY bool
	// Runner, when set, plays the games instead of this process's
	// children (a queue's workers on other machines); Parallel is then
	// the runner's business. Everything else (results, replays, SPRT,
	// progress, report) is the same.
	Runner Runner
	// Earlier are the games of the runs that this one continues, whole
	// pairs in match order (ReportFromResults' Games): they count first,
	// in the table and the SPRT, and a match the SPRT has already decided
	// plays nothing. FirstIndex (even) numbers this run's games on from
	// theirs in Results and the report.
	Earlier    []Game
	FirstIndex int
}

// Game is the record of one finished game; the JSON form is one line
// of -results. Pairs of values are in the order p1, p2, whatever seat each
// had.
type Game struct {
	Seed    int64 `json:"seed"`
	Swapped bool  `json:"swapped"` // p1 sat in seat 1
	// Ranks: 0 is first; a draw has equal ranks.
	Ranks  [2]int     `json:"ranks"`
	Scores [2]float64 `json:"scores"`
	Turns  int        `json:"turns"`
	End    string     `json:"end"`
	// Culprit is the player (1 or 2) whose failure or elimination ended
	// the game, 0 for none.
	Culprit int `json:"culprit,omitempty"`
	// MS is each bot's mean and worst response time in milliseconds over
	// the turns after the first; FirstMS the first turn's.
	MS      [2][2]float64 `json:"ms"`
	FirstMS [2]float64    `json:"first_ms"`
	// Detail says more about a failure: the exit status, the invalid line.
	Detail string `json:"detail,omitempty"`
	Replay string `json:"replay,omitempty"`

	Index   int        `json:"-"` // the game's place in the match: pair 2·i and 2·i+1
	Stderr  [2]string  `json:"-"` // each bot's stderr (bounded)
	answers [2]int     // turns answered after the first
	total   [2]float64 // their summed response times, ms
	worst   [2]float64 // ms
	first   [2]bool    // whether the first turn was answered
	seats   [2]int     // seats[p] is player p's seat
	exits   [2]error   // by player: Wait's result
	// The first bot failure of the game, which ended it (the other bot
	// may fail after it, in the same round).
	failed      bool
	failPlayer  int
	failReason  string
	failCrashed bool
}

// Score returns p1's points: 1 for a win, ½ a draw, 0 a loss.
func (g *Game) Score() float64 {
	switch {
	case g.Ranks[0] < g.Ranks[1]:
		return 1
	case g.Ranks[0] > g.Ranks[1]:
		return 0
	}
	return 0.5
}

// Report is the outcome of a match.
type Report struct {
	Options Options
	// Games are the counted games, in match order: whole pairs only, and
	// with an SPRT, only the pairs up to its decision.
	Games    []Game
	Unpaired int // finished games left out because their pair did not finish
	Penta    stats.Pentanomial
	LLR      float64
	Verdict  stats.SPRTState
	Elapsed  time.Duration
	// Interrupted reports whether the match stopped early (context
	// cancelled) without an SPRT decision.
	Interrupted bool
}

// Run plays the match. Games run o.Parallel at a time; each bot is a
// process started for its game and killed, with its process group, when the
// game ends. It returns when every game has finished, the SPRT has decided,
// or ctx is cancelled (then the report holds the games finished so far and
// Interrupted is set). An error means the match could not be played.
func Run(ctx context.Context, o Options) (*Report, error) {
	start := time.Now()
	def, err := checkOptions(&o)
	if err != nil {
		return nil, err
	}
	if o.ReplaysDir != "" {
		if err := os.MkdirAll(o.ReplaysDir, 0o755); err != nil {
			return nil, err
		}
	}
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	pairs := (o.Games + 1) / 2
	t := newTally(&o, pairs)
	if t.rep.Verdict == stats.Continue { // else decided by the earlier games
		g, done := startGames(runCtx, def, &o, pairs)
		werr := t.collect(done, cancel)
		if err := g.Wait(); err != nil {
			return nil, err
		}
		if werr != nil {
			return nil, werr
		}
	}
	rep := t.close(ctx.Err() != nil)
	rep.Elapsed = time.Since(start)
	t.prog.finish(rep)
	return rep, nil
}

// lookupGame returns the game of a short or full name.
func lookupGame(name string) (*referee.Game, error) {
	def := referee.GameByName(name)
	if def == nil {
		return nil, fmt.Errorf("game %q: want one of %s", name, strings.Join(referee.GameNames(), ", "))
	}
	return def, nil
}

// checkOptions checks that the match o describes can be played and
// returns its game: the game and its rule set exist, each player has a
// command (found on PATH unless a runner plays), there is a game to play
// and a positive time scale. A Parallel below 1 becomes 1.
func checkOptions(o *Options) (*referee.Game, error) {
	def, err := lookupGame(o.Game)
	if err != nil {
		return nil, err
	}
	if _, _, err := def.New(o.Rules); err != nil {
		return nil, err
	}
	for i, p := range o.Players {
		if len(p.Argv) == 0 {
			return nil, fmt.Errorf("p%d: no command", i+1)
		}
		if o.Runner != nil {
			continue // found where the runner plays
		}
		if _, err := exec.LookPath(p.Argv[0]); err != nil {
			return nil, fmt.Errorf("p%d: %w", i+1, err)
		}
	}
	if o.Games < 1 {
		return nil, fmt.Errorf("%d games: want at least 1", o.Games)
	}
	if o.Parallel < 1 {
		o.Parallel = 1
	}
	if o.TimeScale <= 0 {
		return nil, fmt.Errorf("time scale %v: want > 0", o.TimeScale)
	}
	return def, nil
}

// startGames has o's runner (this process's children without one) play
// the match's 2·pairs games, each pair on its seed, and returns the group
// it plays in and the channel of the finished games, closed when the
// runner returns.
func startGames(ctx context.Context, def *referee.Game, o *Options, pairs int) (*errgroup.Group, <-chan Game) {
	runner := o.Runner
	if runner == nil {
		runner = localRunner{def}
	}
	seeds := PairSeeds(o.Seeds, pairs)
	games := make([]Spec, 2*pairs)
	for i := range games {
		games[i] = Spec{Index: i, Seed: seeds[i/2]}
	}
	g, gctx := errgroup.WithContext(ctx)
	done := make(chan Game)
	g.Go(func() error {
		defer close(done)
		return runner.Play(gctx, o, games, done)
	})
	return g, done
}

// tally counts a match's games as they finish: pairs count in match
// order, each once both its games have finished, until the SPRT decides.
type tally struct {
	o        *Options
	pairs    int
	rep      *Report
	info     Info
	prog     *progress
	finished []*Game // by index; nil until the game finishes
	next     int     // the pairs before it are counted
}

// newTally returns the tally of a match of 2·pairs games, the earlier
// runs' pairs counted.
func newTally(o *Options, pairs int) *tally {
	t := &tally{
		o: o, pairs: pairs, rep: &Report{Options: *o}, info: InfoOf(o),
		prog: newProgress(o, 2*pairs), finished: make([]*Game, 2*pairs),
	}
	for k := 0; k+1 < len(o.Earlier); k += 2 {
		t.rep.addPair(&o.Earlier[k], &o.Earlier[k+1])
	}
	if o.SPRT != nil && len(o.Earlier) > 1 {
		t.rep.LLR = o.SPRT.LLR(t.rep.Penta)
		t.rep.Verdict = o.SPRT.Decide(t.rep.LLR)
	}
	return t
}

// collect takes the finished games from done until it is closed: each
// goes to o.Results, its pair to the report when its turn has come, and
// the progress is updated. It calls cancel when the SPRT has decided or
// o.Results fails, and returns that write's error (the games are still
// counted).
func (t *tally) collect(done <-chan Game, cancel func()) error {
	var werr error
	for mg := range done {
		mg := mg
		slot := mg.Index
		if slot < 0 || slot >= len(t.finished) || t.finished[slot] != nil {
			continue // a runner's mistake; counted once
		}
		mg.Index += t.o.FirstIndex
		t.finished[slot] = &mg
		if t.o.Results != nil && werr == nil {
			line, _ := mg.MarshalResult(t.info)
			if _, err := t.o.Results.Write(append(line, '\n')); err != nil {
				werr = fmt.Errorf("results: %w", err)
				cancel()
			}
		}
		if t.countPairs() {
			cancel()
		}
		t.prog.update(t.rep, slot)
	}
	return werr
}

// countPairs counts the pairs, from the next in order, whose two games
// have finished, and reports whether the SPRT has decided on one of them.
func (t *tally) countPairs() bool {
	rep := t.rep
	for rep.Verdict == stats.Continue && t.next < t.pairs && t.pairDone(t.next) {
		rep.addPair(t.finished[2*t.next], t.finished[2*t.next+1])
		t.next++
		if t.o.SPRT != nil {
			rep.LLR = t.o.SPRT.LLR(rep.Penta)
			if rep.Verdict = t.o.SPRT.Decide(rep.LLR); rep.Verdict != stats.Continue {
				return true
			}
		}
	}
	return false
}

// pairDone reports whether both games of pair k have finished.
func (t *tally) pairDone(k int) bool {
	return t.finished[2*k] != nil && t.finished[2*k+1] != nil
}

// close completes the report once every game has stopped. Without an SPRT
// decision it counts the pairs that finished after one that did not and
// says whether the match was interrupted; it counts the finished games
// left out.
func (t *tally) close(interrupted bool) *Report {
	rep := t.rep
	if rep.Verdict == stats.Continue {
		for k := t.next; k < t.pairs; k++ {
			if t.pairDone(k) {
				rep.addPair(t.finished[2*k], t.finished[2*k+1])
				if t.o.SPRT != nil {
					rep.LLR = t.o.SPRT.LLR(rep.Penta)
				}
			}
		}
		rep.Interrupted = interrupted
	}
	rep.Unpaired = len(t.o.Earlier) - len(rep.Games)
	for _, f := range t.finished {
		if f != nil {
			rep.Unpaired++
		}
	}
	return rep
}

// addPair counts a pair: its games, and p1's points in the pentanomial.
func (r *Report) addPair(a, b *Game) {
	r.Games = append(r.Games, *a, *b)
	r.Penta.Add(a.Score(), b.Score())
}

// PairSeeds returns n seeds: the given ones, then counting on from the last
// (from 1 with none).
func PairSeeds(given []int64, n int) []int64 {
	out := make([]int64, n)
	next := int64(1)
	for i := range out {
		if i < len(given) {
			out[i] = given[i]
		} else {
			out[i] = next
		}
		next = out[i] + 1
	}
	return out
}
