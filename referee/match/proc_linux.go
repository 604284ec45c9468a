package match

import "syscall"

// botSysProcAttr puts a bot in a process group of its own, so that the end
// of its game kills its children too, and has the kernel kill it should the
// referee die without cleaning up.
func botSysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}
