// Command newlang uses language features newer than Go 1.18.
package main

import "fmt"

// List is a generic type alias (Go 1.24).
type List[T any] = []T

func main() {
	m := map[int]int{1: 2}
	clear(m)                        // Go 1.21
	xs := List[int]{min(len(m), 1)} // Go 1.21
	for i := range 3 {              // Go 1.22
		xs = append(xs, i)
	}
	fmt.Println(xs, len(m))
}
