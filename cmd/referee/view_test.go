package main

import (
	"bytes"
	"errors"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// isolateCache points os.UserCacheDir at a fresh folder, so that the last
// match's replays folder is the test's own.
func isolateCache(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", cache)
	t.Setenv("HOME", cache)
}

func copyReplay(t *testing.T, dst string) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "replays", "csb", "csb-046.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestViewExport(t *testing.T) {
	isolateCache(t)
	dir := t.TempDir()
	src := filepath.Join(dir, "game.json")
	copyReplay(t, src)
	out := filepath.Join(dir, "game.html")
	var stdout bytes.Buffer
	err := runView([]string{"-o", out, src}, &stdout)
	if err != nil {
		t.Fatalf("view -o: exit %d, %v", exitCode(err), err)
	}
	page, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(page, []byte(`id="impulse-data"`)) || !strings.Contains(stdout.String(), out) {
		t.Errorf("view -o wrote %d bytes without the replay, or did not say where (%q)", len(page), stdout.String())
	}

	// With no PATH, the last match's replays folder.
	if err := recordReplaysDir(dir); err != nil {
		t.Fatal(err)
	}
	out2 := filepath.Join(t.TempDir(), "last.html")
	if err := runView([]string{"-o", out2, "-diff=false"}, &stdout); err != nil {
		t.Fatalf("view -o with the last match's folder: exit %d, %v", exitCode(err), err)
	}
	if _, err := os.Stat(out2); err != nil {
		t.Error(err)
	}
}

func TestViewUsageErrors(t *testing.T) {
	isolateCache(t)
	dir := t.TempDir()
	copyReplay(t, filepath.Join(dir, "a.json"))
	copyReplay(t, filepath.Join(dir, "b.json"))
	out := filepath.Join(t.TempDir(), "x.html")
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"nothing recorded, no path", nil, "try: referee view replays/"},
		{"-o with two replays", []string{"-o", out, dir}, "give exactly one replay"},
		{"-o with none", []string{"-o", out, t.TempDir()}, "give exactly one replay"},
		{"not loopback", []string{"-addr", "0.0.0.0:0", dir}, "not a loopback address"},
		{"missing path", []string{filepath.Join(dir, "nope.json")}, "nope.json"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			err := runView(tc.args, &bytes.Buffer{})
			if err == nil || exitCode(err) == 0 || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("view %q: exit %d, %v; want an error containing %q", tc.args, exitCode(err), err, tc.want)
			}
		})
	}
	var u usageError
	if err := runView(nil, &bytes.Buffer{}); !errors.As(err, &u) {
		t.Errorf("no path and nothing recorded: %v is not a usage error (exit 2)", err)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed -o wrote its file")
	}
}

func TestListenLoopback(t *testing.T) {
	taken, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer taken.Close()
	addr := taken.Addr().String()
	if ln, err := listenLoopback(addr, false); err == nil {
		ln.Close()
		t.Errorf("listenLoopback(%s, no fallback) on a taken port: no error", addr)
	}
	ln, err := listenLoopback(addr, true)
	if err != nil {
		t.Fatalf("listenLoopback(%s, fallback): %v", addr, err)
	}
	defer ln.Close()
	if ln.Addr().String() == addr || !ln.Addr().(*net.TCPAddr).IP.IsLoopback() {
		t.Errorf("fallback listens on %s, want another loopback port", ln.Addr())
	}
	for _, bad := range []string{"0.0.0.0:0", "example.com:80", ":0", "nonsense"} {
		if ln, err := listenLoopback(bad, true); err == nil {
			ln.Close()
			t.Errorf("listenLoopback(%q): no error", bad)
		}
	}
	for _, good := range []string{"localhost:0", "[::1]:0", "127.0.0.2:0"} {
		ln, err := listenLoopback(good, false)
		if err != nil {
			// ::1 may be missing where IPv6 is off; other failures count.
			if strings.Contains(good, "::1") {
				continue
			}
			t.Errorf("listenLoopback(%q): %v", good, err)
			continue
		}
		ln.Close()
	}
}
