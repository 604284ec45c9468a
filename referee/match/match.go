package match

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"impulse/referee"
	"impulse/referee/engine"
	"impulse/referee/replay"
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
	def := referee.GameByName(o.Game)
	if def == nil {
		return nil, fmt.Errorf("game %q: want one of %s", o.Game, strings.Join(referee.GameNames(), ", "))
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
	pairs := (o.Games + 1) / 2
	seeds := pairSeeds(o.Seeds, pairs)
	if o.ReplaysDir != "" {
		if err := os.MkdirAll(o.ReplaysDir, 0o755); err != nil {
			return nil, err
		}
	}

	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	runner := o.Runner
	if runner == nil {
		runner = localRunner{def}
	}
	games := make([]Spec, 2*pairs)
	for i := range games {
		games[i] = Spec{Index: i, Seed: seeds[i/2]}
	}
	g, gctx := errgroup.WithContext(runCtx)
	done := make(chan Game)
	g.Go(func() error {
		defer close(done)
		return runner.Play(gctx, &o, games, done)
	})

	rep := &Report{Options: o}
	info := InfoOf(&o)
	prog := newProgress(&o, 2*pairs)
	finished := make([]*Game, 2*pairs)
	nextPair := 0 // pairs before it are counted, in order
	var werr error
	for mg := range done {
		mg := mg
		if mg.Index < 0 || mg.Index >= len(finished) || finished[mg.Index] != nil {
			continue // a runner's mistake; counted once
		}
		finished[mg.Index] = &mg
		if o.Results != nil && werr == nil {
			line, _ := mg.MarshalResult(info)
			if _, err := o.Results.Write(append(line, '\n')); err != nil {
				werr = fmt.Errorf("results: %w", err)
				cancel()
			}
		}
		for rep.Verdict == stats.Continue && nextPair < pairs && finished[2*nextPair] != nil && finished[2*nextPair+1] != nil {
			rep.addPair(finished[2*nextPair], finished[2*nextPair+1])
			nextPair++
			if o.SPRT != nil {
				rep.LLR = o.SPRT.LLR(rep.Penta)
				if rep.Verdict = o.SPRT.Decide(rep.LLR); rep.Verdict != stats.Continue {
					cancel()
				}
			}
		}
		prog.update(rep, mg.Index)
	}
	if err := g.Wait(); err != nil {
		return nil, err
	}
	if werr != nil {
		return nil, werr
	}
	if rep.Verdict == stats.Continue {
		// Pairs that finished after one that did not (an interrupted run).
		for k := nextPair; k < pairs; k++ {
			if finished[2*k] != nil && finished[2*k+1] != nil {
				rep.addPair(finished[2*k], finished[2*k+1])
				if o.SPRT != nil {
					rep.LLR = o.SPRT.LLR(rep.Penta)
				}
			}
		}
		rep.Interrupted = ctx.Err() != nil
	}
	counted := len(rep.Games)
	for _, f := range finished {
		if f != nil {
			counted--
		}
	}
	rep.Unpaired = -counted
	rep.Elapsed = time.Since(start)
	prog.finish(rep)
	return rep, nil
}

func (r *Report) addPair(a, b *Game) {
	r.Games = append(r.Games, *a, *b)
	r.Penta.Add(a.Score(), b.Score())
}

