package view

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"impulse/referee/replay"
)

// Normalize returns replay JSON in the one shape the page reads:
// {"gameResult": {...}, ...}. It unwraps CodinGame's {"success": ...}
// answer and wraps a bare gameResult object; every other key, extension
// keys included (refereeInput, engine, per-frame stdout, stderr and
// response times), is passed through untouched, so the page shows whatever
// the file holds.
//
// Normalize checks only what the page relies on: frames is a non-empty list
// of objects, each with a string "view". An error names the place.
func Normalize(data []byte) ([]byte, error) {
	top, err := object(data, "")
	if err != nil {
		return nil, err
	}
	if inner, ok := top["success"]; ok {
		if top, err = object(inner, "success"); err != nil {
			return nil, err
		}
	}
	if _, ok := top["gameResult"]; !ok {
		if _, ok := top["frames"]; !ok {
			return nil, errors.New("not a replay: no gameResult and no frames")
		}
		gr, err := json.Marshal(top)
		if err != nil {
			return nil, err
		}
		top = map[string]json.RawMessage{"gameResult": gr}
	}
	gr, err := object(top["gameResult"], "gameResult")
	if err != nil {
		return nil, err
	}
	raw, ok := gr["frames"]
	if !ok {
		return nil, errors.New("gameResult.frames: missing")
	}
	var frames []json.RawMessage
	if err := json.Unmarshal(raw, &frames); err != nil {
		return nil, errors.New("gameResult.frames: not a list")
	}
	if len(frames) == 0 {
		return nil, errors.New("gameResult.frames: no frames")
	}
	for i, f := range frames {
		var probe struct {
			View *string `json:"view"`
		}
		if err := json.Unmarshal(f, &probe); err != nil {
			return nil, fmt.Errorf("gameResult.frames[%d]: %v", i, err)
		}
		if probe.View == nil {
			return nil, fmt.Errorf("gameResult.frames[%d].view: missing", i)
		}
	}
	return json.Marshal(top)
}

// object decodes a JSON object, keeping its values raw.
func object(data []byte, where string) (map[string]json.RawMessage, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil || m == nil {
		if err == nil || bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
			err = errors.New("not an object")
		}
		if where == "" {
			return nil, replay.JSONError(data, err)
		}
		return nil, fmt.Errorf("%s: %w", where, replay.JSONError(data, err))
	}
	return m, nil
}
