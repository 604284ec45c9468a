package diff

import (
	"path/filepath"
	"strings"
	"testing"

	"impulse/referee/replay"
)

func TestDiffDetectsAChangedTooltip(t *testing.T) {
	r, err := replay.Read(filepath.Join("..", "..", "replays", "fb", "fb-001.json"))
	if err != nil {
		t.Fatal(err)
	}
	r.GameResult.Tooltips[0].Text = "$1 scored"
	res, err := Replay(r)
	if err != nil {
		t.Fatal(err)
	}
	if res.Match || !strings.Contains(res.Diff, "end of game") {
		t.Errorf("a changed tooltip: match %v, diff %q", res.Match, res.Diff)
	}
}

func TestDiffFBLiveRules(t *testing.T) {
	// Without the engine key a replay is diffed under the live rules,
	// which play as the published ones (fb.md section 1: the differences
	// are unsettled), so fb-041 (spells on both sides) still matches.
	r, err := replay.Read(filepath.Join("..", "..", "replays", "fb", "fb-041.json"))
	if err != nil {
		t.Fatal(err)
	}
	r.Engine = ""
	if res, err := Replay(r); err != nil || !res.Match || res.Game != "fb" {
		t.Errorf("live rules: %v, %+v", err, res)
	}
	r.Engine = "nonsense"
	if _, err := Replay(r); err == nil {
		t.Error("an unknown engine key accepted")
	}
}
