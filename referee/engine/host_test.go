package engine_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"impulse/referee/csbref"
	"impulse/referee/engine"
	"impulse/referee/fbref"
	"impulse/sim/csb"
	"impulse/sim/fb"
)

// fbOrders is what fbref expects of a line (fb.ParseOrder's CommandError).
const fbOrders = "MOVE x y thrust | THROW x y power | FLIPENDO id | ACCIO id | OBLIVIATE id | PETRIFICUS id"

// TestInvalid: the frame after an invalid output says so in Frame.Invalid,
// whose Message is the Infos line without its colour marks; no other frame
// carries it. The texts are the referees' InvalidInputError arguments
// (csbref's and fbref's HandleOutput, csb.PowerError, fb.CommandError).
func TestInvalid(t *testing.T) {
	csbHost := func() (*engine.Host, error) {
		return engine.NewHost(csbref.New(csb.Live), csbref.Variant(csb.Live), 2, []string{"seed=1"})
	}
	fbHost := func() (*engine.Host, error) {
		return engine.NewHost(fbref.New(fb.Live), fbref.Variant, 2, []string{"seed=1"})
	}
	csbMoves := []string{"0 0 100", "0 0 100"}
	fbMoves := []string{"MOVE 0 0 100", "MOVE 0 0 100"}
	tests := []struct {
		name   string
		host   func() (*engine.Host, error)
		player int             // the player who answers out
		out    []string        // the answer
		other  []string        // the other player's answer
		want   *engine.Invalid // nil: no frame carries Invalid
	}{
		{"csb valid", csbHost, 1, csbMoves, csbMoves, nil},
		{"csb text", csbHost, 1, []string{"hello world", "0 0 100"}, csbMoves, &engine.Invalid{
			Player: 1, Expected: "x y power", Found: "hello world",
			Message: "invalid input. Expected 'x y power' but found 'hello world'",
		}},
		{"csb power", csbHost, 0, []string{"0 0 100", "0 0 201"}, csbMoves, &engine.Invalid{
			Player: 0, Expected: "0 <= power <= 200", Found: "power = 201",
			Message: "invalid input. Expected '0 <= power <= 200' but found 'power = 201'",
		}},
		{"fb text", fbHost, 0, []string{"hello world", "MOVE 0 0 100"}, fbMoves, &engine.Invalid{
			Player: 0, Expected: fbOrders, Found: "hello world",
			Message: "invalid input. Expected '" + fbOrders + "' but found 'hello world'",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h, err := tt.host()
			if err != nil {
				t.Fatal(err)
			}
			var got *engine.Invalid
			for frame := 0; ; frame++ {
				f := h.GameInfo()
				if f.Invalid != nil {
					if got != nil {
						t.Fatalf("frame %d: a second Invalid %+v", frame, f.Invalid)
					}
					got = f.Invalid
					if want := "¤RED¤" + got.Message + "§RED§"; len(f.Infos) != 1 || f.Infos[0] != want {
						t.Errorf("frame %d: infos %q, want [%q]", frame, f.Infos, want)
					}
				}
				if f.End != nil {
					break
				}
				if f.Player == tt.player {
					h.SetOutput(tt.out)
				} else {
					h.SetOutput(tt.other)
				}
			}
			if d := cmp.Diff(tt.want, got); d != "" {
				t.Errorf("Invalid (-want +got):\n%s", d)
			}
		})
	}
}
