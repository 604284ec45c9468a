package diff

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"impulse/referee/replay"
)

// diffAll replays every replay of a game found in the project's replays/
// folder and, when present, in the shared corpus (../shared/replays): the
// games the official engine (or the live server) played are the expected
// values. folder is the replays' folder under both, game the -game name.
func diffAll(t *testing.T, folder, game string) {
	dirs := []string{filepath.Join("..", "..", "replays", folder)}
	shared := filepath.Join("..", "..", "..", "shared", "replays", folder)
	if _, err := os.Stat(shared); err == nil {
		dirs = append(dirs, shared)
	} else {
		t.Logf("%s not present: only the project's own replays are checked", shared)
	}
	files, err := replay.Files(dirs)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatalf("no %s replays in %v", game, dirs)
	}
	for _, f := range files {
		f := f
		t.Run(filepath.Base(filepath.Dir(filepath.Dir(f)))+"/"+filepath.Base(f), func(t *testing.T) {
			t.Parallel()
			r, err := replay.Read(f)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Replay(r)
			if err != nil {
				t.Fatal(err)
			}
			if res.Game != game {
				t.Errorf("recognised as %q, want %q", res.Game, game)
			}
			if !res.Match {
				t.Errorf("%s: mismatch at turn %d frame %d (-official +ours):\n%s", f, res.Turn, res.Frame, res.Diff)
			}
		})
	}
}

func TestDiffCSBReplays(t *testing.T) { diffAll(t, "csb", "csb") }

// TestDiffCSBLiveReplays replays real games of the live server as
// CodinGame's API serves them (a bare gameResult, no engine key: the live
// rules), every frame: texts, view fields, ranks, the end of the game.
func TestDiffCSBLiveReplays(t *testing.T) { diffAll(t, "csb-live", "csb") }

func TestDiffFBReplays(t *testing.T) { diffAll(t, "fb", "fb") }

// TestDiffFBLiveReplays replays games of CodinGame's multiplayer FB
// referee (engine "live": ACCIO 15, OBLIVIATE 4 turns, the bludgers' and
// snaffles' states in the input), every frame and every input line.
func TestDiffFBLiveReplays(t *testing.T) { diffAll(t, "fb-live", "fb") }

// TestDiffDetectsAChange changes a recorded output at frame 21 of a
// replay of each game: the replay no longer matches, and the diff names
// the frame where the outputs part, 21 (the infos) or 22 (the state).
func TestDiffDetectsAChange(t *testing.T) {
	tests := []struct {
		file, what, from, to string
	}{
		{"csb/csb-002.json", "thrust", " 200\n", " 150\n"},
		{"fb/fb-001.json", "throw power", " 500\n", " 400\n"}, // player 0 throws
	}
	for _, tc := range tests {
		t.Run(tc.file, func(t *testing.T) {
			r, err := replay.Read(filepath.Join("..", "..", "replays", tc.file))
			if err != nil {
				t.Fatal(err)
			}
			f := &r.GameResult.Frames[21]
			changed := strings.Replace(*f.Stdout, tc.from, tc.to, 1)
			if changed == *f.Stdout {
				t.Fatalf("frame 21 stdout %q has no %s %q to change", *f.Stdout, tc.what, tc.from)
			}
			f.Stdout = &changed
			res, err := Replay(r)
			if err != nil {
				t.Fatal(err)
			}
			if res.Match {
				t.Fatalf("a changed %s still matches", tc.what)
			}
			if res.Frame != 21 && res.Frame != 22 {
				t.Errorf("mismatch reported at frame %d, want 21 (infos) or 22 (state)", res.Frame)
			}
		})
	}
}

func TestParseReplayWrapped(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "replays", "csb", "csb-054.json"))
	if err != nil {
		t.Fatal(err)
	}
	wrapped := append(append([]byte(`{"success": `), data...), '}')
	r, err := replay.Parse(wrapped)
	if err != nil {
		t.Fatal(err)
	}
	if res, err := Replay(r); err != nil || !res.Match {
		t.Errorf("wrapped replay: %v %+v", err, res)
	}
}

