//go:build fb

package main

import "climod/sim/fb"

const name = fb.Name
