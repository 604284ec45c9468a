// Package diff replays a CodinGame replay through our referee of its game
// and compares every frame with the recorded one.
//
// [Replay] recognises the game from frame 0 (referee.Games), rebuilds it
// from the init lines under the replay's rule set, feeds each frame's
// recorded output (or timeout, or the commands its view shows when the
// replay has no stdout) to the referee, and compares every frame: the
// views, parsed by the game's referee package and compared field by field,
// the texts, the summaries, the input lines each bot read, the tooltips,
// and the final scores and ranks. The [Result] locates the first mismatch
// and holds both frames there, each a [Frame].
package diff

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/google/go-cmp/cmp"

	"impulse/referee"
	"impulse/referee/engine"
	"impulse/referee/replay"
	"impulse/sim"
)

// detectGame recognises the game from frame 0, whose view names it.
func detectGame(r *replay.Replay) (*referee.Game, error) {
	view := r.GameResult.Frames[0].View
	lines := replay.Lines(view)
	if len(lines) >= 2 {
		if g := referee.GameByName(lines[1]); g != nil {
			return g, nil
		}
	}
	if len(view) > 60 {
		view = view[:60] + "..."
	}
	var names []string
	for _, g := range referee.Games {
		names = append(names, g.Name)
	}
	return nil, fmt.Errorf("frame 0: view: %q does not start with the header and game name (%s) of the view format we replay", view, strings.Join(names, " or "))
}

// Result is the outcome of replaying one replay.
type Result struct {
	Game  string
	Turns int // simulated turns: key frames − 1
	Match bool
	// Where the first mismatch is, and what differs (-official +ours).
	Turn, Frame int
	Diff        string
	// Rebuilt lists the frames that had no stdout and whose commands were
	// rebuilt from the view (CodinGame does not always serve a player's
	// output); a frame without stdout whose view shows no command is
	// replayed as a timeout.
	Rebuilt []int
	// Ours holds our frame at the first mismatch, theirs the replay's.
	Ours, Theirs *Frame
}

// Frame is one frame in comparable form.
type Frame struct {
	Header   string // view line 0 without its KEY_FRAME/INTERMEDIATE_FRAME word
	Keyframe bool
	AgentID  int
	Infos    []string
	Summary  []string
	// HasSummary tells an absent summary from an empty one.
	HasSummary bool
	View       any
	Input      []string // the input the player read for this action
	Tooltips   []string // "player message", when the replay records them
}

// End is the comparable end of a game.
type End struct {
	Configuration []string
	Scores        []float64
	Ranks         []int
	Tooltips      []string
}

// Replay replays r through our referee, feeding each frame's recorded
// output (or timeout), and compares every frame. An error means the replay
// cannot be replayed at all (unknown game or rules, bad init lines, a
// broken view).
func Replay(r *replay.Replay) (Result, error) {
	p, err := newReplayer(r)
	if err != nil {
		return p.res, err
	}
	for k := range p.frames {
		if k > 0 {
			if ok, err := p.feed(k); !ok || err != nil {
				return p.res, err
			}
		}
		p.ourFrame(k)
		if ok, err := p.compare(k); !ok || err != nil {
			return p.res, err
		}
	}
	p.end()
	return p.res, nil
}

// replayer is a replay being replayed: the game, our referee's host and
// what it has said so far.
type replayer struct {
	r      *replay.Replay
	frames []replay.Frame // r's
	g      *referee.Game
	h      *engine.Host
	res    Result
	// ours is our frame k; request our frame before it, which asks for
	// frame k's output.
	ours, request engine.Frame
	tooltips      []string // ours so far, as replay.Tooltip writes them
}

// newReplayer recognises r's game and rules and sets up our referee with
// r's init lines. On an error, its Result says what was found.
func newReplayer(r *replay.Replay) (*replayer, error) {
	p := &replayer{r: r, frames: r.GameResult.Frames}
	var err error
	if p.g, err = detectGame(r); err != nil {
		return p, err
	}
	p.res.Game = p.g.Short
	rules, err := sim.RulesOfEngineKey(r.Engine)
	if err != nil {
		return p, err
	}
	game, variant, err := p.g.New(rules)
	if err != nil {
		return p, err
	}
	for _, f := range p.frames {
		if f.Keyframe {
			p.res.Turns++
		}
	}
	p.res.Turns--
	if p.h, err = engine.NewHost(game, variant, 2, r.InitLines()); err != nil {
		return p, fmt.Errorf("refereeInput: %w", err)
	}
	return p, nil
}

// feed gives our referee frame k's output: the player's recorded stdout,
// the commands its view shows when it has none, or a timeout. It reports
// false when our game cannot take it (it ended, or asks another player),
// a mismatch recorded in p.res.
func (p *replayer) feed(k int) (bool, error) {
	theirs := &p.frames[k]
	if p.request.End != nil {
		return p.mismatch(k, "the game ended at the previous frame; the replay goes on"), nil
	}
	if theirs.AgentID != p.request.Player {
		return p.mismatch(k, fmt.Sprintf("agentId: official %d, ours %d", theirs.AgentID, p.request.Player)), nil
	}
	switch lines, err := commandsOf(p.g, p.frames, k, p.request.Player); {
	case err != nil:
		return false, fmt.Errorf("frame %d: %w", k, err)
	case lines != nil:
		if theirs.Stdout == nil {
			p.res.Rebuilt = append(p.res.Rebuilt, k)
		}
		p.h.SetOutput(outputLines(lines, p.request.ExpectedLines))
	default:
		p.h.SetTimeout()
	}
	return true, nil
}

// ourFrame takes our referee's frame k, and keeps its tooltips for the
// end of the game.
func (p *replayer) ourFrame(k int) {
	p.ours = p.h.GameInfo()
	for _, t := range p.ours.Tooltips {
		p.tooltips = append(p.tooltips, replay.NewTooltip(k, t.Message, t.Player).String())
	}
}

// compare compares our frame k with the replay's; it reports false on a
// difference, recorded in p.res with both frames. What the replay does
// not record (the player's input, the tooltips) is not compared.
func (p *replayer) compare(k int) (bool, error) {
	theirs := &p.frames[k]
	a, err := frameView(p.g, theirs)
	if err != nil {
		return false, fmt.Errorf("frame %d: %w", k, err)
	}
	b, err := ourFrameView(p.g, &p.ours, &p.request, k)
	if err != nil {
		return false, fmt.Errorf("frame %d (ours): %w", k, err)
	}
	if theirs.PlayerInput == nil {
		b.Input = nil
	}
	if theirs.RawTooltips == nil {
		b.Tooltips = nil
	}
	if d := cmp.Diff(a, b); d != "" {
		p.res.Ours, p.res.Theirs = b, a
		return p.mismatch(k, d), nil
	}
	p.request = p.ours
	return true, nil
}

// end compares the end of our game with the replay's: that it ended, the
// configuration, scores, ranks and tooltips. The configuration is not
// compared when the replay has none; the tooltips are a set.
func (p *replayer) end() {
	res := p.r.GameResult
	if p.request.End == nil {
		p.mismatch(len(p.frames), "the replay ends here; our game goes on")
		return
	}
	want := End{
		Configuration: strings.Split(res.RefereeInput, "\n"),
		Scores:        res.Scores,
		Ranks:         res.Ranks,
	}
	for _, t := range res.Tooltips {
		want.Tooltips = append(want.Tooltips, t.String())
	}
	got := End{Configuration: strings.Split(p.request.End.RefereeInput, "\n"), Tooltips: p.tooltips}
	for _, s := range p.request.End.Scores {
		got.Scores = append(got.Scores, float64(s))
	}
	got.Ranks = replay.Ranks(got.Scores)
	if res.RefereeInput == "" {
		got.Configuration = want.Configuration
	}
	sort.Strings(want.Tooltips)
	sort.Strings(got.Tooltips)
	if d := cmp.Diff(want, got); d != "" {
		p.mismatch(len(p.frames)-1, "end of game:\n"+d)
		return
	}
	p.res.Match = true
}

// mismatch records in p.res a difference d at frame k, in our referee's
// current round, and returns false.
func (p *replayer) mismatch(k int, d string) bool {
	p.res.Match, p.res.Turn, p.res.Frame, p.res.Diff = false, p.h.Round(), k, d
	return false
}

// commandsOf returns the output lines of frame k's player: its stdout, or
// when the frame has none, the commands rebuilt from the key frame that
// closes the round (nil: a timeout).
func commandsOf(g *referee.Game, frames []replay.Frame, k, player int) ([]string, error) {
	if s := frames[k].Stdout; s != nil {
		return replay.Lines(*s), nil
	}
	if g.Commands == nil {
		return nil, nil
	}
	for j := k; j < len(frames); j++ {
		if !frames[j].Keyframe {
			continue
		}
		view := replay.Lines(frames[j].View)
		if len(view) == 0 {
			return nil, fmt.Errorf("frame %d: view: empty", j)
		}
		v, err := g.ParseView(view[1:])
		if err != nil {
			return nil, fmt.Errorf("frame %d: %w", j, err)
		}
		lines, ok := g.Commands(v, player)
		if !ok {
			return nil, nil
		}
		return lines, nil
	}
	return nil, nil
}

// outputLines pads a frame's output lines to the count the referee reads.
func outputLines(lines []string, want int) []string {
	for len(lines) < want {
		lines = append(lines, "")
	}
	return lines
}

// frameView returns replay frame f in comparable form, its view parsed
// by g when it is a key frame.
func frameView(g *referee.Game, f *replay.Frame) (*Frame, error) {
	view := replay.Lines(f.View)
	if len(view) == 0 {
		return nil, errors.New("view: empty")
	}
	fv := &Frame{
		Header: view[0], Keyframe: f.Keyframe, AgentID: f.AgentID,
		Infos: replay.Lines(f.GameInformation), Input: f.PlayerInput,
	}
	if f.Summary != nil {
		fv.Summary, fv.HasSummary = replay.Lines(*f.Summary), true
	}
	for i := 0; i+1 < len(f.RawTooltips); i += 2 {
		fv.Tooltips = append(fv.Tooltips, f.RawTooltips[i+1]+" "+f.RawTooltips[i])
	}
	sort.Strings(fv.Tooltips) // a Java HashSet: no order
	if f.Keyframe {
		v, err := g.ParseView(view[1:])
		if err != nil {
			return nil, err
		}
		fv.View = v
	} else if len(view) > 1 {
		fv.View = view[1:]
	}
	return fv, nil
}

// ourFrameView returns our frame k, f, in comparable form, as the
// replay would record it after request (our frame k−1).
func ourFrameView(g *referee.Game, f *engine.Frame, request *engine.Frame, k int) (*Frame, error) {
	rf := replay.NewFrame(f, request, k)
	fv, err := frameView(g, &rf)
	if err != nil {
		return nil, err
	}
	if k == 0 {
		fv.Input = nil
	}
	return fv, nil
}
