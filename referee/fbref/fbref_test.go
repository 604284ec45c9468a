package fbref

import (
	"strings"
	"testing"

	"impulse/referee/engine"
	"impulse/sim/fb"
)

func TestInit(t *testing.T) {
	tests := []struct {
		rules fb.Rules
		lines []string
		want  string // error text, "" for none
	}{
		{fb.Published, []string{"seed=1429053283"}, ""},
		{fb.Published, []string{"seed=abc"}, `seed: "abc" is not a long`},
		{fb.Published, []string{"seed=1", "friction=0.5"}, "friction=0.5: this referee plays the default 0.25 only"},
		{fb.Published, []string{"seed=1", "friction=0.25", "foo=bar"}, ""},
		// The multiplayer referee's OBLIVIATE_DURATION is 4, the
		// contest's 3 (RefereePuzzle.java and Referee.java, fb.md section 1).
		{fb.Published, []string{"seed=1", "obliviate_duration=3", "accio_duration=6"}, ""},
		{fb.Published, []string{"seed=1", "obliviate_duration=4"}, "obliviate_duration=4: this referee plays the default 3 only"},
		{fb.Live, []string{"seed=1", "obliviate_duration=4", "accio_duration=6"}, ""},
		{fb.Live, []string{"seed=1", "obliviate_duration=3"}, "obliviate_duration=3: this referee plays the default 4 only"},
	}
	for _, tt := range tests {
		_, err := engine.NewHost(New(tt.rules), Variant, 2, tt.lines)
		if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%q: error %v, want %q", tt.lines, err, tt.want)
		}
	}
	if _, err := engine.NewHost(New(fb.Live), Variant, 3, nil); err == nil {
		t.Error("3 players accepted")
	}
}

// TestFirstFrames plays fb-001's first round (seed 1429053283) and checks
// the views against the replay's frames 0 and 2.
func TestFirstFrames(t *testing.T) {
	h, err := engine.NewHost(New(fb.Published), Variant, 2, []string{"seed=1429053283"})
	if err != nil {
		t.Fatal(err)
	}
	f := h.GameInfo()
	if got, want := strings.Join(f.View[:5], "|"), "KEY_FRAME 0|Fantastic Bits|16000 7500 400 4 150 4000|0 1000 5250 0 1000 2250 1 15000 2250 1 15000 5250|4 5209 5537 5 10791 1963 6 6985 5411 7 9015 2089 8 5992 868 9 10008 6632 10 8000 3750"; got != want {
		t.Errorf("frame 0 view\n got %s\nwant %s", got, want)
	}
	if f.Input[0] != "0" || f.Input[1] != "0 0" || f.Input[3] != "13" || f.TimeLimitMillis != 1000 {
		t.Errorf("frame 0 request: input %q, %d ms", f.Input[:4], f.TimeLimitMillis)
	}
	h.SetOutput([]string{"MOVE 5209 5537 150", "MOVE 5992 868 150"})
	h.GameInfo()
	h.SetOutput([]string{"MOVE 10791 1963 150", "MOVE 10008 6632 150"})
	f = h.GameInfo()
	want := []string{"KEY_FRAME 2", "1150 5260 112 8 150 5209 5537", "1145 2210 108 -30 150 5992 868",
		"14850 2240 -112 -8 150 10791 1963", "14855 5290 -108 30 150 10008 6632", "0", "7"}
	if got := f.View[:len(want)]; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("frame 2 view\n got %q\nwant %q", got, want)
	}
	if got := strings.Join(f.Summary, "|"); got != "$0 Score: 0 | Magic: 1|$1 Score: 0 | Magic: 1" {
		t.Errorf("frame 2 summary %q", got)
	}
	if f.TimeLimitMillis != 100 {
		t.Errorf("round 1 time limit %d ms, want 100", f.TimeLimitMillis)
	}
}
