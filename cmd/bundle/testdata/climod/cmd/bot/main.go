// Command bot stands for the contest bot: main.go is common to both games.
// It takes flags baked in by cmd/bundle -flags, as cmd/bot does.
package main

import (
	"flag"
	"fmt"
)

// bakedArgs are flags parsed before the command line's.
var bakedArgs []string

func main() {
	greeting := flag.String("greeting", "", "printed before the game's name")
	flag.CommandLine.Parse(bakedArgs)
	flag.Parse()
	fmt.Println(*greeting + name)
}
