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
	res := Result{}
	g, err := detectGame(r)
	if err != nil {
		return res, err
	}
	res.Game = g.Short
	rules, err := sim.RulesOfEngineKey(r.Engine)
	if err != nil {
		return res, err
	}
	game, variant, err := g.New(rules)
	if err != nil {
		return res, err
	}
	frames := r.GameResult.Frames
	for _, f := range frames {
		if f.Keyframe {
			res.Turns++
		}
	}
	res.Turns--
	h, err := engine.NewHost(game, variant, 2, r.InitLines())
	if err != nil {
		return res, fmt.Errorf("refereeInput: %w", err)
	}
	var tooltips []string
	ours := h.GameInfo()
	var request engine.Frame
	for k := range frames {
		theirs := &frames[k]
		if k > 0 {
			if request.End != nil {
				return mismatch(res, h.Round(), k, "the game ended at the previous frame; the replay goes on"), nil
			}
			if theirs.AgentID != request.Player {
				return mismatch(res, h.Round(), k, fmt.Sprintf("agentId: official %d, ours %d", theirs.AgentID, request.Player)), nil
			}
			switch lines, err := commandsOf(g, frames, k, request.Player); {
			case err != nil:
				return res, fmt.Errorf("frame %d: %w", k, err)
			case lines != nil:
				if theirs.Stdout == nil {
					res.Rebuilt = append(res.Rebuilt, k)
				}
				h.SetOutput(outputLines(lines, request.ExpectedLines))
			default:
				h.SetTimeout()
			}
			ours = h.GameInfo()
		}
		for _, t := range ours.Tooltips {
			tooltips = append(tooltips, replay.NewTooltip(k, t.Message, t.Player).String())
		}
		a, err := frameView(g, theirs, k)
		if err != nil {
			return res, fmt.Errorf("frame %d: %w", k, err)
		}
		b, err := ourFrameView(g, &ours, &request, k)
		if err != nil {
			return res, fmt.Errorf("frame %d (ours): %w", k, err)
		}
		if theirs.PlayerInput == nil {
			b.Input = nil
		}
		if theirs.RawTooltips == nil {
			b.Tooltips = nil
		}
		if d := cmp.Diff(a, b); d != "" {
			res = mismatch(res, h.Round(), k, d)
			res.Ours, res.Theirs = b, a
			return res, nil
		}
		request = ours
	}
	if request.End == nil {
		return mismatch(res, h.Round(), len(frames), "the replay ends here; our game goes on"), nil
	}
	want := End{
		Configuration: strings.Split(r.GameResult.RefereeInput, "\n"),
		Scores:        r.GameResult.Scores,
		Ranks:         r.GameResult.Ranks,
	}
	for _, t := range r.GameResult.Tooltips {
		want.Tooltips = append(want.Tooltips, t.String())
	}
	got := End{Configuration: strings.Split(request.End.RefereeInput, "\n"), Tooltips: tooltips}
	for _, s := range request.End.Scores {
		got.Scores = append(got.Scores, float64(s))
	}
	got.Ranks = replay.Ranks(got.Scores)
	if r.GameResult.RefereeInput == "" {
		got.Configuration = want.Configuration
	}
	sort.Strings(want.Tooltips)
	sort.Strings(got.Tooltips)
	if d := cmp.Diff(want, got); d != "" {
		return mismatch(res, h.Round(), len(frames)-1, "end of game:\n"+d), nil
	}
	res.Match = true
	return res, nil
}

func mismatch(res Result, turn, frame int, d string) Result {
	res.Match, res.Turn, res.Frame, res.Diff = false, turn, frame, d
	return res
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

func frameView(g *referee.Game, f *replay.Frame, k int) (*Frame, error) {
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

func ourFrameView(g *referee.Game, f *engine.Frame, request *engine.Frame, k int) (*Frame, error) {
	rf := replay.NewFrame(f, request, k)
	fv, err := frameView(g, &rf, k)
	if err != nil {
		return nil, err
	}
	if k == 0 {
		fv.Input = nil
	}
	return fv, nil
}
