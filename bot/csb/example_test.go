package csb_test

import (
	"io"
	"os"
	"strings"

	"impulse/bot"
	"impulse/bot/csb"
)

// The first turn of a race (3 laps, 4 checkpoints; the map of seed 2):
// the baseline bot's pods aim at checkpoint 1 at full thrust and BOOST,
// as checkpoint 1 ends the longest leg; its first rotation is free.
func ExampleRun() {
	input := `3
4
9542 1405
3634 4417
8004 7911
13306 5559
9315 978 0 0 -1 1
9769 1832 0 0 -1 1
8861 127 0 0 -1 1
10223 2683 0 0 -1 1
`
	err := csb.Run(strings.NewReader(input), os.Stdout, io.Discard, csb.Config{Config: bot.Config{Strategy: bot.StrategyBaseline}})
	if err != nil {
		panic(err)
	}
	// Output:
	// 3634 4417 BOOST
	// 3634 4417 BOOST
}
