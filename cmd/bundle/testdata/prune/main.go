package main

import (
	"fmt"

	"prune/lib"
)

func main() {
	var sh lib.Shape = lib.Square{Side: 3}
	var st lib.Stack[int]
	st.Push(1)
	st.Push(2)
	fmt.Println(lib.Used(), lib.Blue, sh.Area(), st.Len())
}
