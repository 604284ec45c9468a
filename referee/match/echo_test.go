package match

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"impulse/referee/replay"
)

// fbEcho plays Fantastic Bits as the bot of its seat played the replay at
// path: each turn it copies the lines it read to stderr and answers with
// that bot's recorded output. Its seat is its team id, the first line.
func fbEcho(path string) int {
	r, err := replay.Read(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 4
	}
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 1<<20)
	next := func() string {
		if !in.Scan() {
			os.Exit(0)
		}
		fmt.Fprintln(os.Stderr, in.Text())
		return in.Text()
	}
	seat, _ := strconv.Atoi(next())
	for _, fr := range r.GameResult.Frames {
		if fr.AgentID != seat {
			continue
		}
		next() // myScore myMagic
		next() // oppScore oppMagic
		n, _ := strconv.Atoi(strings.TrimSpace(next()))
		for i := 0; i < n; i++ {
			next()
		}
		if fr.Stdout == nil {
			return 5 // the recorded bot timed out: the replays here have none
		}
		os.Stdout.WriteString(*fr.Stdout)
	}
	return 0
}

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
			echo := Player{Name: "echo", Argv: []string{os.Args[0], "impulse-testbot", "fbecho", path}}
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
