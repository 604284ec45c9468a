// Package bench holds the project's speed workloads: CSB-R6, the standard
// Coders Strike Back simulator workload (../shared/bench/csb-r6.md), and the
// benchmarks of the searches and of Fantastic Bits turns. Run them with
//
//	go test ./bench -run '^$' -bench . -benchmem -count 5
//
// and compare runs with benchstat.
package bench
