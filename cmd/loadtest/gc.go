package main

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// holdGarbageCollection turns this process's garbage collector off, up to a
// memory limit, unless GOGC or GOMEMLIMIT say otherwise. The fake Discord
// keeps every message, interaction and gateway frame of the run, a few
// hundred megabytes at 1,000 tables; each collection of that heap took
// 0.3-0.6 s with the process's goroutines made to help, every 5 s, and the
// clicks and answers caught in one were measured 100-250 ms late: most of
// the p99s the bot was blamed for. Real Discord has no such pauses. A
// 60-second run at 1,000 tables allocates about 2.5 GB here, under the
// limit, so it collects at most once or twice.
func holdGarbageCollection() {
	if _, set := os.LookupEnv("GOGC"); set {
		return
	}
	if _, set := os.LookupEnv("GOMEMLIMIT"); set {
		return
	}
	limit := int64(4 << 30)
	if b, err := os.ReadFile("/proc/meminfo"); err == nil {
		if total, err := memTotal(b); err == nil && total/2 < limit {
			limit = total / 2
		}
	}
	debug.SetGCPercent(-1)
	debug.SetMemoryLimit(limit)
}

// memTotal reads the machine's memory, in bytes, from /proc/meminfo.
func memTotal(meminfo []byte) (int64, error) {
	sc := bufio.NewScanner(bytes.NewReader(meminfo))
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), "MemTotal:")
		if !ok {
			continue
		}
		kb, _ := strings.CutSuffix(strings.TrimSpace(rest), " kB")
		n, err := strconv.ParseInt(strings.TrimSpace(kb), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("MemTotal %q: %w", rest, err)
		}
		return n << 10, nil
	}
	return 0, fmt.Errorf("no MemTotal in /proc/meminfo")
}
