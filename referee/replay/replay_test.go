package replay

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ name, content, want string }{
		{"syntax.json", "{\n  \"gameResult\": {\n    \"frames\": [,]\n  }\n}", "line 3, column 16"},
		{"empty.json", `{"gameResult": {"frames": []}}`, "no frames"},
		{"other.json", `{"hello": 1}`, "not a replay"},
		{"type.json", `{"gameResult": {"frames": [{"view": 3}]}}`, "line 1"},
	}
	for _, tt := range tests {
		p := filepath.Join(dir, tt.name)
		if err := os.WriteFile(p, []byte(tt.content), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := Read(p)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), tt.name) {
			t.Errorf("%s: error %v, want one naming the file and %q", tt.name, err, tt.want)
		}
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

// TestRanks: a draw shares the rank; 0 is first.
func TestRanks(t *testing.T) {
	tests := []struct {
		scores []float64
		want   []int
	}{
		{[]float64{3, 1}, []int{0, 1}},
		{[]float64{1, 3}, []int{1, 0}},
		{[]float64{2, 2}, []int{0, 0}},
		{[]float64{-1, 5, 5}, []int{2, 0, 0}},
	}
	for _, tc := range tests {
		got := Ranks(tc.scores)
		if len(got) != len(tc.want) {
			t.Errorf("Ranks(%v) = %v, want %v", tc.scores, got, tc.want)
			continue
		}
		for i := range got {
			if got[i] != tc.want[i] {
				t.Errorf("Ranks(%v) = %v, want %v", tc.scores, got, tc.want)
				break
			}
		}
	}
}

// TestLines: Block and Lines are inverse on a frame's text fields.
func TestLines(t *testing.T) {
	for _, lines := range [][]string{nil, {""}, {"a"}, {"a", "", "b c"}} {
		block := Block(lines)
		if got := Lines(block); len(got) != len(lines) || strings.Join(got, "|") != strings.Join(lines, "|") {
			t.Errorf("Lines(Block(%q)) = %q via %q", lines, got, block)
		}
	}
	if got := Lines("x\ny\n"); len(got) != 2 || got[0] != "x" || got[1] != "y" {
		t.Errorf("Lines(\"x\\ny\\n\") = %q", got)
	}
}
