package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// lastDirFile is the file, under the user's cache folder
// (os.UserCacheDir), that remembers the folder the last match wrote its
// replays to. Only the command touches it: "referee match -replays DIR"
// writes it, "referee view" with no argument reads it.
const lastDirFile = "impulse/last-replays-dir"

// setLastReplaysDir records dir, made absolute, as the folder the last
// match wrote its replays to, so that "referee view" with no argument
// opens it. The record is one line in cache/impulse/last-replays-dir.
func setLastReplaysDir(cache, dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return fmt.Errorf("last replays folder: %w", err)
	}
	path := filepath.Join(cache, filepath.FromSlash(lastDirFile))
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

// lastReplaysDir returns the folder recorded by setLastReplaysDir under
// cache. When nothing is recorded, or the recorded folder no longer
// exists, the error satisfies errors.Is(err, fs.ErrNotExist).
func lastReplaysDir(cache string) (string, error) {
	path := filepath.Join(cache, filepath.FromSlash(lastDirFile))
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

// recordReplaysDir is setLastReplaysDir in the user's cache folder.
func recordReplaysDir(dir string) error {
	cache, err := os.UserCacheDir()
	if err != nil {
		return fmt.Errorf("last replays folder: %w", err)
	}
	return setLastReplaysDir(cache, dir)
}

// recordedReplaysDir is lastReplaysDir in the user's cache folder.
func recordedReplaysDir() (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("last replays folder: %w", err)
	}
	return lastReplaysDir(cache)
}
