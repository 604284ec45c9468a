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

// TestDiffFBLiveRules: a replay without the engine key is a game of the
// live server, diffed under the multiplayer referee's rules (fb.md section
// 1), whose input gives each bludger's last victim, -1 before the first:
// a game of the published referee, fb-041, then differs at frame 1, where
// its input says 0. Its own key, published-referee, makes it match.
func TestDiffFBLiveRules(t *testing.T) {
	r, err := replay.Read(filepath.Join("..", "..", "replays", "fb", "fb-041.json"))
	if err != nil {
		t.Fatal(err)
	}
	if res, err := Replay(r); err != nil || !res.Match || res.Game != "fb" {
		t.Fatalf("published rules: %v, %+v", err, res)
	}
	r.Engine = ""
	res, err := Replay(r)
	if err != nil {
		t.Fatal(err)
	}
	if res.Match || res.Frame != 1 || !strings.Contains(res.Diff, `"11 BLUDGER 7450 3750 0 0 -1"`) {
		t.Errorf("live rules on a published game: match %v at frame %d, diff %s", res.Match, res.Frame, res.Diff)
	}
	r.Engine = "nonsense"
	if _, err := Replay(r); err == nil {
		t.Error("an unknown engine key accepted")
	}
}
