// Package ext stands for a third-party package: CodinGame does not have it.
package ext

// Answer is 42.
func Answer() int { return 42 }
