//go:build unix

package main

import (
	"os"
	"syscall"
)

// keepSchedulerMonitorSteady runs the bot again, in the same process (same
// PID, same signals, same files), with schedtraceSetting in GODEBUG, unless
// GODEBUG names schedtrace already (see sysmon.go). It returns only when
// that is so, or when it could not: then the bot runs as it is.
func keepSchedulerMonitorSteady() {
	env, ok := withSchedtrace(os.Environ())
	if !ok {
		return
	}
	exe, err := os.Executable()
	if err != nil {
		return
	}
	_ = syscall.Exec(exe, os.Args, env)
}
