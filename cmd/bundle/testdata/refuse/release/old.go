//go:build !go1.21

package release

// Name says which file was built.
func Name() string { return "before go1.21" }
