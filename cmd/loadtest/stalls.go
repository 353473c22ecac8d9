package main

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
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
	// Seconds are the seconds of the run (0: the first) the stalls came in,
	// to set beside those of the slow replies.
	Seconds []int `json:"seconds"`
}

// add counts a wake-up that came over late, in the given second of the run.
func (s *stalls) add(over time.Duration, second int) {
	if over <= stallOver {
		return
	}
	ms := float64(over) / float64(time.Millisecond)
	if len(s.Seconds) == 0 || s.Seconds[len(s.Seconds)-1] != second {
		s.Seconds = append(s.Seconds, second)
	}
	s.Count++
	s.TotalMS += ms
	s.LongestMS = max(s.LongestMS, ms)
}

// maxStallSeconds is how many of the stalls' seconds the report's line lists.
const maxStallSeconds = 20

// line tells people what the probe saw, and what it means for the figures.
func (s stalls) line() string {
	l := fmt.Sprintf("load generator stalls (a 2 ms sleep woken over %v late): %d, %.0f ms in all, longest %.0f ms",
		stallOver, s.Count, s.TotalMS, s.LongestMS)
	if len(s.Seconds) > 0 {
		var secs []string
		for _, sec := range s.Seconds[:min(len(s.Seconds), maxStallSeconds)] {
			secs = append(secs, strconv.Itoa(sec))
		}
		if len(s.Seconds) > maxStallSeconds {
			secs = append(secs, "…")
		}
		l += "; in the run's seconds " + strings.Join(secs, ", ")
	}
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
		start := time.Now()
		prev := start
		for {
			select {
			case <-stop:
				return
			default:
			}
			time.Sleep(probeEvery)
			now := time.Now()
			got.add(now.Sub(prev)-probeEvery, int(now.Sub(start)/time.Second))
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
