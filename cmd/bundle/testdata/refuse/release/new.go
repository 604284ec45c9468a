//go:build go1.21

// Package release chooses its files by the Go release.
package release

// Name says which file was built.
func Name() string { return "go1.21 and later" }
