package queue_test

import (
	"context"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"impulse/referee/match"
	"impulse/referee/queue"
)

// Example plays a match on a queue: a server, a worker and the match, in
// one process here, on three machines as well. The bots are the test
// binary's deterministic racers, run as built-ins (referee's built-ins
// are its own binary and "bot").
func Example() {
	dir, err := os.MkdirTemp("", "impulse-queue-example-")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	s, err := queue.Start(queue.ServerConfig{Listen: "127.0.0.1:0", StoreDir: filepath.Join(dir, "queue")})
	if err != nil {
		log.Fatal(err)
	}
	defer s.Shutdown()
	builtin := []string{os.Args[0], "impulse-testbot"}

	// A worker.
	w, err := queue.Dial(s.URL(), "")
	if err != nil {
		log.Fatal(err)
	}
	defer w.Close()
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	go w.Work(ctx, queue.WorkerConfig{Name: "w1", Parallel: 2, Builtin: builtin, CacheDir: filepath.Join(dir, "bots")})

	// The match: its players shipped, the queue as its runner.
	c, err := queue.Dial(s.URL(), "")
	if err != nil {
		log.Fatal(err)
	}
	defer c.Close()
	o := match.Options{Game: "csb", Games: 4, Seeds: []int64{7}, TimeScale: 10, Players: [2]match.Player{
		{Name: "racer150", Argv: []string{os.Args[0], "impulse-testbot", "racer150"}},
		{Name: "racer", Argv: []string{os.Args[0], "impulse-testbot", "racer"}},
	}}
	r := &queue.Remote{Client: c, ID: queue.NewRunID()}
	for p := range o.Players {
		if r.Players[p], _, err = c.Ship(ctx, o.Players[p], builtin); err != nil {
			log.Fatal(err)
		}
	}
	o.Runner = r
	rep, err := match.Run(ctx, o)
	if err != nil {
		log.Fatal(err)
	}
	for _, g := range rep.Games {
		fmt.Printf("seed %d, racer150 in seat %d: ranks %v, %d turns, %s\n", g.Seed, map[bool]int{false: 1, true: 2}[g.Swapped], g.Ranks, g.Turns, g.End)
	}
	// Output:
	// seed 7, racer150 in seat 1: ranks [1 0], 191 turns, race finished
	// seed 7, racer150 in seat 2: ranks [1 0], 172 turns, race finished
	// seed 8, racer150 in seat 1: ranks [1 0], 319 turns, race finished
	// seed 8, racer150 in seat 2: ranks [1 0], 317 turns, race finished
}
