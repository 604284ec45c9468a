package match

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"impulse/referee/internal/testbot"
	"impulse/referee/replay"
)

// TestMatchFBLiveInput plays again, under the live rules, games of
// CodinGame's multiplayer FB referee (fb-live-003: the bludgers' victims,
// carried snaffles, ACCIO at 16 magic, OBLIVIATE's fourth turn; fb-live-016:
// ACCIO at 15), each bot answering what its side answered there and
// echoing its input to stderr: what it read is exactly the referee's
// playerInput, every turn, in both seats.
func TestMatchFBLiveInput(t *testing.T) {
	for _, name := range []string{"fb-live-003.json", "fb-live-016.json"} {
		t.Run(name, func(t *testing.T) {
			path, err := filepath.Abs(filepath.Join("..", "..", "replays", "fb-live", name))
			if err != nil {
				t.Fatal(err)
			}
			r, err := replay.Read(path)
			if err != nil {
				t.Fatal(err)
			}
			seed, err := strconv.ParseInt(strings.TrimPrefix(r.GameResult.RefereeInput, "seed="), 10, 64)
			if err != nil {
				t.Fatalf("refereeInput %q: %v", r.GameResult.RefereeInput, err)
			}
			var want [2]strings.Builder
			for _, fr := range r.GameResult.Frames {
				if fr.AgentID >= 0 {
					for _, l := range fr.PlayerInput {
						want[fr.AgentID].WriteString(l + "\n")
					}
				}
			}
			echo := Player{Name: "echo", Argv: testbot.Argv("fbecho", path)}
			rep := runTestMatch(t, Options{Game: "fb", Games: 2, Seeds: []int64{seed}, Players: [2]Player{echo, echo}})
			for _, g := range rep.Games {
				if g.Ranks != [2]int{r.GameResult.Ranks[g.seats[0]], r.GameResult.Ranks[g.seats[1]]} {
					t.Errorf("game %d: ranks %v, the replay's by seat %v", g.Index, g.Ranks, r.GameResult.Ranks)
				}
				for p := 0; p < 2; p++ {
					if got, want := g.Stderr[p], want[g.seats[p]].String(); got != want {
						t.Errorf("game %d, seat %d: the bot read %d bytes, the replay's playerInput has %d; first difference at byte %d", g.Index, g.seats[p], len(got), len(want), firstDiff(got, want))
					}
				}
			}
		})
	}
}

// firstDiff returns the index of the first byte where a and b differ.
func firstDiff(a, b string) int {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	return i
}
