package match

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"impulse/referee"
	"impulse/referee/engine"
	"impulse/referee/replay"
)

// PlayGame plays game index of the match o describes (pair index/2, p1 in
// seat 1 when index is odd) on seed, in this process's children, as Run
// does: the players' processes, time limits and replay (o.ReplaysDir)
// alike. A queue's worker plays its games with it. The error says the
// game could not be played (a bot that does not start, say); a bot that
// fails in the game loses it.
func PlayGame(ctx context.Context, o *Options, index int, seed int64) (Game, error) {
	def, err := lookupGame(o.Game)
	if err != nil {
		return Game{Index: index, Seed: seed}, err
	}
	if o.TimeScale <= 0 {
		return Game{Index: index, Seed: seed}, fmt.Errorf("time scale %v: want > 0", o.TimeScale)
	}
	return playGame(ctx, def, o, index, seed)
}

// playGame plays game index of the match (pair index/2, p1 in seat 1 when
// index is odd) on seed: it seats the players, starts their bots, plays
// the turns, stops the bots, fills in the record (finish) and writes the
// replay.
func playGame(ctx context.Context, def *referee.Game, o *Options, index int, seed int64) (Game, error) {
	mg := Game{Index: index, Seed: seed, Swapped: index%2 == 1}
	p := &play{o: o, mg: &mg, initLines: []string{fmt.Sprintf("seed=%d", seed)}}
	p.seat()
	game, variant, err := def.New(o.Rules)
	if err != nil {
		return mg, err
	}
	if p.h, err = engine.NewHost(game, variant, 2, p.initLines); err != nil {
		return mg, err
	}
	defer p.stopBots()
	if err := p.startBots(); err != nil {
		return mg, err
	}
	running := p.bots
	stopInterrupt := context.AfterFunc(ctx, func() {
		for _, b := range running {
			b.interrupt()
		}
	})
	defer stopInterrupt()
	end, err := p.playTurns(ctx)
	if err != nil {
		return mg, err
	}
	stopInterrupt()
	p.stopBots()
	scores, ranks := mg.finish(def, p.frames, end)
	if o.ReplaysDir != "" {
		if mg.Replay, err = p.writeReplay(def, end, scores, ranks); err != nil {
			return mg, err
		}
	}
	return mg, nil
}

// play is one game being played: its host, its bots and the replay's
// frames and tooltips so far.
type play struct {
	o         *Options
	mg        *Game
	initLines []string // the host's init lines (the seed)
	h         *engine.Host
	players   [2]int  // players[seat] is the player (0 = p1) in seat
	bots      [2]*bot // by seat; nil before the start and after the stop
	frames    []replay.Frame
	tooltips  []replay.Tooltip
}

// seat gives each player its seat: p1 in seat 0, in seat 1 when the game
// is swapped.
func (p *play) seat() {
	for pl := range p.mg.seats {
		p.mg.seats[pl] = pl
		if p.mg.Swapped {
			p.mg.seats[pl] = 1 - pl
		}
		p.players[p.mg.seats[pl]] = pl
	}
}

// startBots starts each seat's bot; the error names the player whose bot
// did not start.
func (p *play) startBots() error {
	for seat := range p.bots {
		b, err := startBot(p.o.Players[p.players[seat]].Argv)
		if err != nil {
			return fmt.Errorf("p%d: %w", p.players[seat]+1, err)
		}
		p.bots[seat] = b
	}
	return nil
}

// stopBots stops the bots still running, keeping each one's exit status
// and stderr in the record.
func (p *play) stopBots() {
	for seat, b := range p.bots {
		if b != nil {
			p.mg.exits[p.players[seat]] = b.stop()
			p.mg.Stderr[p.players[seat]] = b.stderr.all()
			p.bots[seat] = nil
		}
	}
}

// playTurns plays the game from the host's first frame to its last, which
// it returns the end of; each frame goes to the replay. The error is ctx's,
// when it is done during a turn.
func (p *play) playTurns(ctx context.Context) (*engine.End, error) {
	f := p.h.GameInfo()
	p.frames = []replay.Frame{replay.NewFrame(&f, &f, 0)}
	p.tooltips = []replay.Tooltip{}
	p.addTooltips(0, f.Tooltips)
	for f.End == nil {
		next, err := p.turn(ctx, &f)
		if err != nil {
			return nil, err
		}
		f = next
	}
	return f.End, nil
}

