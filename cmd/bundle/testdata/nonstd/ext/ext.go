// Package ext stands for a third-party package, which the bundle holds.
package ext

// Answer is 42.
func Answer() int { return 42 }
