package csbref

import (
	"strings"
	"testing"
)

// goodView is key frame 2 of csb-002 (turn 1) after its header, with a
// message, a pod without a target and a collision written in.
var goodView = []string{
	`13140.0 2423.0 -130 108 200 0 9443 5484 2.449952879679097 0 1 1`, `""`,
	`12474.0 1707.0 -117 122 200 0 9154 5174 2.334554072090516 0 1 2`, `"go"`,
	`13807.0 3136.0 -142 92 200 0 9787 5758 2.563741703960793 0 1 3`, `""`,
	`11733.0 857.0 -168 22 200 0 null null null 0 1 4`, `""`,
	`1:99 2:99`,
	`1 0.5 0 13140 2423 1 12474 1707 120.5 -3.5 7`,
}

// frame0View is frame 0 of csb-002 after its header.
var frame0View = []string{
	Name, "16000 9000 400 600 4 0.3141592653589793",
	"12953 1929 6617 7824 7423 1421 12686 7186 4060 4716",
	"0 13294.0 2295.0 0 12612.0 1563.0 1 13975.0 3027.0 1 11931.0 831.0",
	"13294.0 2295.0 0 0 0 0 null null null 0 1 1", `""`,
	"12612.0 1563.0 0 0 0 0 null null null 0 1 1", `""`,
	"13975.0 3027.0 0 0 0 0 null null null 0 1 1", `""`,
	"11931.0 831.0 0 0 0 0 null null null 0 1 1", `""`,
	"1:100 1:100",
}

// TestParseViewErrors parses frame 0 and a key frame of csb-002
// (goodView) and broken copies of the latter: each error names the view line (the header is line
// 1), the pod or player, and the field.
func TestParseViewErrors(t *testing.T) {
	good := goodView
	v, err := ParseView(good)
	if err != nil {
		t.Fatal(err)
	}
	if v0, err := ParseView(frame0View); err != nil || len(v0.Init.Spawns) != 12 || !v0.Pods[0].TX.Null {
		t.Errorf("frame 0: %+v, %v", v0, err)
	}
	if v.Pods[1].Message != "go" || !v.Pods[3].Angle.Null || v.Players[1].Rank != 2 || len(v.Collisions) != 1 || v.Collisions[0].MVY != 7 {
		t.Errorf("parsed %+v", v)
	}
	tests := []struct {
		name string
		edit func([]string) []string
		want string
	}{
		{"short", func(l []string) []string { return l[:4] },
			"view line 6: pod 2: missing, the view ends at line 5"},
		{"bad number", func(l []string) []string { l[2] = strings.Replace(l[2], "-117", "x", 1); return l },
			`view line 4: pod 1: field 3 "x": want a number`},
		{"null power", func(l []string) []string { l[0] = strings.Replace(l[0], " 200 ", " null ", 1); return l },
			`view line 2: pod 0: field 5 "null": want a number`},
		{"short pod", func(l []string) []string { l[4] = "1 2 3"; return l },
			"view line 6: pod 2: 3 fields, want 12"},
		{"unquoted message", func(l []string) []string { l[3] = "go"; return l },
			`view line 5: pod 1 message: "go": want a quoted message`},
		{"bad player", func(l []string) []string { l[8] = "1:99 2-99"; return l },
			`view line 10: players: field 2 "2-99": want rank:turnsLeft`},
		{"one player", func(l []string) []string { l[8] = "1:99"; return l },
			"view line 10: players: 1 fields, want 2"},
		{"long collision", func(l []string) []string { l[9] += " 8"; return l },
			"view line 11: collision 0: 12 fields, want 11"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseView(tt.edit(append([]string(nil), good...)))
			if err == nil || err.Error() != tt.want {
				t.Errorf("error %v, want %s", err, tt.want)
			}
		})
	}
}

// FuzzParseView feeds arbitrary views to ParseView: it may fail, not
// panic. Seeded with frame0View and goodView.
func FuzzParseView(f *testing.F) {
	f.Add(strings.Join(frame0View, "\n"))
	f.Add(strings.Join(goodView, "\n"))
	f.Fuzz(func(t *testing.T, view string) {
		ParseView(strings.Split(view, "\n"))
	})
}
