// Package gear imports nothing of the module: Go initializes it first,
// before geom and game, since its path sorts before geom's and it waits for
// no package (the spec's order since Go 1.21).
package gear

import "fmt"

// Teeth is printed by init.
var Teeth = 12

func init() {
	fmt.Println("gear init:", Teeth)
}
