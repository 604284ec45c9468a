package view

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// get fetches path from srv and returns the status, content type and body.
func get(t *testing.T, srv *httptest.Server, path string) (int, string, []byte) {
	t.Helper()
	res, err := http.Get(srv.URL + path)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil {
		t.Fatal(err)
	}
	return res.StatusCode, res.Header.Get("Content-Type"), body
}

func replayQuery(id string) string { return "?replay=" + url.QueryEscape(id) }

// testFolder holds our csb-002, its CodinGame-shaped twin, the perturbed
// copy and a file that is not a replay.
func testFolder(t *testing.T) (dir string, files map[string]string) {
	dir = t.TempDir()
	ours := readFile(t, projectReplay("csb", "csb-002.json"))
	files = map[string]string{
		"ours":   filepath.Join(dir, "a-ours.json"),
		"cg":     filepath.Join(dir, "b-cg.json"),
		"broken": filepath.Join(dir, "c-broken.json"),
		"bad":    filepath.Join(dir, "sub", "d-perturbed.json"),
	}
	writeFile(t, files["ours"], ours)
	writeFile(t, files["cg"], asCodinGame(t, ours))
	writeFile(t, files["broken"], []byte(`{"gameResult": {"frames": []}}`))
	if err := os.Mkdir(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, files["bad"], perturbedCSB(t))
	writeFile(t, filepath.Join(dir, "notes.txt"), []byte("not listed"))
	return dir, files
}

func TestServerPageAndAssets(t *testing.T) {
	dir, _ := testFolder(t)
	srv := httptest.NewServer(NewServer([]string{dir}, Options{}))
	defer srv.Close()
	for _, tc := range []struct{ path, ctype, contains string }{
		{"/", "text/html", scriptLink},
		{"/assets/viewer.js", "javascript", "impulseViewer"},
		{"/assets/viewer.css", "text/css", "#field"},
	} {
		code, ctype, body := get(t, srv, tc.path)
		if code != http.StatusOK || !strings.Contains(ctype, tc.ctype) || !strings.Contains(string(body), tc.contains) {
			t.Errorf("GET %s: %d %q, body has %q: %v; want 200 %s", tc.path, code, ctype, tc.contains, strings.Contains(string(body), tc.contains), tc.ctype)
		}
	}
	if code, _, _ := get(t, srv, "/nothing-here"); code != http.StatusNotFound {
		t.Errorf("GET /nothing-here: %d, want 404", code)
	}
}

func TestServerReplays(t *testing.T) {
	dir, files := testFolder(t)
	srv := httptest.NewServer(NewServer([]string{dir}, Options{}))
	defer srv.Close()

	code, _, body := get(t, srv, "/api/replays")
	if code != http.StatusOK {
		t.Fatalf("GET /api/replays: %d %s", code, body)
	}
	var list struct {
		Replays []ReplayEntry
		Diff    bool
	}
	if err := json.Unmarshal(body, &list); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, r := range list.Replays {
		ids = append(ids, r.ID)
	}
	want := []string{files["ours"], files["cg"], files["broken"], files["bad"]}
	if strings.Join(ids, "\n") != strings.Join(want, "\n") || !list.Diff {
		t.Errorf("listed %q (diff %v), want %q (diff true)", ids, list.Diff, want)
	}

	// Ours and CodinGame's shape both come back in the page's shape, with
	// the same gameResult.
	var results []json.RawMessage
	for _, id := range []string{files["ours"], files["cg"]} {
		code, ctype, body := get(t, srv, "/api/replay"+replayQuery(id))
		if code != http.StatusOK || ctype != "application/json" {
			t.Fatalf("GET replay %s: %d %s", id, code, body)
		}
		var r struct{ GameResult json.RawMessage }
		if err := json.Unmarshal(body, &r); err != nil {
			t.Fatal(err)
		}
		results = append(results, r.GameResult)
	}
	var a, b map[string]any
	json.Unmarshal(results[0], &a)
	json.Unmarshal(results[1], &b)
	if len(a["frames"].([]any)) != len(b["frames"].([]any)) || a["agents"] == nil || b["agents"] == nil {
		t.Errorf("our and CodinGame's copies of csb-002 differ in frames or agents")
	}

	for _, tc := range []struct {
		query string
		code  int
		msg   string
	}{
		{"", http.StatusBadRequest, "no replay parameter"},
		{replayQuery("/etc/passwd"), http.StatusNotFound, "not one of the listed replays"},
		{replayQuery(filepath.Join(dir, "notes.txt")), http.StatusNotFound, "not one of the listed replays"},
		{replayQuery(files["broken"]), http.StatusUnprocessableEntity, "c-broken.json: gameResult.frames: no frames"},
	} {
		code, _, body := get(t, srv, "/api/replay"+tc.query)
		var e struct{ Error string }
		json.Unmarshal(body, &e)
		if code != tc.code || !strings.Contains(e.Error, tc.msg) {
			t.Errorf("GET /api/replay%s: %d %q, want %d and %q", tc.query, code, e.Error, tc.code, tc.msg)
		}
	}

	// A replay written after the server started is listed on the next call.
	late := filepath.Join(dir, "e-late.json")
	writeFile(t, late, readFile(t, files["ours"]))
	_, _, body = get(t, srv, "/api/replays")
	if !strings.Contains(string(body), "e-late.json") {
		t.Errorf("a replay added later is not listed: %s", body)
	}
}

func TestServerDiff(t *testing.T) {
	dir, files := testFolder(t)
	srv := httptest.NewServer(NewServer([]string{dir}, Options{}))
	defer srv.Close()

	diffOf := func(id string) DiffInfo {
		t.Helper()
		code, _, body := get(t, srv, "/api/diff"+replayQuery(id))
		if code != http.StatusOK {
			t.Fatalf("GET /api/diff %s: %d %s", id, code, body)
		}
		var d DiffInfo
		if err := json.Unmarshal(body, &d); err != nil {
			t.Fatal(err)
		}
		return d
	}
	d := diffOf(files["bad"])
	if d.Match || d.Frame != 2 || d.Error != "" || d.Ours == nil || d.Theirs == nil {
		t.Fatalf("diff of the perturbed replay: %+v, want a mismatch at frame 2 with both frames", d)
	}
	var ours struct {
		View struct{ Pods []struct{ X float64 } }
	}
	raw, _ := json.Marshal(d.Ours)
	json.Unmarshal(raw, &ours)
	if len(ours.View.Pods) != 4 || ours.View.Pods[0].X != 13140 {
		t.Errorf("ours as JSON: %s; want pod 0 at X 13140", raw)
	}

	// The diff is cached per version of the file: a rewritten file is
	// diffed again.
	data := readFile(t, files["bad"])
	fixed := strings.Replace(string(data), `13177.0 2423.0 `, `13140.0 2423.0 `, 2)
	writeFile(t, files["bad"], []byte(fixed))
	future := time.Now().Add(time.Hour)
	os.Chtimes(files["bad"], future, future)
	for _, f := range diffOf(files["bad"]).Fields {
		if f.Path == "View.Pods[0].X" {
			t.Errorf("after the file was fixed, the diff still lists %s: stale cache", f.Path)
		}
	}

	if d := diffOf(files["broken"]); d.Error == "" {
		t.Errorf("diff of a broken replay: %+v, want an error", d)
	}

	off := httptest.NewServer(NewServer([]string{dir}, Options{NoDiff: true}))
	defer off.Close()
	_, _, body := get(t, off, "/api/diff"+replayQuery(files["bad"]))
	if !strings.Contains(string(body), "diffing is off") {
		t.Errorf("with NoDiff: %s", body)
	}
}
