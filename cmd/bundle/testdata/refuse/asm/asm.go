// Package asm has a function written in assembly.
package asm

// Add returns a+b (add.s).
func Add(a, b int) int
