// Command refuse imports packages of other modules that one Go 1.18 file
// cannot hold: TestRejects checks that the bundler names each and why.
// (The module says go 1.21: the go command refuses a dependency that
// needs a newer Go than the main module.)
package main

import (
	"fmt"

	"example.com/asm"
	"example.com/cgo"
	"example.com/embed"
	"example.com/linkname"
	"example.com/newgo"
	"example.com/release"
)

func main() {
	fmt.Println(asm.Add(1, 2), cgo.Answer(), embed.Data, linkname.Nanotime() > 0, newgo.Name(), release.Name())
}
