// Command csbr6 runs CSB-R6, the standard Coders Strike Back simulator
// workload (../shared/bench/csb-r6.md), and prints the time per turn with
// the fingerprint that proves the work was the right one:
//
//	go run ./bench/csbr6 [-states FILE] [-runs N] [-table]
//
// Each run plays all 1,000,272 turns on one core; the line gives the
// median of the runs.
package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"time"

	"impulse/bench"
)

func main() {
	log.SetPrefix("csbr6: ")
	log.SetFlags(0)
	states := flag.String("states", defaultStates(), "the workload's states file")
	runs := flag.Int("runs", 5, "number of timed runs (the median is printed)")
	table := flag.Bool("table", false, "find directions by a rotation table instead of math.Cos and math.Sin")
	flag.Parse()
	if flag.NArg() > 0 || *runs < 1 {
		flag.Usage()
		os.Exit(2)
	}
	if err := run(*states, *runs, *table); err != nil {
		log.Fatal(err)
	}
}

func defaultStates() string {
	_, file, _, ok := runtime.Caller(0)
	if ok {
		return filepath.Join(filepath.Dir(file), "..", "testdata", "csb-r6-states.txt")
	}
	return "bench/testdata/csb-r6-states.txt"
}

func run(path string, runs int, table bool) error {
	states, err := bench.LoadR6States(path)
	if err != nil {
		return err
	}
	runtime.GOMAXPROCS(1)
	r := bench.NewR6Runner(states, table)
	var ns []float64
	var res bench.R6Result
	for i := 0; i < runs; i++ {
		start := time.Now()
		res = r.Run()
		ns = append(ns, float64(time.Since(start).Nanoseconds())/float64(res.Turns))
	}
	sort.Float64s(ns)
	mode := "trig"
	if table {
		mode = "table"
	}
	fmt.Printf("CSB-R6 %s: %.1f ns/turn (median of %d; min %.1f, max %.1f), %d turns, %d collisions, checksum %.7g\n",
		mode, ns[len(ns)/2], runs, ns[0], ns[len(ns)-1], res.Turns, res.Collisions, res.Checksum)
	if res.Collisions != bench.R6Collisions {
		return fmt.Errorf("fingerprint: %d collisions, want %d", res.Collisions, bench.R6Collisions)
	}
	return nil
}
