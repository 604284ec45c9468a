//go:build !unix

package match

import (
	"os"
	"syscall"
)

// BUG(match): outside Unix a bot is not given a process group: the end of
// its game kills the bot alone, not the processes it started.

func botSysProcAttr() *syscall.SysProcAttr { return nil }

func killGroup(p *os.Process) { p.Kill() }
