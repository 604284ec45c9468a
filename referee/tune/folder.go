package tune

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"impulse/sim"
)

// Files of a tuning run in its folder.
const (
	SettingFile = "tune.json"   // the run's Setting, which a resumed run compares
	JournalFile = "theta.jsonl" // an Iteration per line (WriteIteration)
	PlotFile    = "theta.svg"   // each parameter's trajectory (WritePlot)
	CommandFile = "command.txt" // the tuned bot's command line, at the end
	// QueueFile holds the run's id on a queue: its pairs' runs are named
	// after it (Session.Server).
	QueueFile = "queue-run.txt"
)

// Setting is a tuning run's setting, kept in its folder as SettingFile:
// a run resumed in the folder must have the same.
type Setting struct {
	Game   string  `json:"game"`
	Bot    string  `json:"bot"`          // the tuned bot's command line, a {NAME} per parameter
	P2     string  `json:"p2,omitempty"` // the fixed opponent, or none
	Params []Param `json:"params"`
	// Games are the games in all: Iterations times GamesPerIteration.
	Games      int       `json:"games"`
	Iterations int       `json:"iterations"`
	Seed       int64     `json:"seed"`
	Rules      sim.Rules `json:"-"`
	RulesName  string    `json:"rules"` // Rules.String()
	TimeScale  float64   `json:"time_scale"`
}

// Start returns the parameters' starts, by Params.
func (s *Setting) Start() []float64 {
	v := make([]float64, len(s.Params))
	for i, p := range s.Params {
		v[i] = p.Start
	}
	return v
}

// GamesPerIteration returns the games an iteration plays: a pair, or
// two against the fixed opponent P2.
func (s *Setting) GamesPerIteration() int {
	if s.P2 != "" {
		return 4
	}
	return 2
}

// A SettingError says that a run cannot start in its folder as asked: a
// new run in a folder that holds one, or a run resumed with another
// setting. "referee tune" calls it a usage error.
type SettingError struct{ msg string }

func (e *SettingError) Error() string { return e.msg }

// Folder is a tuning run's folder, open: the journal appended to as
// iterations apply, the plot redrawn.
type Folder struct {
	Dir string
	// History are the iterations of the journal: those of the run
	// resumed, then those Record adds.
	History  []Iteration
	journal  *os.File
	lastPlot time.Time
}

// OpenFolder opens dir, created if missing, for the run of s with tuner
// t. A new run writes its setting, and is refused (a SettingError) in a
// folder that holds a journal. With resume, the folder's setting must be
// s's (else a SettingError); its journal is read into t and History, and
// cut after its last whole line (a run killed while writing one), where
// the run appends.
func OpenFolder(dir string, s *Setting, t *Tuner, resume bool) (*Folder, error) {
	setting, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return nil, err
	}
	setting = append(setting, '\n')
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	f := &Folder{Dir: dir}
	if resume {
		err = f.resume(setting, t)
	} else {
		err = f.create(setting)
	}
	if err != nil {
		return nil, err
	}
	f.journal, err = os.OpenFile(f.path(JournalFile), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, err
	}
	return f, nil
}

// path returns the path of the folder's file name.
func (f *Folder) path(name string) string { return filepath.Join(f.Dir, name) }

// create writes the setting of a new run, in a folder without a journal.
func (f *Folder) create(setting []byte) error {
	if _, err := os.Stat(f.path(JournalFile)); err == nil {
		return &SettingError{fmt.Sprintf("%s holds a run: -resume continues it, -o names another folder", f.Dir)}
	}
	return os.WriteFile(f.path(SettingFile), setting, 0o644)
}

// resume checks the folder's setting, reads the journal into t and
// History, and cuts a partial last line.
func (f *Folder) resume(setting []byte, t *Tuner) error {
	old, err := os.ReadFile(f.path(SettingFile))
	if err != nil {
		return fmt.Errorf("-resume: %w", err)
	}
	if !bytes.Equal(old, setting) {
		return &SettingError{fmt.Sprintf("-resume: the flags differ from the run in %s; its setting:\n%s", f.Dir, old)}
	}
	journal := f.path(JournalFile)
	r, err := os.Open(journal)
	if err != nil {
		return fmt.Errorf("-resume: %w", err)
	}
	its, good, err := ReadJournal(r)
	r.Close()
	if err != nil {
		return fmt.Errorf("-resume: %s: %w", journal, err)
	}
	if err := t.Resume(its); err != nil {
		return fmt.Errorf("-resume: %s: %w", journal, err)
	}
	if err := os.Truncate(journal, good); err != nil {
		return fmt.Errorf("-resume: %w", err)
	}
	f.History = its
	return nil
}

// Record appends it, just applied to t, to the journal and History, and
// redraws the plot when a second has passed since it was last drawn, and
// after the last iteration.
func (f *Folder) Record(t *Tuner, it *Iteration) error {
	if err := WriteIteration(f.journal, it); err != nil {
		return err
	}
	f.History = append(f.History, *it)
	if time.Since(f.lastPlot) > time.Second || t.K == t.Iterations {
		f.lastPlot = time.Now()
		return f.WritePlot(t)
	}
	return nil
}

// WritePlot draws History into PlotFile through a temporary file, so
// that a viewer never reads half of it.
func (f *Folder) WritePlot(t *Tuner) error {
	var b bytes.Buffer
	if err := WritePlot(&b, t, f.History); err != nil {
		return err
	}
	tmp := f.path(PlotFile + ".tmp")
	if err := os.WriteFile(tmp, b.Bytes(), 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, f.path(PlotFile))
}

// WriteCommand writes the tuned bot's command line to CommandFile.
func (f *Folder) WriteCommand(cmd string) error {
	return os.WriteFile(f.path(CommandFile), []byte(cmd+"\n"), 0o644)
}

// Close closes the journal.
func (f *Folder) Close() error { return f.journal.Close() }
