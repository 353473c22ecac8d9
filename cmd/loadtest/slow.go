package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"time"
)

// slowReplyOver is how long a first reply must take to count as slow:
// twice the usual 50 ms round trip.
const slowReplyOver = 100 * time.Millisecond

// slowReplies says when in the run the slow first replies came. A p99 over
// its target is either one spell of a second or two (the machine stalled,
// a checkpoint, a collector cycle) or spread over the run, and which it is
// says where to look; set beside the generator's own stalls by second, it
// says whether the machine was the cause.
type slowReplies struct {
	OverMS  int          `json:"over_ms"`
	Count   int          `json:"count"`
	Seconds []slowSecond `json:"busiest_seconds"` // at most five, the most first
}

// slowSecond counts the slow first replies to the clicks sent in one
// second of the run (0: the first).
type slowSecond struct {
	Second int `json:"second"`
	Count  int `json:"count"`
}

// countSlowReplies groups the send times of the slow first replies by the
// second of the run they fall in, from start.
func countSlowReplies(sent []time.Time, start time.Time) slowReplies {
	out := slowReplies{OverMS: int(slowReplyOver / time.Millisecond), Count: len(sent)}
	bySecond := map[int]int{}
	for _, at := range sent {
		bySecond[int(at.Sub(start)/time.Second)]++
	}
	for s, n := range bySecond {
		out.Seconds = append(out.Seconds, slowSecond{Second: s, Count: n})
	}
	slices.SortFunc(out.Seconds, func(a, b slowSecond) int { return cmp.Or(b.Count-a.Count, a.Second-b.Second) })
	out.Seconds = out.Seconds[:min(len(out.Seconds), 5)]
	return out
}

// line tells people how many first replies were slow and when.
func (s slowReplies) line() string {
	l := fmt.Sprintf("first replies over %d ms: %d", s.OverMS, s.Count)
	if len(s.Seconds) == 0 {
		return l
	}
	parts := make([]string, len(s.Seconds))
	for i, sec := range s.Seconds {
		parts[i] = fmt.Sprintf("%d: %d", sec.Second, sec.Count)
	}
	return l + "; most in the run's seconds (second: count) " + strings.Join(parts, ", ")
}
