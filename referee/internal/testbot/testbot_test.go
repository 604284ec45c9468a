package testbot

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

func TestMain(m *testing.M) {
	Main()
	os.Exit(m.Run())
}

// TestRun: only Word and a kind make a test bot.
func TestRun(t *testing.T) {
	for _, args := range [][]string{nil, {"-test.v"}, {Word}, {"racer", Word}} {
		if _, ok := Run(args); ok {
			t.Errorf("Run(%q) ran a bot", args)
		}
	}
}

// TestRacer plays a turn of CSB with racer150 and crash:0, run as the
// tests run them: the racer heads for each pod's next checkpoint, the
// crasher exits with status 3.
func TestRacer(t *testing.T) {
	// 3 laps, 2 checkpoints, 4 pods: x y vx vy angle nextCheckpointId.
	input := "3\n2\n1000 2000\n3000 4000\n" + strings.Repeat("0 0 0 0 0 1\n", 2) + strings.Repeat("0 0 0 0 0 0\n", 2)
	argv := Argv("racer150")
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin = strings.NewReader(input)
	out, err := cmd.Output()
	if want := "3000 4000 150\n3000 4000 150\n"; err != nil || string(out) != want {
		t.Errorf("racer150: %q, %v; want %q, status 0", out, err, want)
	}
	argv = Argv("crash:0")
	cmd = exec.Command(argv[0], argv[1:]...)
	cmd.Stdin = strings.NewReader(input)
	out, err = cmd.Output()
	if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 3 || len(out) != 0 {
		t.Errorf("crash:0: %q, %v; want nothing, status 3", out, err)
	}
}
