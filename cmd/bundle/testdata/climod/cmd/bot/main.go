// Command bot stands for the contest bot: main.go is common to both games.
package main

import "fmt"

func main() {
	fmt.Println(name)
}
