// Package replay reads and writes CodinGame's replay JSON, the files that
// "referee diff" checks, "referee view" plays and "referee match -replays"
// writes. It knows no game: the views stay text, for each game's referee
// package to parse.
//
// Entry points: [Read] and [Parse] read a replay in any shape CodinGame
// serves it (also wrapped in {"success": ...}, or the gameResult object
// alone), with the line and column of a JSON error; [Files] lists the
// replays under files and folders; [NewFrame] turns a frame of the engine
// (referee/engine) into a replay frame, and [Ranks] the scores into the
// ranks, for writing; [Lines] and [Block] convert a frame's text fields.
package replay

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
	Tooltips     []Tooltip `json:"tooltips"`
	Agents       []Agent   `json:"agents"`
}

// Tooltip is one entry of gameResult.tooltips. Coders Strike Back
// replays store each as a JSON string that holds {"turn", "text", "event"}
// (event: the player); Fantastic Bits replays as an object {"text",
// "event", "sourceId", "turn"} (event: the text again, sourceId: the
// player). Both read into Turn, Text and Player; a tooltip read from JSON
// writes back exactly as it was read, a new one in the string form.
type Tooltip struct {
	Turn   int    // the frame that carried it
	Text   string // the message
	Player int
	raw    json.RawMessage
}

// NewTooltip returns a tooltip carried by frame turn.
func NewTooltip(turn int, text string, player int) Tooltip {
	return Tooltip{Turn: turn, Text: text, Player: player}
}

// String returns "turn player text", the form the diff compares.
func (t Tooltip) String() string { return fmt.Sprintf("%d %d %s", t.Turn, t.Player, t.Text) }

// UnmarshalJSON reads either form.
func (t *Tooltip) UnmarshalJSON(data []byte) error {
	var fields struct {
		Turn     int             `json:"turn"`
		Text     string          `json:"text"`
		Event    json.RawMessage `json:"event"`
		SourceID *int            `json:"sourceId"`
	}
	body := data
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		body = []byte(s)
	}
	if err := json.Unmarshal(body, &fields); err != nil {
		return fmt.Errorf("tooltip %s: %w", data, err)
	}
	*t = Tooltip{Turn: fields.Turn, Text: fields.Text, raw: append(json.RawMessage(nil), data...)}
	switch {
	case fields.SourceID != nil:
		t.Player = *fields.SourceID
	case len(fields.Event) > 0 && fields.Event[0] != '"':
		if err := json.Unmarshal(fields.Event, &t.Player); err != nil {
			return fmt.Errorf("tooltip %s: event: %w", data, err)
		}
	}
	return nil
}

// MarshalJSON writes a tooltip back as it was read; a new one in the
// string form of Coders Strike Back replays.
func (t Tooltip) MarshalJSON() ([]byte, error) {
	if t.raw != nil {
		return t.raw, nil
	}
	inner, err := json.Marshal(struct {
		Turn  int    `json:"turn"`
		Text  string `json:"text"`
		Event int    `json:"event"`
	}{t.Turn, t.Text, t.Player})
	if err != nil {
		return nil, err
	}
	return json.Marshal(string(inner))
}

// Agent is one player of a replay. CodinGame's API names a player by its
// codingamer, or by its arenaboss when the player is a league's boss; either
// may be missing, and so may its name.
type Agent struct {
	Index      int         `json:"index"`
	AgentID    int64       `json:"agentId"`
	Codingamer *Codingamer `json:"codingamer,omitempty"`
	ArenaBoss  *ArenaBoss  `json:"arenaboss,omitempty"`
	// Score is the agent's leaderboard score (CodinGame's API; 0: absent).
	Score float64 `json:"score,omitempty"`
	// Valid is false for an agent no longer in the leaderboard (nil: absent).
	Valid *bool `json:"valid,omitempty"`
}

// Codingamer names an agent's author.
type Codingamer struct {
	UserID int64  `json:"userId"`
	Pseudo string `json:"pseudo,omitempty"`
	// Avatar is kept as served: a number (an image id) in the current API,
	// a string or null in older replays, or absent.
	Avatar json.RawMessage `json:"avatar,omitempty"`
}

// ArenaBoss is a league's boss as CodinGame's API describes it.
type ArenaBoss struct {
	Nickname string `json:"nickname,omitempty"`
}

// Name returns the agent's name: its codingamer's pseudo, its boss's
// nickname, else "player N" from its index.
func (a Agent) Name() string {
	switch {
	case a.Codingamer != nil && a.Codingamer.Pseudo != "":
		return a.Codingamer.Pseudo
	case a.ArenaBoss != nil && a.ArenaBoss.Nickname != "":
		return a.ArenaBoss.Nickname
	}
	return fmt.Sprintf("player %d", a.Index)
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

// Read reads a replay file, also when CodinGame's API wraps it in
// {"success": ...} or gives the gameResult object alone. An error names
// the file, and the line and column of a JSON error.
func Read(path string) (*Replay, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	r, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return r, nil
}

// Parse decodes replay JSON; see Read.
func Parse(data []byte) (*Replay, error) {
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, JSONError(data, err)
	}
	if inner, ok := probe["success"]; ok {
		data = inner
		probe = nil
		if err := json.Unmarshal(data, &probe); err != nil {
			return nil, fmt.Errorf("success: %w", JSONError(data, err))
		}
	}
	var r Replay
	if _, ok := probe["gameResult"]; ok {
		if err := json.Unmarshal(data, &r); err != nil {
			return nil, JSONError(data, err)
		}
	} else if _, ok := probe["frames"]; ok {
		if err := json.Unmarshal(data, &r.GameResult); err != nil {
			return nil, JSONError(data, err)
		}
	} else {
		return nil, errors.New("not a replay: no gameResult and no frames")
	}
	if len(r.GameResult.Frames) == 0 {
		return nil, errors.New("gameResult.frames: no frames")
	}
	return &r, nil
}

// JSONError adds the line and column of the bad byte in data to a JSON
// syntax or type error.
func JSONError(data []byte, err error) error {
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
	col := int(off) - bytes.LastIndexByte(data[:off], '\n') - 1 // Offset counts the bytes read, the bad one included
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
