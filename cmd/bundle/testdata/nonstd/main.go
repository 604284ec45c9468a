// Command nonstd imports, through package a, a module that is not the
// standard library.
package main

import (
	"fmt"

	"nonstd/a"
)

func main() { fmt.Println(a.Answer()) }
