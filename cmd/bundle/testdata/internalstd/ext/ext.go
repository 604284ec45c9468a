// Package ext imports a package that only the standard library may.
package ext

import "internal/cpu"

// LineSize is the size of a cache line.
var LineSize = cpu.CacheLineSize