// pairSeeds returns n seeds: the given ones, then counting on from the last
// (from 1 with none).
func pairSeeds(given []int64, n int) []int64 {
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

// PlayGame plays game index of the match o describes (pair index/2, p1 in
// seat 1 when index is odd) on seed, in this process's children, as Run
// does: the players' processes, time limits and replay (o.ReplaysDir)
// alike. A queue's worker plays its games with it. The error says the
// game could not be played (a bot that does not start, say); a bot that
// fails in the game loses it.
func PlayGame(ctx context.Context, o *Options, index int, seed int64) (Game, error) {
	def := referee.GameByName(o.Game)
	if def == nil {
		return Game{Index: index, Seed: seed}, fmt.Errorf("game %q: want one of %s", o.Game, strings.Join(referee.GameNames(), ", "))
	}
	if o.TimeScale <= 0 {
		return Game{Index: index, Seed: seed}, fmt.Errorf("time scale %v: want > 0", o.TimeScale)
	}
	return playGame(ctx, def, o, index, seed)
}

// playGame plays game index of the match (pair index/2, p1 in seat 1 when
// index is odd) on seed.
func playGame(ctx context.Context, def *referee.Game, o *Options, index int, seed int64) (Game, error) {
	mg := Game{Index: index, Seed: seed, Swapped: index%2 == 1}
	var players [2]int // players[seat] is the player (0 = p1) in seat
	for p := range mg.seats {
		mg.seats[p] = p
		if mg.Swapped {
			mg.seats[p] = 1 - p
		}
		players[mg.seats[p]] = p
	}
	game, variant, err := def.New(o.Rules)
	if err != nil {
		return mg, err
	}
	initLines := []string{fmt.Sprintf("seed=%d", seed)}
	h, err := engine.NewHost(game, variant, 2, initLines)
	if err != nil {
		return mg, err
	}
	var bots [2]*bot // by seat
	stopBots := func() {
		for seat, b := range bots {
			if b != nil {
				mg.exits[players[seat]] = b.stop()
				mg.Stderr[players[seat]] = b.stderr.all()
				bots[seat] = nil
			}
		}
	}
	defer stopBots()
	for seat := range bots {
		b, err := startBot(o.Players[players[seat]].Argv)
		if err != nil {
			return mg, fmt.Errorf("p%d: %w", players[seat]+1, err)
		}
		bots[seat] = b
	}
	running := bots
	stopInterrupt := context.AfterFunc(ctx, func() {
		for _, b := range running {
			b.interrupt()
		}
	})
	defer stopInterrupt()

	f := h.GameInfo()
	frames := []replay.Frame{replay.NewFrame(&f, &f, 0)}
	tooltips := []replay.Tooltip{}
	for _, t := range f.Tooltips {
		tooltips = append(tooltips, replay.NewTooltip(0, t.Message, t.Player))
	}
	for f.End == nil {
		seat := f.Player
		p := players[seat]
		limit := time.Duration(float64(f.TimeLimitMillis) * o.TimeScale * float64(time.Millisecond))
		firstTurn := h.Round() == 0
		lines, took, fail := bots[seat].turn(f.Input, f.ExpectedLines, limit)
		if ctx.Err() != nil {
			return mg, ctx.Err()
		}
		var stdout *string
		if fail == NoFailure {
			ms := float64(took) / float64(time.Millisecond)
			if firstTurn {
				mg.FirstMS[p], mg.first[p] = ms, true
			} else {
				mg.answers[p]++
				mg.total[p] += ms
				if ms > mg.worst[p] {
					mg.worst[p] = ms
				}
			}
			s := replay.Block(lines)
			stdout = &s
			h.SetOutput(lines)
		} else {
			mg.fail(p, fail.String(), "", fail == Crashed)
			h.SetTimeout()
		}
		next := h.GameInfo()
		rf := replay.NewFrame(&next, &f, len(frames))
		rf.Stdout = stdout
		errText := bots[seat].stderr.take()
		rf.Stderr = &errText
		if inv := next.Invalid; inv != nil {
			mg.fail(players[inv.Player], "invalid output", inv.Message, false)
		}
		for _, t := range next.Tooltips {
			tooltips = append(tooltips, replay.NewTooltip(len(frames), t.Message, t.Player))
		}
		frames = append(frames, rf)
		f = next
	}
	stopInterrupt()
	stopBots()
	for _, fr := range frames {
		if fr.Keyframe {
			mg.Turns++
		}
	}
	mg.Turns--
	scores := make([]float64, 2)
	for seat, s := range f.End.Scores {
		scores[seat] = float64(s)
	}
	ranks := replay.Ranks(scores)
	for p := 0; p < 2; p++ {
		mg.Scores[p], mg.Ranks[p] = scores[mg.seats[p]], ranks[mg.seats[p]]
		if mg.answers[p] > 0 {
			mg.MS[p] = [2]float64{round2(mg.total[p] / float64(mg.answers[p])), round2(mg.worst[p])}
		}
		mg.FirstMS[p] = round2(mg.FirstMS[p])
	}
	mg.End, mg.Culprit = endReason(def, f.End.Reason, &mg)

	if o.ReplaysDir != "" {
		r := &replay.Replay{
			RefereeInput: strings.Join(initLines, "\n"),
			Engine:       o.Rules.EngineKey(),
			GameResult: replay.GameResult{
				GameID:       int64(index + 1),
				RefereeInput: f.End.RefereeInput,
				Frames:       frames,
				Scores:       scores,
				Ranks:        ranks,
				Tooltips:     tooltips,
			},
		}
		for seat := 0; seat < 2; seat++ {
			r.GameResult.Agents = append(r.GameResult.Agents, replay.Agent{
				Index: seat, AgentID: int64(seat),
				Codingamer: &replay.Codingamer{Pseudo: o.Players[players[seat]].Name},
			})
		}
		name := fmt.Sprintf("%s-%04d-seed%d", def.Short, index+1, seed)
		if mg.Swapped {
			name += "-swapped"
		}
		path := filepath.Join(o.ReplaysDir, name+".json")
		data, err := json.Marshal(r)
		if err != nil {
			return mg, err
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return mg, err
		}
		mg.Replay = path
	}
	return mg, nil
}

func round2(x float64) float64 { return float64(int64(x*100+0.5)) / 100 }

// fail records player p's failure, unless one came before; crashed says
// that the bot closed its output (its exit status is the detail).
func (mg *Game) fail(p int, reason, detail string, crashed bool) {
	if !mg.failed {
		mg.failed, mg.failPlayer, mg.failReason, mg.Detail, mg.failCrashed = true, p, reason, detail, crashed
	}
}

// endReason names how the game ended and whose fault it was (player 1 or
// 2, 0 for nobody): the first bot failure, else the game's reason.
func endReason(def *referee.Game, code string, mg *Game) (string, int) {
	if mg.failed {
		if mg.failCrashed && mg.exits[mg.failPlayer] != nil {
			mg.Detail = fmt.Sprintf("p%d: %v", mg.failPlayer+1, mg.exits[mg.failPlayer])
		}
		return mg.failReason, mg.failPlayer + 1
	}
	culprit := 0
	if code == "" {
		switch {
		case mg.Ranks[0] > mg.Ranks[1]:
			culprit = 1
		case mg.Ranks[1] > mg.Ranks[0]:
			culprit = 2
		}
	}
	if name, ok := def.EndReasons[code]; ok {
		return name, culprit
	}
	switch code {
	case "endReached":
		return "game finished", 0
	case "maxRoundsCountReached":
		return "max rounds", 0
	case "":
		return "eliminated", culprit
	}
	return code, culprit
}
