package geom

import "fmt"

// Table is filled by init: game's variables read it.
var Table [4]int

// Count depends on Table's length.
var Count = len(Table) * 2

func init() {
	for i := range Table {
		Table[i] = (i + 1) * 10
	}
	fmt.Println("geom init: table", Table)
}

func init() {
	fmt.Println("geom init 2")
}
