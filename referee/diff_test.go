package referee

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// diffAll replays every replay of a game found in the project's replays/
// folder and, when present, in the shared corpus (../shared/replays): the
// games the official engine (or the live server) played are the expected
// values. folder is the replays' folder under both, game the -game name.
func diffAll(t *testing.T, folder, game string) {
	dirs := []string{filepath.Join("..", "replays", folder)}
	shared := filepath.Join("..", "..", "shared", "replays", folder)
	if _, err := os.Stat(shared); err == nil {
		dirs = append(dirs, shared)
	} else {
		t.Logf("%s not present: only the project's own replays are checked", shared)
	}
	files, err := ReplayFiles(dirs)
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
			r, err := ReadReplay(f)
			if err != nil {
				t.Fatal(err)
			}
			res, err := Diff(r)
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

func TestDiffDetectsAChange(t *testing.T) {
	// A replay whose recorded output was changed no longer matches: the
	// diff names the frame where the outputs part.
	r, err := ReadReplay(filepath.Join("..", "replays", "csb", "csb-002.json"))
	if err != nil {
		t.Fatal(err)
	}
	f := &r.GameResult.Frames[21]
	changed := strings.Replace(*f.Stdout, " 200\n", " 150\n", 1)
	if changed == *f.Stdout {
		t.Fatalf("frame 21 stdout %q has no thrust 200 to change", *f.Stdout)
	}
	f.Stdout = &changed
	res, err := Diff(r)
	if err != nil {
		t.Fatal(err)
	}
	if res.Match {
		t.Fatal("a changed thrust still matches")
	}
	if res.Frame != 21 && res.Frame != 22 {
		t.Errorf("mismatch reported at frame %d, want 21 (infos) or 22 (state)", res.Frame)
	}
}

func TestReadReplayErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ name, content, want string }{
		{"syntax.json", "{\n  \"gameResult\": {\n    \"frames\": [,]\n  }\n}", "line 3"},
		{"empty.json", `{"gameResult": {"frames": []}}`, "no frames"},
		{"other.json", `{"hello": 1}`, "not a replay"},
		{"type.json", `{"gameResult": {"frames": [{"view": 3}]}}`, "line 1"},
	}
	for _, tt := range tests {
		p := filepath.Join(dir, tt.name)
		if err := os.WriteFile(p, []byte(tt.content), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := ReadReplay(p)
		if err == nil || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), tt.name) {
			t.Errorf("%s: error %v, want one naming the file and %q", tt.name, err, tt.want)
		}
	}
}

func TestParseReplayWrapped(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "replays", "csb", "csb-054.json"))
	if err != nil {
		t.Fatal(err)
	}
	wrapped := append(append([]byte(`{"success": `), data...), '}')
	r, err := ParseReplay(wrapped)
	if err != nil {
		t.Fatal(err)
	}
	if res, err := Diff(r); err != nil || !res.Match {
		t.Errorf("wrapped replay: %v %+v", err, res)
	}
}

// TestDiffRebuildsMissingOutput removes the players' stdout from the real
// live games, as CodinGame's API serves some replays, and checks that the
// commands rebuilt from the views replay every frame exactly. Frames with a
// red message (an invalid line) keep their stdout: no view shows it.
func TestDiffRebuildsMissingOutput(t *testing.T) {
	files, err := ReplayFiles([]string{filepath.Join("..", "replays", "csb-live")})
	if err != nil || len(files) == 0 {
		t.Fatalf("no live replays: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			r, err := ReadReplay(f)
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
			res, err := Diff(r)
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
