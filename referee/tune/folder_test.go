package tune

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// folderSetting is the setting of a small run against the logistic match.
func folderSetting() Setting {
	return Setting{
		Game: "csb", Bot: "bot -x {x}", Seed: 3, Games: 20, Iterations: 10, TimeScale: 1, RulesName: "live",
		Params: []Param{{Name: "x", Start: 0, Min: -100, Max: 100, CEnd: 4, REnd: 0.05, Integer: true}},
	}
}

// runInFolder plays s in dir (resumed with resume) against the logistic
// match, recording each iteration in the folder, and stops after
// iteration stop (0: none); it returns the tuner.
func runInFolder(t *testing.T, dir string, s Setting, resume bool, stop int) *Tuner {
	t.Helper()
	tu := NewTuner(s.Params, s.Iterations, s.Seed)
	f, err := OpenFolder(dir, &s, tu, resume)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	halt := errors.New("halt")
	o := Options{Runner: &logisticMatch{optimum: []float64{30}, scale: []float64{20}}, Parallel: 2, Seed: s.Seed, Applied: f.History,
		Done: func(t *Tuner, it *Iteration) error {
			if err := f.Record(t, it); err != nil {
				return err
			}
			if it.K == stop {
				return halt
			}
			return nil
		}}
	if err := Run(context.Background(), tu, o); err != nil && err != halt {
		t.Fatal(err)
	}
	return tu
}

// TestFolder: a run writes its setting, a journal line per iteration, the
// plot and the tuned command; a second run into the folder, or a resumed
// one with another setting, is a SettingError; a run cut after 4
// iterations, with half a line, resumes from iteration 5, the half line
// cut, and ends with the whole run's journal.
func TestFolder(t *testing.T) {
	s := folderSetting()
	dir := filepath.Join(t.TempDir(), "run") // made by OpenFolder
	whole := runInFolder(t, dir, s, false, 0)
	journal, err := os.ReadFile(filepath.Join(dir, JournalFile))
	if err != nil || bytes.Count(journal, []byte("\n")) != 10 {
		t.Fatalf("journal of %d lines, %v; want 10", bytes.Count(journal, []byte("\n")), err)
	}
	setting, _ := os.ReadFile(filepath.Join(dir, SettingFile))
	if !strings.Contains(string(setting), `"bot": "bot -x {x}"`) || !strings.Contains(string(setting), `"rules": "live"`) {
		t.Errorf("%s:\n%s", SettingFile, setting)
	}
	if plot, err := os.ReadFile(filepath.Join(dir, PlotFile)); err != nil || !bytes.Contains(plot, []byte("SPSA: 10 of 10 iterations")) {
		t.Errorf("%s after the run: %v\n%s", PlotFile, err, plot)
	}

	var se *SettingError
	if _, err := OpenFolder(dir, &s, NewTuner(s.Params, s.Iterations, s.Seed), false); !errors.As(err, &se) || !strings.Contains(err.Error(), "holds a run") {
		t.Errorf("a new run in the folder: %v, want a SettingError", err)
	}
	other := s
	other.Seed = 5
	if _, err := OpenFolder(dir, &other, NewTuner(s.Params, s.Iterations, s.Seed), true); !errors.As(err, &se) || !strings.Contains(err.Error(), "flags differ") {
		t.Errorf("resumed with another seed: %v, want a SettingError", err)
	}

	lines := strings.SplitAfter(string(journal), "\n")
	if err := os.WriteFile(filepath.Join(dir, JournalFile), []byte(strings.Join(lines[:4], "")+lines[4][:10]), 0o644); err != nil {
		t.Fatal(err)
	}
	tu := NewTuner(s.Params, s.Iterations, s.Seed)
	f, err := OpenFolder(dir, &s, tu, true)
	if err != nil || tu.K != 4 || len(f.History) != 4 {
		t.Fatalf("resumed: iteration %d, %d in History, %v; want 4", tu.K, len(f.History), err)
	}
	f.Close()
	if cut, _ := os.ReadFile(filepath.Join(dir, JournalFile)); string(cut) != strings.Join(lines[:4], "") {
		t.Errorf("the journal resumed is not cut after its last whole line:\n%s", cut)
	}
	resumed := runInFolder(t, dir, s, true, 0)
	if again, _ := os.ReadFile(filepath.Join(dir, JournalFile)); string(again) != string(journal) || resumed.Theta[0] != whole.Theta[0] {
		t.Errorf("resumed journal:\n%s\nwant the whole run's:\n%s", again, journal)
	}
}

// TestFolderQueueRunID: a new run draws its id on a queue and keeps it, a
// resumed run reads it back, and a file that holds no id is an error.
func TestFolderQueueRunID(t *testing.T) {
	s := folderSetting()
	dir := t.TempDir()
	f, err := OpenFolder(dir, &s, NewTuner(s.Params, s.Iterations, s.Seed), false)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	id, err := f.QueueRunID(false)
	if err != nil || id == "" {
		t.Fatalf("QueueRunID: %q, %v", id, err)
	}
	if again, err := f.QueueRunID(true); again != id || err != nil {
		t.Errorf("QueueRunID resumed: %q, %v; want %q", again, err, id)
	}
	if err := os.WriteFile(filepath.Join(dir, QueueFile), []byte("a/b\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := f.QueueRunID(true); err == nil || !strings.Contains(err.Error(), "no run id") {
		t.Errorf("QueueRunID of a/b: %v, want an error", err)
	}
}

// TestProgress: off a terminal, the lines of every twentieth iteration
// and of the last; on a terminal, every iteration, redrawn in place.
func TestProgress(t *testing.T) {
	params := []Param{{Name: "x", Start: 0, Min: -100, Max: 100, CEnd: 4, REnd: 0.05, Integer: true}}
	for _, terminal := range []bool{false, true} {
		tu := NewTuner(params, 45, 1)
		var b strings.Builder
		p := NewProgress(&b, terminal, tu, 4)
		for k := 1; k <= tu.Iterations; k++ {
			it := tu.Perturb(k)
			tu.Update(&it, 1)
			p.Update(tu, &it)
		}
		got := b.String()
		shown, redrawn := strings.Count(got, "iteration "), strings.Count(got, "\x1b[2A")
		switch {
		case !terminal && (shown != 23 || redrawn != 0 || !strings.Contains(got, "iteration 45/45 (180 games), last r +1\n")):
			t.Errorf("off a terminal: %d iterations shown, want 22 (every 2) and the last:\n%s", shown, got)
		case terminal && (shown != 45 || redrawn != 44 || !strings.Contains(got, "iteration 45/45 (180 games), last r +1\x1b[K\n")):
			t.Errorf("on a terminal: %d iterations shown, %d redrawn; want 45, 44", shown, redrawn)
		}
		if !strings.Contains(got, "  x ") || !strings.Contains(got, "start 0 ") {
			t.Errorf("no line for parameter x:\n%s", got)
		}
	}
}
