package referee

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/google/go-cmp/cmp"

	"impulse/referee/engine"
	"impulse/sim"
)

// gameDef is what the diff and the match runner know of a game.
type gameDef struct {
	name  string // the game's name in frame 0's view
	short string // the -game flag: csb or fb
	// newGame returns a fresh referee for the rule set.
	newGame func(rules sim.Rules) (engine.Game, engine.Variant, error)
	// parseView parses a key frame's view lines after the header into a
	// value that go-cmp compares field by field.
	parseView func(lines []string) (any, error)
	// commands rebuilds a player's output lines from the parsed key frame
	// that closes its round, for a replay frame without stdout; ok false
	// when the view shows no command (the player timed out) or the game
	// cannot tell. Nil: the game's view does not carry the commands.
	commands func(view any, player int) (lines []string, ok bool)
}

var gameDefs = []*gameDef{&csbGame, &fbGame}

func gameByName(name string) *gameDef {
	for _, g := range gameDefs {
		if g.name == name || g.short == name {
			return g
		}
	}
	return nil
}

// detectGame recognises the game from frame 0, whose view names it.
func detectGame(r *Replay) (*gameDef, error) {
	view := r.GameResult.Frames[0].View
	lines := splitBlock(view)
	if len(lines) >= 2 {
		if g := gameByName(lines[1]); g != nil {
			return g, nil
		}
	}
	if len(view) > 60 {
		view = view[:60] + "..."
	}
	var names []string
	for _, g := range gameDefs {
		names = append(names, g.name)
	}
	return nil, fmt.Errorf("frame 0: view: %q does not start with the header and game name (%s) of the view format we replay", view, strings.Join(names, " or "))
}

// DiffResult is the outcome of replaying one replay.
type DiffResult struct {
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
	Ours, Theirs *FrameView
}

// FrameView is one frame in comparable form.
type FrameView struct {
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
type EndView struct {
	Configuration []string
	Scores        []float64
	Ranks         []int
	Tooltips      []string
}

// Diff replays r through our referee, feeding each frame's recorded output
// (or timeout), and compares every frame. An error means the replay cannot
// be replayed at all (unknown game or rules, bad init lines, a broken view).
func Diff(r *Replay) (DiffResult, error) {
	res := DiffResult{}
	g, err := detectGame(r)
	if err != nil {
		return res, err
	}
	res.Game = g.short
	rules, err := sim.RulesOfEngineKey(r.Engine)
	if err != nil {
		return res, err
	}
	game, variant, err := g.newGame(rules)
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
			tooltips = append(tooltips, NewTooltip(k, t.Message, t.Player).String())
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
	want := EndView{
		Configuration: strings.Split(r.GameResult.RefereeInput, "\n"),
		Scores:        r.GameResult.Scores,
		Ranks:         r.GameResult.Ranks,
	}
	for _, t := range r.GameResult.Tooltips {
		want.Tooltips = append(want.Tooltips, t.String())
	}
	got := EndView{Configuration: strings.Split(request.End.RefereeInput, "\n"), Tooltips: tooltips}
	for _, s := range request.End.Scores {
		got.Scores = append(got.Scores, float64(s))
	}
	got.Ranks = Ranks(got.Scores)
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

// Ranks returns each player's rank from the scores: the number of players
// with a strictly higher score (0 is first; a draw shares the rank).
func Ranks(scores []float64) []int {
	out := make([]int, len(scores))
	for i, s := range scores {
		for _, t := range scores {
			if t > s {
				out[i]++
			}
		}
	}
	return out
}

func mismatch(res DiffResult, turn, frame int, d string) DiffResult {
	res.Match, res.Turn, res.Frame, res.Diff = false, turn, frame, d
	return res
}

// commandsOf returns the output lines of frame k's player: its stdout, or
// when the frame has none, the commands rebuilt from the key frame that
// closes the round (nil: a timeout).
func commandsOf(g *gameDef, frames []Frame, k, player int) ([]string, error) {
	if s := frames[k].Stdout; s != nil {
		return splitBlock(*s), nil
	}
	if g.commands == nil {
		return nil, nil
	}
	for j := k; j < len(frames); j++ {
		if !frames[j].Keyframe {
			continue
		}
		view := splitBlock(frames[j].View)
		if len(view) == 0 {
			return nil, fmt.Errorf("frame %d: view: empty", j)
		}
		v, err := g.parseView(view[1:])
		if err != nil {
			return nil, fmt.Errorf("frame %d: %w", j, err)
		}
		lines, ok := g.commands(v, player)
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

func frameView(g *gameDef, f *Frame, k int) (*FrameView, error) {
	view := splitBlock(f.View)
	if len(view) == 0 {
		return nil, errors.New("view: empty")
	}
	fv := &FrameView{
		Header: view[0], Keyframe: f.Keyframe, AgentID: f.AgentID,
		Infos: splitBlock(f.GameInformation), Input: f.PlayerInput,
	}
	if f.Summary != nil {
		fv.Summary, fv.HasSummary = splitBlock(*f.Summary), true
	}
	for i := 0; i+1 < len(f.RawTooltips); i += 2 {
		fv.Tooltips = append(fv.Tooltips, f.RawTooltips[i+1]+" "+f.RawTooltips[i])
	}
	sort.Strings(fv.Tooltips) // a Java HashSet: no order
	if f.Keyframe {
		v, err := g.parseView(view[1:])
		if err != nil {
			return nil, err
		}
		fv.View = v
	} else if len(view) > 1 {
		fv.View = view[1:]
	}
	return fv, nil
}

func ourFrameView(g *gameDef, f *engine.Frame, request *engine.Frame, k int) (*FrameView, error) {
	rf := ReplayFrame(f, request, k)
	fv, err := frameView(g, &rf, k)
	if err != nil {
		return nil, err
	}
	if k == 0 {
		fv.Input = nil
	}
	return fv, nil
}

// ReplayFrame converts a host frame into a replay frame: the view without
// its first word, the blocks as "line\n" texts, and the input of the
// request it answers. Stdout and stderr are the caller's.
func ReplayFrame(f *engine.Frame, request *engine.Frame, k int) Frame {
	rf := Frame{Keyframe: f.KeyFrame, AgentID: -1}
	if k > 0 {
		rf.AgentID = request.Player
		rf.PlayerInput = request.Input
	}
	view := append([]string(nil), f.View...)
	if len(view) > 0 {
		_, rest, _ := strings.Cut(view[0], " ")
		view[0] = " " + rest
	}
	rf.View = joinBlock(view)
	rf.RawView = strings.Join(f.View, "\n")
	rf.GameInformation = joinBlock(f.Infos)
	if f.HasSummary {
		s := joinBlock(f.Summary)
		rf.Summary = &s
	}
	for _, t := range f.Tooltips {
		rf.RawTooltips = append(rf.RawTooltips, t.Message, fmt.Sprint(t.Player))
	}
	return rf
}

func joinBlock(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}

// ReplayFiles lists the replay files under paths: files as given, folders
// searched recursively for *.json, in lexical order.
func ReplayFiles(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		st, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if !st.IsDir() {
			out = append(out, p)
			continue
		}
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && strings.HasSuffix(path, ".json") {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}
