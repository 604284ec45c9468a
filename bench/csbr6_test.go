package bench

import (
	"math"
	"path/filepath"
	"testing"
)

func loadR6(tb testing.TB) *R6Runner {
	tb.Helper()
	states, err := LoadR6States(filepath.Join("testdata", "csb-r6-states.txt"))
	if err != nil {
		tb.Fatal(err)
	}
	if len(states) != 52 {
		tb.Fatalf("%d states, the workload has 52", len(states))
	}
	return NewR6Runner(states, false)
}

// TestCSBR6Fingerprint runs the whole workload and checks the fingerprint
// of ../shared/bench/csb-r6.md: 355,157 collisions and a checksum of
// 9.487374e9 to 7 significant digits, with the trigonometric functions and
// with the rotation table.
func TestCSBR6Fingerprint(t *testing.T) {
	for _, table := range []bool{false, true} {
		r := loadR6(t)
		r.Table = table
		res := r.Run()
		if res.Turns != 52*R6Rollouts*R6Depth {
			t.Errorf("table=%v: %d turns, want %d", table, res.Turns, 52*R6Rollouts*R6Depth)
		}
		if res.Collisions != R6Collisions {
			t.Errorf("table=%v: %d collisions, want %d", table, res.Collisions, R6Collisions)
		}
		if got := roundSig(res.Checksum, 7); got != R6Checksum {
			t.Errorf("table=%v: checksum %.10g (%.7g), want %.7g", table, res.Checksum, got, R6Checksum)
		}
	}
}

// roundSig rounds x to n significant digits.
func roundSig(x float64, n int) float64 {
	e := math.Floor(math.Log10(math.Abs(x)))
	p := math.Pow(10, float64(n-1)-e)
	return math.Round(x*p) / p
}

func TestCSBR6Allocs(t *testing.T) {
	r := loadR6(t)
	var res R6Result
	if n := testing.AllocsPerRun(20, func() { r.Turns(600, &res) }); n != 0 {
		t.Errorf("600 turns of CSB-R6 allocate %v times", n)
	}
}

var sink R6Result

// BenchmarkCSBR6 times CSB-R6: one op is one simulated turn of 4 pods,
// plan drawing included. The trig sub-benchmark calls math.Cos and
// math.Sin for every pod and turn, table rotates the direction by a
// precomputed rotation of the integral degree delta.
func BenchmarkCSBR6(b *testing.B) { benchR6(b, false) }

// BenchmarkCSBR6Commands times CSB-R6 without its turns (CommandsOnly):
// the drawing of the plans and the commands (Rotate, and math.Sincos or
// the rotation table), the share of BenchmarkCSBR6 that is not the
// simulator's Move.
func BenchmarkCSBR6Commands(b *testing.B) { benchR6(b, true) }

func benchR6(b *testing.B, commandsOnly bool) {
	for _, table := range []bool{false, true} {
		name := "trig"
		if table {
			name = "table"
		}
		b.Run(name, func(b *testing.B) {
			r := loadR6(b)
			r.Table, r.CommandsOnly = table, commandsOnly
			b.ReportAllocs()
			b.ResetTimer()
			var res R6Result
			r.Turns(b.N, &res)
			sink = res
		})
	}
}
