// Command unexported prints whether b.Square implements a.Shape: false in
// Go, true once both packages are one.
package main

import (
	"fmt"

	"unexported/a"
	"unexported/b"
)

func main() { fmt.Println(a.IsShape(b.Square{})) }
