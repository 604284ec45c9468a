package referee

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func TestDiffDetectsAChangeFB(t *testing.T) {
	// fb-001 frame 21: player 0 throws; a weaker throw must no longer
	// match, at that frame (the infos) or the next (the state).
	r, err := ReadReplay(filepath.Join("..", "replays", "fb", "fb-001.json"))
	if err != nil {
		t.Fatal(err)
	}
	f := &r.GameResult.Frames[21]
	changed := strings.Replace(*f.Stdout, " 500\n", " 400\n", 1)
	if changed == *f.Stdout {
		t.Fatalf("frame 21 stdout %q has no power 500 to change", *f.Stdout)
	}
	f.Stdout = &changed
	res, err := Diff(r)
	if err != nil {
		t.Fatal(err)
	}
	if res.Match {
		t.Fatal("a changed throw still matches")
	}
	if res.Frame != 21 && res.Frame != 22 {
		t.Errorf("mismatch reported at frame %d, want 21 or 22", res.Frame)
	}
}

func TestDiffDetectsAChangedTooltip(t *testing.T) {
	r, err := ReadReplay(filepath.Join("..", "replays", "fb", "fb-001.json"))
	if err != nil {
		t.Fatal(err)
	}
	r.GameResult.Tooltips[0].Text = "$1 scored"
	res, err := Diff(r)
	if err != nil {
		t.Fatal(err)
	}
	if res.Match || !strings.Contains(res.Diff, "end of game") {
		t.Errorf("a changed tooltip: match %v, diff %q", res.Match, res.Diff)
	}
}

// TestTooltipForms reads both replay forms of a tooltip (csb-046's JSON
// string, fb-001's object) and writes each back as it was.
func TestTooltipForms(t *testing.T) {
	tests := []struct {
		name, in string
		want     Tooltip
	}{
		{"csb string", `"{\"turn\":41,\"text\":\"$0: invalid action\",\"event\":0}"`, Tooltip{Turn: 41, Text: "$0: invalid action", Player: 0}},
		{"csb player 1", `"{\"turn\":26,\"text\":\"$1: invalid action\",\"event\":1}"`, Tooltip{Turn: 26, Text: "$1: invalid action", Player: 1}},
		{"fb object", `{"text":"$1 scored","event":"$1 scored","sourceId":1,"turn":120}`, Tooltip{Turn: 120, Text: "$1 scored", Player: 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got Tooltip
			if err := json.Unmarshal([]byte(tt.in), &got); err != nil {
				t.Fatal(err)
			}
			if got.String() != tt.want.String() {
				t.Errorf("read %s as %v, want %v", tt.in, got, tt.want)
			}
			out, err := json.Marshal(got)
			if err != nil {
				t.Fatal(err)
			}
			if string(out) != tt.in {
				t.Errorf("wrote back %s, want %s", out, tt.in)
			}
		})
	}
	// A new tooltip is written in the string form, which reads back.
	out, err := json.Marshal(NewTooltip(3, "$0 scored", 0))
	if err != nil {
		t.Fatal(err)
	}
	var back Tooltip
	if err := json.Unmarshal(out, &back); err != nil || back.String() != "3 0 $0 scored" {
		t.Errorf("new tooltip %s read back as %v, %v", out, back, err)
	}
	if err := json.Unmarshal([]byte(`3`), &back); err == nil {
		t.Error("a number read as a tooltip")
	}
}

func TestParseFBViewErrors(t *testing.T) {
	good := []string{
		"1150 5260 112 8 150 5209 5537", "1145 2210 108 -30 150 5992 868 hello  world",
		"14850 2240 -112 -8 0 null null", "14855 5290 -108 30 150 10008 6632",
		"1", "ACCIO 0 4 6 true", "2", "4 5209 5537 1", "5 10791 1963 0",
		"2", "6 7328 3778", "7 8672 3722", "0 -1", "1 1",
		"WALL 33 0.99 4 10349 7350 0 502.0 -75 502 BOTTOM",
	}
	v, err := ParseFBView(good)
	if err != nil {
		t.Fatal(err)
	}
	if w := v.Wizards[1]; w.Message != "hello  world" || !w.HasMessage {
		t.Errorf("wizard 1 message %q %v, want %q", w.Message, w.HasMessage, "hello  world")
	}
	if !v.Wizards[2].TX.Null || v.Collisions[0].Side != "BOTTOM" || len(v.Collisions[0].Nums) != 9 {
		t.Errorf("parsed %+v", v)
	}
	tests := []struct {
		name string
		edit func([]string) []string
		want string
	}{
		{"short", func(l []string) []string { return l[:3] }, "expected a wizard"},
		{"bad number", func(l []string) []string { l[0] = "x 5260 112 8 150 5209 5537"; return l }, "wizard 0"},
		{"bad count", func(l []string) []string { l[4] = "one"; return l }, "number of spells"},
		{"unknown collision", func(l []string) []string { l[14] = "BOOM 1 2"; return l }, "unknown kind"},
		{"short collision", func(l []string) []string { l[14] = "ENTITY 1 0.5 2"; return l }, "expected 11 numbers"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseFBView(tt.edit(append([]string(nil), good...)))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestDiffFBLiveRules(t *testing.T) {
	// Without the engine key a replay is diffed under the live rules,
	// which play as the published ones (fb.md section 1: the differences
	// are unsettled), so fb-041 (spells on both sides) still matches.
	r, err := ReadReplay(filepath.Join("..", "replays", "fb", "fb-041.json"))
	if err != nil {
		t.Fatal(err)
	}
	r.Engine = ""
	if res, err := Diff(r); err != nil || !res.Match || res.Game != "fb" {
		t.Errorf("live rules: %v, %+v", err, res)
	}
	r.Engine = "nonsense"
	if _, err := Diff(r); err == nil {
		t.Error("an unknown engine key accepted")
	}
}
