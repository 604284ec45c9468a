package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestBakedFlags bundles testdata/climod, whose command defines -greeting
// and parses bakedArgs, with flags baked in: the bundle, run without
// arguments, plays with them; a flag the bot does not define, or without
// its value, is a bundle-time error naming it and showing the bot's flags.
func TestBakedFlags(t *testing.T) {
	tests := []struct {
		flags string
		out   string // what the bundle prints, or
		err   string // the error
	}{
		{flags: "-greeting Hello,", out: "Hello,CodersStrikeBack\n"},
		{flags: "  -greeting=Hi  ", out: "HiCodersStrikeBack\n"},
		{flags: "-greeting Hi -nope 3", err: `-flags "-greeting Hi -nope 3": the bundled bot refuses them: flag provided but not defined: -nope (exit status 2); its usage:`},
		{flags: "-greeting", err: "flag needs an argument: -greeting (exit status 2)"},
		{flags: "-greeting Hi -help", err: "-flags: -help would make the bot print its usage and exit"},
	}
	for _, tt := range tests {
		t.Run(tt.flags, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "csb.go")
			var stdout, stderr strings.Builder
			err := run([]string{"-C", "testdata/climod", "-game", "csb", "-flags", tt.flags, "-o", out}, &stdout, &stderr)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) || (strings.Contains(tt.err, "exit status") && !strings.Contains(err.Error(), "-greeting string")) {
					t.Fatalf("run = %v, want an error saying %q and showing the flags", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatalf("run: %v\n%s", err, stderr.String())
			}
			src, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if want := "var bakedArgs = []string{"; !strings.Contains(string(src), want) || !strings.Contains(string(src), "Flags baked in: "+strings.Join(strings.Fields(tt.flags), " ")+".") {
				t.Errorf("the bundle does not bake %q:\n%s", tt.flags, src)
			}
			dir := t.TempDir()
			os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module x\n\ngo 1.18\n"), 0o644)
			os.WriteFile(filepath.Join(dir, "bot.go"), src, 0o644)
			cmd := exec.Command("go", "run", ".")
			cmd.Dir = dir
			if got, err := cmd.Output(); err != nil || string(got) != tt.out {
				t.Errorf("the bundle prints %q (%v), want %q", got, err, tt.out)
			}
		})
	}
}

// TestBakeRefused checks the commands that cannot take baked flags: one
// without bakedArgs, one that never reads it.
func TestBakeRefused(t *testing.T) {
	_, err := bundle(options{dir: "testdata/golden", pattern: ".", tags: []string{"contest"}, flags: []string{"-x"}})
	if want := "-flags: golden declares no variable bakedArgs"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("golden: %v, want %q", err, want)
	}
	dir := writeModule(t, map[string]string{
		"go.mod":  "module unread\n\ngo 1.18\n",
		"main.go": "package main\n\nvar bakedArgs []string\n\nfunc main() {}\n",
	})
	_, err = bundle(options{dir: dir, pattern: ".", flags: []string{"-x"}})
	if want := "-flags: unread never reads bakedArgs"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("unread: %v, want %q", err, want)
	}
}
