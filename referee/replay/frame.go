package replay

import (
	"fmt"
	"strings"

	"impulse/referee/engine"
)

// NewFrame converts frame k of a host into a replay frame: the view
// without its first word, the blocks as "line\n" texts, and the input of
// request, the frame it answers (unused for k = 0). Stdout and stderr are
// the caller's.
func NewFrame(f *engine.Frame, request *engine.Frame, k int) Frame {
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
	rf.View = Block(view)
	rf.RawView = strings.Join(f.View, "\n")
	rf.GameInformation = Block(f.Infos)
	if f.HasSummary {
		s := Block(f.Summary)
		rf.Summary = &s
	}
	for _, t := range f.Tooltips {
		rf.RawTooltips = append(rf.RawTooltips, t.Message, fmt.Sprint(t.Player))
	}
	return rf
}

// Ranks returns each player's rank from the scores, as a replay's ranks
// field holds them: the number of players with a strictly higher score (0
// is first; a draw shares the rank).
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

// Lines turns a frame's text field ("line\n" per line: view, stdout,
// gameInformation, summary) back into lines; "" is no line.
func Lines(block string) []string {
	if block == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(block, "\n"), "\n")
}

// Block joins lines into a frame's text field, each followed by "\n".
func Block(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	return b.String()
}
