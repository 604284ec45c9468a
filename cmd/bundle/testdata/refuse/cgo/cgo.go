// Package cgo calls C.
package cgo

// static int answer(void) { return 42; }
import "C"

// Answer is 42, from C.
func Answer() int { return int(C.answer()) }
