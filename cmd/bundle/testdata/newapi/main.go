// Command newapi uses standard-library API newer than Go 1.18, in a
// language that Go 1.18 accepts.
package main

import (
	"fmt"
	"go/ast"
	"slices"
	"strings"
	"sync/atomic"
	"time"
)

func main() {
	rest, ok := strings.CutPrefix("MOVE 1 2", "MOVE ")
	var n atomic.Int64
	n.Add(1)
	t := time.Unix(0, 0)
	f := ast.File{FileStart: 1}
	fmt.Println(rest, ok, n.Load(), t.Compare(t), f.FileEnd, slices.Contains([]int{1}, 1))
}
