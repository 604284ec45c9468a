package fbref

import (
	"strings"
	"testing"
)

// goodView is key frame 2 of fb-001 after its header, with a message, a
// spell, a null target and a collision written in.
var goodView = []string{
	"1150 5260 112 8 150 5209 5537", "1145 2210 108 -30 150 5992 868 hello  world",
	"14850 2240 -112 -8 0 null null", "14855 5290 -108 30 150 10008 6632",
	"1", "ACCIO 0 4 6 true", "2", "4 5209 5537 1", "5 10791 1963 0",
	"2", "6 7328 3778", "7 8672 3722", "0 -1", "1 1",
	"WALL 33 0.99 4 10349 7350 0 502.0 -75 502 BOTTOM",
}

// frame0View is frame 0 of fb-001 after its header.
var frame0View = []string{
	Name, "16000 7500 400 4 150 4000",
	"0 1000 5250 0 1000 2250 1 15000 2250 1 15000 5250",
	"4 5209 5537 5 10791 1963 6 6985 5411 7 9015 2089 8 5992 868 9 10008 6632 10 8000 3750",
	"11 7450 3750 12 8550 3750",
	"1000 5250 0 0 0 8000 3750", "1000 2250 0 0 0 8000 3750",
	"15000 2250 0 0 0 8000 3750", "15000 5250 0 0 0 8000 3750",
	"0", "7", "4 5209 5537 1", "5 10791 1963 1", "6 6985 5411 1", "7 9015 2089 1",
	"8 5992 868 1", "9 10008 6632 1", "10 8000 3750 1",
	"2", "11 7450 3750", "12 8550 3750", "0 0", "0 0",
}

// TestParseViewErrors parses frame 0 and a key frame of fb-001
// (goodView) and broken copies of the latter: each error names the view
// line (the header is line 1), the entity and the field.
func TestParseViewErrors(t *testing.T) {
	good := goodView
	if v0, err := ParseView(frame0View); err != nil || len(v0.Init.Snaffles) != 21 || len(v0.Snaffles) != 7 {
		t.Errorf("frame 0: %+v, %v", v0, err)
	}
	v, err := ParseView(good)
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
		{"short", func(l []string) []string { return l[:3] }, "view line 5: wizard 3: missing, the view ends at line 4"},
		{"bad number", func(l []string) []string { l[0] = "x 5260 112 8 150 5209 5537"; return l }, `view line 2: wizard 0: field 1 "x": want a number`},
		{"bad count", func(l []string) []string { l[4] = "one"; return l }, `view line 6: number of spells: "one": want an integer ≥ 0`},
		{"unknown collision", func(l []string) []string { l[14] = "BOOM 1 2"; return l }, `view line 16: collision 0: field 1 "BOOM": want a collision kind`},
		{"short collision", func(l []string) []string { l[14] = "ENTITY 1 0.5 2"; return l }, "view line 16: collision 0: 4 fields, want 12"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ParseView(tt.edit(append([]string(nil), good...)))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want one containing %q", err, tt.want)
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
