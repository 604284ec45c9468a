package referee

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
)

// Replay is a game in CodinGame's replay JSON shape, with the extension keys
// of ../shared/replays: the init lines sent to the referee, the rule set
// (engine) and each frame's exact player input.
type Replay struct {
	GameResult GameResult `json:"gameResult"`
	// RefereeInput is the init lines sent to the referee, joined by "\n"
	// (extension; CodinGame's own replays have only GameResult's).
	RefereeInput string `json:"refereeInput,omitempty"`
	// Engine names the rule set: "published-referee" or "live"; absent is
	// a live-game replay.
	Engine string          `json:"engine,omitempty"`
	Oracle json.RawMessage `json:"oracle,omitempty"`
}

// GameResult is CodinGame's gameResult object.
type GameResult struct {
	GameID       int64     `json:"gameId"`
	RefereeInput string    `json:"refereeInput"`
	Frames       []Frame   `json:"frames"`
	Scores       []float64 `json:"scores"`
	Ranks        []int     `json:"ranks"`
	Tooltips     []string  `json:"tooltips"`
	Agents       []Agent   `json:"agents"`
}

// Agent is one player of a replay.
type Agent struct {
	Index      int        `json:"index"`
	AgentID    int        `json:"agentId"`
	Codingamer Codingamer `json:"codingamer"`
}

// Codingamer names an agent's author.
type Codingamer struct {
	UserID int     `json:"userId"`
	Pseudo string  `json:"pseudo"`
	Avatar *string `json:"avatar"`
}

// Frame is one frame: the answer to one [[GET_GAME_INFO]].
type Frame struct {
	GameInformation string  `json:"gameInformation"`
	Stdout          *string `json:"stdout,omitempty"`
	Stderr          *string `json:"stderr,omitempty"`
	Summary         *string `json:"summary,omitempty"`
	// View holds the VIEW lines, each followed by "\n", without the
	// KEY_FRAME or INTERMEDIATE_FRAME word that starts line 0.
	View     string `json:"view"`
	Keyframe bool   `json:"keyframe"`
	// AgentID is -1 on frame 0, else the player whose output (or timeout)
	// the frame follows.
	AgentID     int      `json:"agentId"`
	PlayerInput []string `json:"playerInput,omitempty"`
	RawView     string   `json:"rawView,omitempty"`
	RawTooltips []string `json:"rawTooltips,omitempty"`
}

// ReadReplay reads a replay file, also when CodinGame's API wraps it in
// {"success": ...} or gives the gameResult object alone.
func ReadReplay(path string) (*Replay, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r, err := ParseReplay(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// ParseReplay decodes replay JSON; see ReadReplay.
func ParseReplay(data []byte) (*Replay, error) {
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, jsonError(data, err)
	}
	if inner, ok := probe["success"]; ok {
		data = inner
		probe = nil
		if err := json.Unmarshal(data, &probe); err != nil {
			return nil, fmt.Errorf("success: %w", jsonError(data, err))
		}
	}
	var r Replay
	if _, ok := probe["gameResult"]; ok {
		if err := json.Unmarshal(data, &r); err != nil {
			return nil, jsonError(data, err)
		}
	} else if _, ok := probe["frames"]; ok {
		if err := json.Unmarshal(data, &r.GameResult); err != nil {
			return nil, jsonError(data, err)
		}
	} else {
		return nil, errors.New("not a replay: no gameResult and no frames")
	}
	if len(r.GameResult.Frames) == 0 {
		return nil, errors.New("gameResult.frames: no frames")
	}
	return &r, nil
}

// jsonError adds the line and column to a JSON syntax or type error.
func jsonError(data []byte, err error) error {
	var off int64 = -1
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		off = se.Offset
	case errors.As(err, &te):
		off = te.Offset
	}
	if off < 0 || off > int64(len(data)) {
		return err
	}
	line := 1 + bytes.Count(data[:off], []byte("\n"))
	col := int(off) - bytes.LastIndexByte(data[:off], '\n')
	return fmt.Errorf("line %d, column %d: %w", line, col, err)
}

// InitLines returns the init lines that rebuild the game: the extension key
// when present, else CodinGame's configuration block.
func (r *Replay) InitLines() []string {
	in := r.RefereeInput
	if in == "" {
		in = r.GameResult.RefereeInput
	}
	if in == "" {
		return nil
	}
	return strings.Split(in, "\n")
}

// splitBlock turns a frame field ("line\n" per line) back into lines.
func splitBlock(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}
