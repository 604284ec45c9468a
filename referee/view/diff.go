package view

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"

	"impulse/referee/diff"
	"impulse/referee/replay"
)

// DiffInfo is a replay's diff as the page reads it: where our referee and
// the official one first part, both frames there, and the fields that
// differ.
type DiffInfo struct {
	Game  string `json:"game,omitempty"`
	Turns int    `json:"turns"` // simulated turns compared
	Match bool   `json:"match"`
	// Error says why the replay could not be replayed at all (an unknown
	// game or rule set, bad init lines); then nothing below is set.
	Error string `json:"error,omitempty"`
	// Turn and Frame locate the first mismatch; Diff is go-cmp's report
	// (-official +ours).
	Turn  int    `json:"turn"`
	Frame int    `json:"frame"`
	Diff  string `json:"diff,omitempty"`
	// Ours and Theirs are that frame as our referee and the replay have
	// it; nil when the mismatch is not a frame's content (a game that ends
	// early, an end-of-game score). Their View is the game's parsed key
	// frame (*csbref.View, or FB's), in Go's field names.
	Ours   *diff.Frame `json:"ours,omitempty"`
	Theirs *diff.Frame `json:"theirs,omitempty"`
	// Fields lists the leaves of Theirs and Ours that differ, in path
	// order; at most maxFields.
	Fields []FieldDiff `json:"fields,omitempty"`
}

// FieldDiff is one differing leaf, named by its path in the diff.Frame
// ("View.Pods[1].X"), or a whole element that one side lacks (then the
// other side has null).
type FieldDiff struct {
	Path     string `json:"path"`
	Official any    `json:"official"`
	Ours     any    `json:"ours"`
}

// maxFields bounds DiffInfo.Fields: past the first mismatch everything
// drifts, and the page lists fields for a person to read.
const maxFields = 200

// DiffReplay replays replay JSON (any shape replay.Parse takes) through our
// referee and compares every frame (diff.Replay). A replay that cannot be
// replayed gives a DiffInfo with Error set, not an error: the page still
// plays it and says why there is no diff.
func DiffReplay(data []byte) DiffInfo {
	r, err := replay.Parse(data)
	if err != nil {
		return DiffInfo{Error: err.Error()}
	}
	return diffInfo(r)
}

func diffInfo(r *replay.Replay) (info DiffInfo) {
	defer func() {
		// The diff runs our whole referee on outside input: a bug there
		// must cost the page its diff, not the server its life.
		if p := recover(); p != nil {
			info = DiffInfo{Error: fmt.Sprintf("internal error while diffing: %v", p)}
		}
	}()
	res, err := diff.Replay(r)
	if err != nil {
		return DiffInfo{Game: res.Game, Error: err.Error()}
	}
	info = DiffInfo{
		Game: res.Game, Turns: res.Turns, Match: res.Match,
		Turn: res.Turn, Frame: res.Frame, Diff: res.Diff,
		Ours: res.Ours, Theirs: res.Theirs,
	}
	if res.Ours != nil && res.Theirs != nil {
		fields, err := FieldDiffs(res.Theirs, res.Ours)
		if err != nil {
			info.Error = err.Error()
		}
		info.Fields = fields
	}
	return info
}

// FieldDiffs lists the leaves that differ between official and ours, as
// they marshal to JSON, in path order: objects by key, lists by index. A
// list element or key that only one side has is listed whole, with null
// for the other side. It stops after maxFields.
func FieldDiffs(official, ours any) ([]FieldDiff, error) {
	a, err := generic(official)
	if err != nil {
		return nil, err
	}
	b, err := generic(ours)
	if err != nil {
		return nil, err
	}
	var out []FieldDiff
	walkDiff("", a, b, &out)
	return out, nil
}

// generic turns v into the maps, slices and scalars of its JSON form.
func generic(v any) (any, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var g any
	err = json.Unmarshal(data, &g)
	return g, err
}

func walkDiff(path string, a, b any, out *[]FieldDiff) {
	if len(*out) >= maxFields {
		return
	}
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			break
		}
		keys := make([]string, 0, len(x)+len(y))
		for k := range x {
			keys = append(keys, k)
		}
		for k := range y {
			if _, dup := x[k]; !dup {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := k
			if path != "" {
				p = path + "." + k
			}
			walkDiff(p, x[k], y[k], out)
		}
		return
	case []any:
		y, ok := b.([]any)
		if !ok && b != nil {
			break
		}
		for i := 0; i < len(x) || i < len(y); i++ {
			var ai, bi any
			if i < len(x) {
				ai = x[i]
			}
			if i < len(y) {
				bi = y[i]
			}
			walkDiff(fmt.Sprintf("%s[%d]", path, i), ai, bi, out)
		}
		return
	}
	if y, ok := b.([]any); ok && a == nil {
		walkDiff(path, y[:0:0], y, out)
		return
	}
	if !reflect.DeepEqual(a, b) {
		*out = append(*out, FieldDiff{Path: path, Official: a, Ours: b})
	}
}
