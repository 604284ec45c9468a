//go:build !fb

package main

import "climod/sim/csb"

const name = csb.Name
