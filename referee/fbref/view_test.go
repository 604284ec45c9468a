package fbref

import (
	"strings"
	"testing"
)

func TestParseViewErrors(t *testing.T) {
	good := []string{
		"1150 5260 112 8 150 5209 5537", "1145 2210 108 -30 150 5992 868 hello  world",
		"14850 2240 -112 -8 0 null null", "14855 5290 -108 30 150 10008 6632",
		"1", "ACCIO 0 4 6 true", "2", "4 5209 5537 1", "5 10791 1963 0",
		"2", "6 7328 3778", "7 8672 3722", "0 -1", "1 1",
		"WALL 33 0.99 4 10349 7350 0 502.0 -75 502 BOTTOM",
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
		{"short", func(l []string) []string { return l[:3] }, "expected a wizard"},
		{"bad number", func(l []string) []string { l[0] = "x 5260 112 8 150 5209 5537"; return l }, "wizard 0"},
		{"bad count", func(l []string) []string { l[4] = "one"; return l }, "number of spells"},
		{"unknown collision", func(l []string) []string { l[14] = "BOOM 1 2"; return l }, "unknown kind"},
		{"short collision", func(l []string) []string { l[14] = "ENTITY 1 0.5 2"; return l }, "expected 11 numbers"},
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
