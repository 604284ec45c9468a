// Package linkname reads the runtime's clock through //go:linkname.
package linkname

import _ "unsafe"

// Nanotime is the runtime's monotonic clock.
//
//go:linkname Nanotime runtime.nanotime
func Nanotime() int64
