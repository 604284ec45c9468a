package sim

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"
)

// TestNoFusedMultiplyAdd compiles the simulators for arm64, where the Go
// compiler may fuse x*y+z into one instruction, and fails on any fused
// instruction outside the deliberate math.FMA calls of jmath.go: a fused
// product is rounded once instead of twice and breaks bit-exactness with
// the Java engines.
func TestNoFusedMultiplyAdd(t *testing.T) {
	if testing.Short() {
		t.Skip("compiles for arm64")
	}
	// sim and every game package under it.
	cmd := exec.Command("go", "build", "-gcflags=-S", "./...")
	cmd.Env = append(os.Environ(), "GOARCH=arm64", "GOOS=linux", "CGO_ENABLED=0")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("go build for arm64: %v\n%s", err, out)
	}
	fused := regexp.MustCompile(`\t(FMADDD|FMSUBD|FNMADDD|FNMSUBD)\t`)
	n := 0
	for _, line := range strings.Split(string(out), "\n") {
		if fused.MatchString(line) && !strings.Contains(line, "jmath.go") {
			t.Errorf("fused multiply-add: %s", strings.TrimSpace(line))
			n++
		}
	}
	if !strings.Contains(string(out), "TEXT") {
		t.Fatal("no assembly listing: the check saw nothing")
	}
	t.Logf("%d fused instructions outside jmath.go", n)
}
