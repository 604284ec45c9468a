// Command nonstd imports, through package a, a package of another module
// (example.com/ext, replaced by a folder), which the bundle holds: both
// declare Answer, which the bundle renames.
package main

import (
	"fmt"

	"nonstd/a"
)

func main() { fmt.Println(a.Answer()) }
