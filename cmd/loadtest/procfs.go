package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// clockTicks is the kernel's USER_HZ, the unit of utime and stime in
// /proc/PID/stat. Linux has fixed it at 100 on every architecture Go
// supports; reading it properly takes sysconf, which needs cgo.
const clockTicks = 100

// usage is one reading of a process's memory and CPU time.
type usage struct {
	rssKB int64         // VmRSS: resident memory
	cpu   time.Duration // user plus system time since the process started
	sys   time.Duration // of which system time: the kernel's work for its calls
}

// readUsage reads the usage of process pid ("self" for this one) from
// /proc.
func readUsage(pid string) (usage, error) {
	var u usage
	status, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		return u, err
	}
	sc := bufio.NewScanner(bytes.NewReader(status))
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "VmRSS:"); ok {
			kb, _ := strings.CutSuffix(strings.TrimSpace(rest), " kB")
			if u.rssKB, err = strconv.ParseInt(strings.TrimSpace(kb), 10, 64); err != nil {
				return u, fmt.Errorf("VmRSS %q: %w", rest, err)
			}
		}
	}
	stat, err := os.ReadFile("/proc/" + pid + "/stat")
	if err != nil {
		return u, err
	}
	// The command name, field 2, is in parentheses and may hold spaces;
	// the fields after it start with the state (field 3). utime and stime
	// are fields 14 and 15.
	i := bytes.LastIndexByte(stat, ')')
	if i < 0 {
		return u, fmt.Errorf("/proc/%s/stat: no command name", pid)
	}
	f := strings.Fields(string(stat[i+1:]))
	if len(f) < 13 {
		return u, fmt.Errorf("/proc/%s/stat: %d fields after the name", pid, len(f))
	}
	var ticks [2]int64 // utime, stime
	for i, s := range f[11:13] {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return u, fmt.Errorf("/proc/%s/stat: %w", pid, err)
		}
		ticks[i] = n
	}
	u.cpu = time.Duration(ticks[0]+ticks[1]) * time.Second / clockTicks
	u.sys = time.Duration(ticks[1]) * time.Second / clockTicks
	return u, nil
}
