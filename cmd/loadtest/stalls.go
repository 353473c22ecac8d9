package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// The stall probe's clock: it sleeps probeEvery and counts each wake-up
// later than stallOver past its due time.
const (
	probeEvery = 2 * time.Millisecond
	stallOver  = 10 * time.Millisecond
)

// stalls says how often the load generator itself could not run on time
// during the run: while it is stalled, clicks are not sent and answers not
// read, so every figure measured across a stall is late by it, whatever the
// bot did. Many long stalls mean the p99s describe the machine, not the bot.
type stalls struct {
	Count     int     `json:"count"`      // wake-ups more than stallOver late
	TotalMS   float64 `json:"total_ms"`   // their lateness added up
	LongestMS float64 `json:"longest_ms"` // the latest one
	KdamondOn bool    `json:"kdamond_on"` // the kernel's memory access monitor was running
}

// add counts a wake-up that came over late.
func (s *stalls) add(over time.Duration) {
	if over <= stallOver {
		return
	}
	ms := float64(over) / float64(time.Millisecond)
	s.Count++
	s.TotalMS += ms
	s.LongestMS = max(s.LongestMS, ms)
}

// line tells people what the probe saw, and what it means for the figures.
func (s stalls) line() string {
	l := fmt.Sprintf("load generator stalls (a 2 ms sleep woken over %v late): %d, %.0f ms in all, longest %.0f ms",
		stallOver, s.Count, s.TotalMS, s.LongestMS)
	if s.KdamondOn {
		l += "\n  kdamond (the kernel's memory access monitor) is on: on the 2-core test VMs it stalls the whole machine" +
			"\n  for 15-90 ms twice a second, and p99s measured there include those stalls (docs/load-testing.md: \"kdamond\")"
	}
	return l
}

// probeStalls runs the probe on a thread of its own until stop is closed,
// and returns what it saw.
func probeStalls(stop <-chan struct{}) func() stalls {
	var got stalls // the probe's own until done is closed
	done := make(chan struct{})
	go func() {
		defer close(done)
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		// A ticker would not do: its channel gets the time the runtime
		// fired it, not the time this goroutine got to run.
		prev := time.Now()
		for {
			select {
			case <-stop:
				return
			default:
			}
			time.Sleep(probeEvery)
			now := time.Now()
			got.add(now.Sub(prev) - probeEvery)
			prev = now
		}
	}()
	return func() stalls {
		<-done
		got.KdamondOn = kdamondOn("/sys/kernel/mm/damon/admin/kdamonds")
		return got
	}
}

// kdamondOn reports whether any DAMON monitor under dir is running. On the
// 2-core test VMs one samples all memory twice a second, and each pass holds
// a CPU for 15-90 ms: the whole machine stalls, a process at nice -15 too.
func kdamondOn(dir string) bool {
	states, _ := filepath.Glob(filepath.Join(dir, "*", "state"))
	for _, p := range states {
		if b, err := os.ReadFile(p); err == nil && strings.TrimSpace(string(b)) == "on" {
			return true
		}
	}
	return false
}
