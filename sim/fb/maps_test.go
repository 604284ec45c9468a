package fb

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// fbReplays returns the FB replay files we can find: the project's copies
// of the published referee's games (replays/fb) and the multiplayer
// referee's (replays/fb-live) and, when present, the shared corpora beside
// the repository; it says which shared folder is absent.
func fbReplays(t testing.TB) []string {
	t.Helper()
	var out []string
	for _, folder := range []string{"fb", "fb-live"} {
		for _, dir := range []string{filepath.Join("..", "..", "replays", folder), filepath.Join("..", "..", "..", "shared", "replays", folder)} {
			files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
			if len(files) == 0 {
				t.Logf("no replays in %s: its games are not checked", dir)
			}
			out = append(out, files...)
		}
	}
	if len(out) == 0 {
		t.Skip("no FB replays found")
	}
	return out
}

// TestGenerateSnafflesMatchesReplays checks the snaffles drawn from each
// replay's seed against frame 0's view line 4 ("id x y" per snaffle),
// printed by the official engine.
func TestGenerateSnafflesMatchesReplays(t *testing.T) {
	for _, f := range fbReplays(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var r struct {
			GameResult struct {
				RefereeInput string
				Frames       []struct{ View string }
			} `json:"gameResult"`
		}
		if err := json.Unmarshal(data, &r); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		seed, err := strconv.ParseInt(strings.TrimPrefix(r.GameResult.RefereeInput, "seed="), 10, 64)
		if err != nil {
			t.Fatalf("%s: refereeInput %q", f, r.GameResult.RefereeInput)
		}
		want := strings.Split(r.GameResult.Frames[0].View, "\n")[4]
		var got []string
		for k, p := range GenerateSnaffles(seed, nil) {
			got = append(got, strconv.Itoa(MaxWizards+k), strconv.Itoa(int(p.X)), strconv.Itoa(int(p.Y)))
		}
		if g := strings.Join(got, " "); g != want {
			t.Errorf("%s: seed %d: snaffles\n got %s\nwant %s", f, seed, g, want)
		}
	}
}
