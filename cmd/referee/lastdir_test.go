package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestLastReplaysDir(t *testing.T) {
	cache := t.TempDir()
	if _, err := lastReplaysDir(cache); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("lastReplaysDir with nothing recorded: err = %v, want fs.ErrNotExist", err)
	}

	work := t.TempDir()
	t.Chdir(work)
	if err := os.Mkdir("replays", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := setLastReplaysDir(cache, "replays"); err != nil {
		t.Fatal(err)
	}
	got, err := lastReplaysDir(cache)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(work, "replays"); got != want {
		t.Errorf("lastReplaysDir = %q, want the absolute %q", got, want)
	}
	entries, err := os.ReadDir(filepath.Join(cache, "impulse"))
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "last-replays-dir" {
		t.Errorf("cache folder holds %v, want only last-replays-dir (no temporary files left)", entries)
	}

	// A later match overwrites the record.
	if err := os.Mkdir("other", 0o755); err != nil {
		t.Fatal(err)
	}
	if err := setLastReplaysDir(cache, filepath.Join(work, "other")); err != nil {
		t.Fatal(err)
	}
	if got, _ := lastReplaysDir(cache); got != filepath.Join(work, "other") {
		t.Errorf("after a second setLastReplaysDir: %q", got)
	}

	// A recorded folder that was deleted since reads as not recorded.
	if err := os.Remove("other"); err != nil {
		t.Fatal(err)
	}
	if _, err := lastReplaysDir(cache); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("lastReplaysDir of a deleted folder: err = %v, want fs.ErrNotExist", err)
	}
}
