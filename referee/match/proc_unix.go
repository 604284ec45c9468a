//go:build unix

package match

import (
	"os"
	"syscall"
)

// killGroup kills the process group that p leads: the bot and whatever it
// started, unless they made groups of their own.
func killGroup(p *os.Process) { syscall.Kill(-p.Pid, syscall.SIGKILL) }
