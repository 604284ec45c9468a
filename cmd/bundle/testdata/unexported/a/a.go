// Package a declares an interface with an unexported method.
package a

// Shape is implemented only by types of package a: area is unexported.
type Shape interface{ area() float64 }

// IsShape reports whether x implements Shape.
func IsShape(x any) bool {
	_, ok := x.(Shape)
	return ok
}
