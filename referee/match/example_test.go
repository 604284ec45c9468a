package match_test

import (
	"context"
	"fmt"
	"log"

	"impulse/referee/match"
)

// A match between two broken bots: "cat" echoes its input (an invalid
// answer), "true" exits at once. Each fails in its turn of round 0, so both
// are eliminated and every game is a draw.
func ExampleRun() {
	rep, err := match.Run(context.Background(), match.Options{
		Game: "csb",
		Players: [2]match.Player{
			{Name: "echo", Argv: []string{"cat"}},
			{Name: "quitter", Argv: []string{"true"}},
		},
		Games: 2, Parallel: 1, Seeds: []int64{42}, TimeScale: 1,
	})
	if err != nil {
		log.Fatal(err)
	}
	for _, g := range rep.Games {
		fmt.Printf("seed %d swapped %v: %s by p%d, ranks %v, %d turns\n", g.Seed, g.Swapped, g.End, g.Culprit, g.Ranks, g.Turns)
	}
	fmt.Println("pairs:", rep.Penta, "score:", rep.Penta.Score())
	// Output:
	// seed 42 swapped false: invalid output by p1, ranks [0 0], 1 turns
	// seed 42 swapped true: crash by p2, ranks [0 0], 1 turns
	// pairs: [0 0 1 0 0] score: 0.5
}
