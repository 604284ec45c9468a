package referee

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// lastDirFile is the file, under os.UserCacheDir(), that remembers the
// folder the last match wrote its replays to.
const lastDirFile = "impulse/last-replays-dir"

// SetLastReplaysDir records dir, made absolute, as the folder the last
// match wrote its replays to, so that "referee view" with no argument opens
// it. The record is one line in os.UserCacheDir()/impulse/last-replays-dir.
func SetLastReplaysDir(dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return fmt.Errorf("last replays folder: %w", err)
	}
	path, err := lastDirPath()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("last replays folder: %w", err)
	}
	// Write then rename, so that a reader never sees half a path.
	tmp, err := os.CreateTemp(filepath.Dir(path), "last-replays-dir-*")
	if err != nil {
		return fmt.Errorf("last replays folder: %w", err)
	}
	_, werr := tmp.WriteString(abs + "\n")
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("last replays folder: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		os.Remove(tmp.Name())
		return fmt.Errorf("last replays folder: %w", err)
	}
	return nil
}

// LastReplaysDir returns the folder recorded by SetLastReplaysDir. When
// nothing is recorded, or the recorded folder no longer exists, the error
// satisfies errors.Is(err, fs.ErrNotExist).
func LastReplaysDir() (string, error) {
	path, err := lastDirPath()
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("no match has recorded its replays folder yet (%s): %w", path, fs.ErrNotExist)
	}
	if err != nil {
		return "", fmt.Errorf("last replays folder: %w", err)
	}
	dir := strings.TrimSpace(string(data))
	if dir == "" {
		return "", fmt.Errorf("%s: empty: %w", path, fs.ErrNotExist)
	}
	st, err := os.Stat(dir)
	if err != nil {
		return "", fmt.Errorf("the last match's replays folder: %w", err)
	}
	if !st.IsDir() {
		return "", fmt.Errorf("the last match's replays folder %s is not a folder", dir)
	}
	return dir, nil
}

func lastDirPath() (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("last replays folder: %w", err)
	}
	return filepath.Join(cache, filepath.FromSlash(lastDirFile)), nil
}