// turn asks the bot that request (a frame of the host) names for its
// answer within the time limit, gives the answer (or the failure) to the
// host and returns the host's next frame, which goes to the replay with
// the bot's output. A failure, or an answer the host finds invalid, goes
// in the record.
func (p *play) turn(ctx context.Context, request *engine.Frame) (engine.Frame, error) {
	seat := request.Player
	pl := p.players[seat]
	limit := time.Duration(float64(request.TimeLimitMillis) * p.o.TimeScale * float64(time.Millisecond))
	firstTurn := p.h.Round() == 0
	lines, took, fail := p.bots[seat].turn(request.Input, request.ExpectedLines, limit)
	if ctx.Err() != nil {
		return engine.Frame{}, ctx.Err()
	}
	var stdout *string
	if fail == NoFailure {
		p.mg.addResponse(pl, firstTurn, took)
		s := replay.Block(lines)
		stdout = &s
		p.h.SetOutput(lines)
	} else {
		p.mg.fail(pl, fail.String(), "", fail == Crashed)
		p.h.SetTimeout()
	}
	next := p.h.GameInfo()
	if inv := next.Invalid; inv != nil {
		p.mg.fail(p.players[inv.Player], "invalid output", inv.Message, false)
	}
	rf := replay.NewFrame(&next, request, len(p.frames))
	rf.Stdout = stdout
	errText := p.bots[seat].stderr.take()
	rf.Stderr = &errText
	p.addTooltips(len(p.frames), next.Tooltips)
	p.frames = append(p.frames, rf)
	return next, nil
}

// addTooltips adds the host's tooltips to the replay, at frame k.
func (p *play) addTooltips(k int, tips []engine.Tooltip) {
	for _, t := range tips {
		p.tooltips = append(p.tooltips, replay.NewTooltip(k, t.Message, t.Player))
	}
}

// addResponse counts one answer of player p that took took: the first
// turn's apart, the others into the mean and the worst.
func (mg *Game) addResponse(p int, firstTurn bool, took time.Duration) {
	ms := float64(took) / float64(time.Millisecond)
	if firstTurn {
		mg.FirstMS[p], mg.first[p] = ms, true
		return
	}
	mg.answers[p]++
	mg.total[p] += ms
	if ms > mg.worst[p] {
		mg.worst[p] = ms
	}
}

// finish fills in the record of a game that ended with end after frames:
// its turns, scores, ranks, response times and end reason. It returns the
// scores and ranks by seat, as the replay writes them.
func (mg *Game) finish(def *referee.Game, frames []replay.Frame, end *engine.End) (scores []float64, ranks []int) {
	for _, fr := range frames {
		if fr.Keyframe {
			mg.Turns++
		}
	}
	mg.Turns--
	scores = make([]float64, 2)
	for seat, s := range end.Scores {
		scores[seat] = float64(s)
	}
	ranks = replay.Ranks(scores)
	for p := 0; p < 2; p++ {
		mg.Scores[p], mg.Ranks[p] = scores[mg.seats[p]], ranks[mg.seats[p]]
		if mg.answers[p] > 0 {
			mg.MS[p] = [2]float64{round2(mg.total[p] / float64(mg.answers[p])), round2(mg.worst[p])}
		}
		mg.FirstMS[p] = round2(mg.FirstMS[p])
	}
	mg.End, mg.Culprit = endReason(def, end.Reason, mg)
	return scores, ranks
}

// writeReplay writes the finished game to o.ReplaysDir as a replay JSON
// file (CodinGame's format, the players' names as the agents') and returns
// its path.
func (p *play) writeReplay(def *referee.Game, end *engine.End, scores []float64, ranks []int) (string, error) {
	r := &replay.Replay{
		RefereeInput: strings.Join(p.initLines, "\n"),
		Engine:       p.o.Rules.EngineKey(),
		GameResult: replay.GameResult{
			GameID:       int64(p.mg.Index + 1),
			RefereeInput: end.RefereeInput,
			Frames:       p.frames,
			Scores:       scores,
			Ranks:        ranks,
			Tooltips:     p.tooltips,
		},
	}
	for seat := 0; seat < 2; seat++ {
		r.GameResult.Agents = append(r.GameResult.Agents, replay.Agent{
			Index: seat, AgentID: int64(seat),
			Codingamer: &replay.Codingamer{Pseudo: p.o.Players[p.players[seat]].Name},
		})
	}
	name := fmt.Sprintf("%s-%04d-seed%d", def.Short, p.mg.Index+1, p.mg.Seed)
	if p.mg.Swapped {
		name += "-swapped"
	}
	path := filepath.Join(p.o.ReplaysDir, name+".json")
	data, err := json.Marshal(r)
	if err != nil {
		return "", err
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return "", err
	}
	return path, nil
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
