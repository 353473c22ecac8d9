//go:build !unix

package main

// keepSchedulerMonitorSteady does nothing where a process cannot run
// itself again in place (see sysmon.go).
func keepSchedulerMonitorSteady() {}
