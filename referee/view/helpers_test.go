package view

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// projectReplay is a replay the project keeps under replays/ (the
// official engine's games).
func projectReplay(game, name string) string {
	return filepath.Join("..", "..", "replays", game, name)
}

// anyReplay finds a replay of game in the project's replays/, else in the
// shared corpus beside the repository; "" when there is none.
func anyReplay(game string, names ...string) string {
	for _, dir := range []string{
		filepath.Join("..", "..", "replays", game),
		filepath.Join("..", "..", "..", "shared", "replays", game),
	} {
		for _, n := range names {
			p := filepath.Join(dir, n)
			if _, err := os.Stat(p); err == nil {
				return p
			}
		}
	}
	return ""
}

func readFile(t testing.TB, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func writeFile(t testing.TB, path string, data []byte) {
	t.Helper()
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// asCodinGame rewrites one of our replays as CodinGame's API gives one:
// {"success": gameResult}, without our extension keys.
func asCodinGame(t testing.TB, data []byte) []byte {
	t.Helper()
	var r struct {
		GameResult map[string]any `json:"gameResult"`
	}
	if err := json.Unmarshal(data, &r); err != nil {
		t.Fatal(err)
	}
	for _, f := range r.GameResult["frames"].([]any) {
		m := f.(map[string]any)
		delete(m, "playerInput")
		delete(m, "rawView")
		delete(m, "rawTooltips")
	}
	out, err := json.Marshal(map[string]any{"success": r.GameResult})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// perturbedCSB is csb-002 with pod 0's x on frame 2 (the first simulated
// turn) moved from 13140 to 13177, in view and rawView: a replay that our
// referee must find wrong there, with ours at 13140.
func perturbedCSB(t testing.TB) []byte {
	t.Helper()
	data := readFile(t, projectReplay("csb", "csb-002.json"))
	const from, to = `KEY_FRAME 2\n13140.0 2423.0 `, `KEY_FRAME 2\n13177.0 2423.0 `
	const fromView, toView = `" 2\n13140.0 2423.0 `, `" 2\n13177.0 2423.0 `
	s := string(data)
	if strings.Count(s, from) != 1 || strings.Count(s, fromView) != 1 {
		t.Fatalf("csb-002.json: frame 2 does not start with pod 0 at 13140 2423 (replay changed?)")
	}
	s = strings.Replace(s, from, to, 1)
	s = strings.Replace(s, fromView, toView, 1)
	return []byte(s)
}
