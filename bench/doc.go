// Package bench holds the project's speed workloads: CSB-R6, the standard
// Coders Strike Back simulator workload (../shared/bench/csb-r6.md), and the
// benchmarks of the searches and of Fantastic Bits turns. Run them with
//
//	go test ./bench -run '^$' -bench . -benchmem -count 5
//
// and compare runs with benchstat.
//
// On a shared or small machine, compare two versions by building each
// one's test binary (go test -c -o old.test ./bench, at each commit) and
// running them alternately, pinned to a core that nothing else uses
// (taskset -c 1 ./old.test -test.run '^$' -test.bench CSBR6 -test.cpu 1,
// then new.test, ten times or more), and compare medians: two runs of the
// same binary an hour apart on a loaded machine differ by more than most
// changes gain.
package bench
