// Package a imports a package from outside the standard library.
package a

import "example.com/ext"

// Answer forwards ext.Answer.
func Answer() int { return ext.Answer() }
