//go:build !contest

package geom

import "example.com/profiler"

// Profile is left out of contest builds: it imports a package that is not
// in the standard library (and does not exist).
func Profile() { profiler.Start() }
