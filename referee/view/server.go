package view

import (
	"embed"
	"encoding/json"
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"time"

	"impulse/referee/replay"
)

//go:embed assets
var assets embed.FS

// Options tunes a Server.
type Options struct {
	// NoDiff turns off diffing: the page plays replays without ghosts.
	NoDiff bool
}

// Server serves the viewer for the replays under some files or folders.
// Its routes:
//
//	GET /                        the page
//	GET /assets/...              its script and style sheet
//	GET /api/replays             {"replays": [{"id", "name", "size", "modTime"}]}
//	GET /api/replay?replay=ID    the replay, normalised (see Normalize)
//	GET /api/diff?replay=ID      its DiffInfo
//
// An ID is a replay's path as listed; only listed replays are served. The
// list is read again on each request, so replays written after the server
// started appear on reload. Diffs are cached by path, size and time.
type Server struct {
	paths []string
	opts  Options
	mux   *http.ServeMux

	mu    sync.Mutex
	diffs map[string]cachedDiff // by path
}

// cachedDiff is the diff of one version of a file.
type cachedDiff struct {
	size int64
	mod  time.Time
	info *DiffInfo
}

// ReplayEntry is one replay in the list.
type ReplayEntry struct {
	ID      string    `json:"id"`
	Name    string    `json:"name"`
	Size    int64     `json:"size"`
	ModTime time.Time `json:"modTime"`
}

// NewServer returns a server for the replays under paths: files as given,
// folders searched for *.json (replay.Files).
func NewServer(paths []string, opts Options) *Server {
	s := &Server{paths: paths, opts: opts, mux: http.NewServeMux(), diffs: map[string]cachedDiff{}}
	sub, _ := fs.Sub(assets, "assets")
	s.mux.Handle("GET /assets/", http.StripPrefix("/assets/", http.FileServerFS(sub)))
	s.mux.HandleFunc("GET /{$}", s.index)
	s.mux.HandleFunc("GET /api/replays", s.list)
	s.mux.HandleFunc("GET /api/replay", s.replay)
	s.mux.HandleFunc("GET /api/diff", s.diff)
	return s
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	s.mux.ServeHTTP(w, r)
}

// Replays lists the replays the server offers.
func (s *Server) Replays() ([]ReplayEntry, error) {
	files, err := replay.Files(s.paths)
	if err != nil {
		return nil, err
	}
	out := make([]ReplayEntry, 0, len(files))
	for _, f := range files {
		e := ReplayEntry{ID: f, Name: f}
		if st, err := os.Stat(f); err == nil {
			e.Size, e.ModTime = st.Size(), st.ModTime()
		}
		out = append(out, e)
	}
	return out, nil
}

func (s *Server) index(w http.ResponseWriter, r *http.Request) {
	page, err := assets.ReadFile("assets/index.html")
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Write(page)
}

func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	list, err := s.Replays()
	if err != nil {
		httpError(w, err, http.StatusInternalServerError)
		return
	}
	writeJSON(w, struct {
		Replays []ReplayEntry `json:"replays"`
		Diff    bool          `json:"diff"`
	}{list, !s.opts.NoDiff})
}

// lookup finds the listed replay named by the request's replay parameter.
func (s *Server) lookup(w http.ResponseWriter, r *http.Request) (path string, ok bool) {
	id := r.URL.Query().Get("replay")
	if id == "" {
		httpError(w, errors.New("no replay parameter"), http.StatusBadRequest)
		return "", false
	}
	files, err := replay.Files(s.paths)
	if err != nil {
		httpError(w, err, http.StatusInternalServerError)
		return "", false
	}
	for _, f := range files {
		if f == id {
			return f, true
		}
	}
	httpError(w, errors.New(id+": not one of the listed replays"), http.StatusNotFound)
	return "", false
}

func (s *Server) replay(w http.ResponseWriter, r *http.Request) {
	path, ok := s.lookup(w, r)
	if !ok {
		return
	}
	data, err := os.ReadFile(path)
	if err != nil {
		httpError(w, err, http.StatusInternalServerError)
		return
	}
	norm, err := Normalize(data)
	if err != nil {
		httpError(w, errors.New(path+": "+err.Error()), http.StatusUnprocessableEntity)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(norm)
}

func (s *Server) diff(w http.ResponseWriter, r *http.Request) {
	path, ok := s.lookup(w, r)
	if !ok {
		return
	}
	if s.opts.NoDiff {
		writeJSON(w, DiffInfo{Error: "diffing is off (-diff=false)"})
		return
	}
	info, err := s.diffOf(path)
	if err != nil {
		httpError(w, err, http.StatusInternalServerError)
		return
	}
	writeJSON(w, info)
}

// cachedDiff diffs the replay at path once per version of the file.
func (s *Server) diffOf(path string) (*DiffInfo, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	c, ok := s.diffs[path]
	s.mu.Unlock()
	if ok && c.size == st.Size() && c.mod.Equal(st.ModTime()) {
		return c.info, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	d := DiffReplay(data)
	s.mu.Lock()
	s.diffs[path] = cachedDiff{st.Size(), st.ModTime(), &d}
	s.mu.Unlock()
	return &d, nil
}

func writeJSON(w http.ResponseWriter, v any) {
	data, err := json.Marshal(v)
	if err != nil {
		httpError(w, err, http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Write(data)
}

// httpError answers {"error": "..."} so that the page can show the reason.
func httpError(w http.ResponseWriter, err error, code int) {
	data, _ := json.Marshal(struct {
		Error string `json:"error"`
	}{err.Error()})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	w.Write(data)
}

// displayName is the name a replay goes by in a page title.
func displayName(path string) string { return filepath.Base(path) }
