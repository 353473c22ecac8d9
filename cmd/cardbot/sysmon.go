package main

import "strings"

// The Go runtime's monitor thread (sysmon) sleeps deeply whenever every P
// is idle, and the next system call wakes it and sets it back to waking
// every 20 µs for at least 50 periods (runtime/proc.go: sysmon,
// entersyscall). A bot under load goes idle between clicks hundreds of
// times a second and makes a system call (a cgo call into SQLite, a socket
// write) right after each, so its monitor never slows down: in a load run
// at 500 clicks a second it woke 2,220 times a second and was 6–10% of the
// bot's CPU samples, nearly all of it context switches. GODEBUG's
// schedtrace keeps sysmon out of that deep sleep; then it wakes 353 times a
// second and slows down to its 10 ms period when nothing needs it, and the
// bot used about a fifth less CPU a click in the alternating load runs of
// 2026-11-26 (docs/performance.md).
//
// The runtime reads GODEBUG once, before main, so the bot runs itself again
// with the setting (see keepSchedulerMonitorSteady). Its value is the
// longest period schedtrace takes, about 24.8 days: it prints its one-line
// trace that seldom (and at start on a machine up for longer: the runtime
// counts from the machine's boot).
const schedtraceSetting = "schedtrace=2147483647"

// withSchedtrace returns environ with schedtraceSetting added to GODEBUG,
// or ok false when GODEBUG already names schedtrace: the operator's choice
// (GODEBUG=schedtrace=0 turns this off), or the bot's own, after it ran
// itself again.
func withSchedtrace(environ []string) (env []string, ok bool) {
	godebug, at := "", -1
	for i, kv := range environ {
		if v, found := strings.CutPrefix(kv, "GODEBUG="); found {
			godebug, at = v, i
		}
	}
	for _, setting := range strings.Split(godebug, ",") {
		if key, _, _ := strings.Cut(setting, "="); strings.TrimSpace(key) == "schedtrace" {
			return environ, false
		}
	}
	env = append([]string{}, environ...)
	if at < 0 {
		return append(env, "GODEBUG="+schedtraceSetting), true
	}
	if godebug != "" {
		godebug += ","
	}
	env[at] = "GODEBUG=" + godebug + schedtraceSetting
	return env, true
}
