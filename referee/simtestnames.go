package referee

import (
	"impulse/referee/csbref"
	"impulse/referee/replay"
)

// The names below keep simtest_test.go building while simtest lives in
// this package; they go when it moves beside csbref. Elsewhere use
// replay.Read, csbref.View, csbref.ParseView and replay.Lines.

// CSBView is csbref.View.
type CSBView = csbref.View

// ReadReplay is replay.Read.
func ReadReplay(path string) (*replay.Replay, error) { return replay.Read(path) }

// ParseCSBView is csbref.ParseView.
func ParseCSBView(lines []string) (*CSBView, error) { return csbref.ParseView(lines) }

func splitBlock(s string) []string { return replay.Lines(s) }