// TestDiffRebuildsMissingOutput removes the players' stdout from the real
// live games, as CodinGame's API serves some replays, and checks that the
// commands rebuilt from the views replay every frame exactly. Frames with a
// red message (an invalid line) keep their stdout: no view shows it.
func TestDiffRebuildsMissingOutput(t *testing.T) {
	files, err := replay.Files([]string{filepath.Join("..", "..", "replays", "csb-live")})
	if err != nil || len(files) == 0 {
		t.Fatalf("no live replays: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			r, err := replay.Read(f)
			if err != nil {
				t.Fatal(err)
			}
			var stripped []int
			for k := range r.GameResult.Frames {
				fr := &r.GameResult.Frames[k]
				if fr.Stdout != nil && !strings.Contains(fr.GameInformation, "¤RED¤") {
					fr.Stdout = nil
					stripped = append(stripped, k)
				}
			}
			res, err := Replay(r)
			if err != nil {
				t.Fatal(err)
			}
			if !res.Match {
				t.Fatalf("mismatch at turn %d frame %d (-official +ours):\n%s", res.Turn, res.Frame, res.Diff)
			}
			if d := cmp.Diff(stripped, res.Rebuilt); d != "" {
				t.Errorf("frames rebuilt from the view (-stripped +rebuilt):\n%s", d)
			}
		})
	}
}

// TestParseReplayShapes reads a real live CSB game and an FB game in every
// shape CodinGame's APIs serve a replay (the bare gameResult, the
// {"gameResult": ...} object of the current API, the {"success": ...}
// wrapper of the older one), with the agents as they come (a numeric
// avatar, an arena boss, a missing name), and replays each exactly.
func TestParseReplayShapes(t *testing.T) {
	agents := `[{"index":0,"codingamer":{"userId":1,"pseudo":"a","avatar":111595923133884},"agentId":6114474,"score":36.4,"valid":true},` +
		`{"index":1,"arenaboss":{"nickname":"Boss 4","league":{"divisionIndex":4}},"agentId":-1,"valid":false}]`
	noName := `[{"index":0,"codingamer":{"userId":1}},{"index":1}]`
	for _, src := range []string{"csb-live/battle_891670142.json", "fb-live/fb-live-016.json"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "replays", src))
		if err != nil {
			t.Fatal(err)
		}
		var top map[string]json.RawMessage
		if err := json.Unmarshal(data, &top); err != nil {
			t.Fatal(err)
		}
		bare := data
		if g, ok := top["gameResult"]; ok {
			bare = g
		}
		var game map[string]json.RawMessage
		if err := json.Unmarshal(bare, &game); err != nil {
			t.Fatal(err)
		}
		for _, ag := range []struct{ name, json, want0, want1 string }{
			{"api agents", agents, "a", "Boss 4"},
			{"no names", noName, "player 0", "player 1"},
		} {
			game["agents"] = json.RawMessage(ag.json)
			g, err := json.Marshal(game)
			if err != nil {
				t.Fatal(err)
			}
			for _, shape := range []struct{ name, prefix, suffix string }{
				{"bare", "", ""},
				{"gameResult", `{"gameResult": `, `, "puzzleTitle": ["Mad Pod Racing"], "viewer": {}}`},
				{"success", `{"success": `, `}`},
			} {
				t.Run(src+"/"+ag.name+"/"+shape.name, func(t *testing.T) {
					r, err := replay.Parse([]byte(shape.prefix + string(g) + shape.suffix))
					if err != nil {
						t.Fatal(err)
					}
					if a := r.GameResult.Agents; len(a) != 2 || a[0].Name() != ag.want0 || a[1].Name() != ag.want1 {
						t.Errorf("agents %+v, want named %q and %q", a, ag.want0, ag.want1)
					}
					res, err := Replay(r)
					if err != nil {
						t.Fatal(err)
					}
					if !res.Match {
						t.Errorf("mismatch at turn %d frame %d (-official +ours):\n%s", res.Turn, res.Frame, res.Diff)
					}
				})
			}
		}
	}
}

// TestDiffUnknownFormat gives the diff FB replays whose views are not in
// the format our referee writes (a live server may write another): each
// fails with an error that names the frame and the field, never a panic.
func TestDiffUnknownFormat(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "replays", "fb", "fb-001.json"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		frame int
		view  string
		want  []string
	}{
		{"an SDK-style JSON view", 0, `{"global":{"entities":[]},"frame":{}}` + "\n", []string{"frame 0", "view"}},
		{"a wizard line with a word", 2, "", []string{"frame 2"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := replay.Parse(data)
			if err != nil {
				t.Fatal(err)
			}
			f := &r.GameResult.Frames[tt.frame]
			if tt.view != "" {
				f.View = tt.view
			} else {
				lines := strings.Split(f.View, "\n")
				fields := strings.Fields(lines[1])
				fields[1] = "north"
				lines[1] = strings.Join(fields, " ")
				f.View = strings.Join(lines, "\n")
			}
			_, err = Replay(r)
			if err == nil {
				t.Fatal("no error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not name %q", err, w)
				}
			}
			t.Log(err)
		})
	}
}
