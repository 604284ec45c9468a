//go:build unix && !linux

package match

import "syscall"

// botSysProcAttr puts a bot in a process group of its own, so that the end
// of its game kills its children too.
func botSysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }
