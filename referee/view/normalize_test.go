package view

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestNormalizeShapes(t *testing.T) {
	ours := readFile(t, projectReplay("csb", "csb-002.json"))
	norm, err := Normalize(ours)
	if err != nil {
		t.Fatal(err)
	}
	var want, got map[string]any
	if err := json.Unmarshal(ours, &want); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(norm, &got); err != nil {
		t.Fatal(err)
	}
	// Our file is already in the page's shape: every key, extension keys
	// included, comes through unchanged.
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("csb-002.json normalised (-file +normalised):\n%s", d)
	}
	for _, key := range []string{"refereeInput", "engine", "oracle"} {
		if _, ok := got[key]; !ok {
			t.Errorf("extension key %q lost", key)
		}
	}

	gameResult := want["gameResult"]
	bare, _ := json.Marshal(gameResult)
	wrapped, _ := json.Marshal(map[string]any{"success": gameResult})
	wrappedFull, _ := json.Marshal(map[string]any{"success": want})
	for _, tc := range []struct {
		name string
		in   []byte
	}{
		{"bare gameResult", bare},
		{"CodinGame's {success: gameResult}", wrapped},
		{"CodinGame's {success: {gameResult}}", wrappedFull},
	} {
		t.Run(tc.name, func(t *testing.T) {
			norm, err := Normalize(tc.in)
			if err != nil {
				t.Fatal(err)
			}
			var got map[string]any
			if err := json.Unmarshal(norm, &got); err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(gameResult, got["gameResult"]); d != "" {
				t.Errorf("gameResult (-file +normalised):\n%s", d)
			}
		})
	}
}

func TestNormalizeKeepsUnknownKeys(t *testing.T) {
	// A frame key the Go Replay type does not know (say a response time a
	// newer match writes) and tooltips as objects (Fantastic Bits replays)
	// reach the page.
	in := `{"gameResult": {"frames": [{"view": " 0\nX\n", "keyframe": true, "agentId": -1, "responseTime": 12.5}],
		"tooltips": [{"text": "$0 scored", "turn": 3}]}}`
	norm, err := Normalize([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"responseTime":12.5`, `"tooltips":[{"text":"$0 scored","turn":3}]`} {
		if !strings.Contains(string(norm), want) {
			t.Errorf("normalised %s lacks %s", norm, want)
		}
	}
}

func TestNormalizeErrors(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"not JSON", "{\n  \"gameResult\": {\n    \"frames\": [,]\n  }\n}", "line 3"},
		{"a list", `[1, 2]`, "line 1"},
		{"null", `null`, "not an object"},
		{"no frames", `{"scores": [1, 2]}`, "no gameResult and no frames"},
		{"frames missing", `{"gameResult": {"scores": []}}`, "gameResult.frames: missing"},
		{"frames not a list", `{"gameResult": {"frames": 3}}`, "gameResult.frames: not a list"},
		{"empty frames", `{"gameResult": {"frames": []}}`, "gameResult.frames: no frames"},
		{"frame without view", `{"gameResult": {"frames": [{"view": " 0\n"}, {"keyframe": true}]}}`, "gameResult.frames[1].view: missing"},
		{"view not a string", `{"gameResult": {"frames": [{"view": 7}]}}`, "gameResult.frames[0]"},
		{"success not an object", `{"success": "yes"}`, "success:"},
		{"gameResult not an object", `{"gameResult": [1]}`, "gameResult:"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Normalize([]byte(tc.in))
			if err == nil {
				t.Fatalf("Normalize(%s) = nil error, want one containing %q", tc.in, tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("Normalize(%s) error %q, want it to contain %q", tc.in, err, tc.want)
			}
		})
	}
}

// FuzzNormalize: any input gives an error or JSON in the page's shape,
// never a panic.
func FuzzNormalize(f *testing.F) {
	f.Add([]byte(`{"gameResult": {"frames": [{"view": " 0\nCodersStrikeBack\n"}]}}`))
	f.Add([]byte(`{"success": {"frames": [{"view": " 0\n", "stdout": "1 2 3\n"}]}}`))
	f.Add([]byte(`{"frames": [{"view": ""}], "tooltips": [{"turn": 1}]}`))
	f.Add([]byte(`{"success": null}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		norm, err := Normalize(data)
		if err != nil {
			return
		}
		var got struct {
			GameResult struct {
				Frames []struct {
					View *string `json:"view"`
				} `json:"frames"`
			} `json:"gameResult"`
		}
		if err := json.Unmarshal(norm, &got); err != nil {
			t.Fatalf("Normalize gave invalid JSON %s: %v", norm, err)
		}
		if len(got.GameResult.Frames) == 0 {
			t.Fatalf("Normalize accepted %s without frames", data)
		}
		for i, f := range got.GameResult.Frames {
			if f.View == nil {
				t.Fatalf("Normalize accepted %s with frame %d lacking a view", data, i)
			}
		}
	})
}
