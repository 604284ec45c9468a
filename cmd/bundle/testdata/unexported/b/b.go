// Package b has a type with a method named like a's unexported one.
package b

// Square has a method area, which is not a.Shape's area.
type Square struct{}

func (Square) area() float64 { return 1 }
