// Package newgo is in a module that says go 1.21.
package newgo

// Name is the package's name.
func Name() string { return "newgo" }
