package main

import (
	"testing"
	"time"
)

func TestSlowRepliesAreCountedByTheSecondTheClickWasSent(t *testing.T) {
	start := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	at := func(ms int) time.Time { return start.Add(time.Duration(ms) * time.Millisecond) }
	var sent []time.Time
	for _, ms := range []int{12_100, 12_900, 13_000, 12_500, 40_999, 1_000, 2_000, 3_000, 4_000, 5_000} {
		sent = append(sent, at(ms))
	}
	s := countSlowReplies(sent, start)
	if s.Count != 10 || s.OverMS != 100 {
		t.Errorf("count %d over %d ms, want 10 over 100", s.Count, s.OverMS)
	}
	want := []slowSecond{{12, 3}, {1, 1}, {2, 1}, {3, 1}, {4, 1}}
	if len(s.Seconds) != len(want) {
		t.Fatalf("seconds %+v, want %+v", s.Seconds, want)
	}
	for i := range want {
		if s.Seconds[i] != want[i] {
			t.Errorf("seconds %+v, want %+v", s.Seconds, want)
			break
		}
	}
	if got, want := s.line(), "first replies over 100 ms: 10; most in the run's seconds (second: count) 12: 3, 1: 1, 2: 1, 3: 1, 4: 1"; got != want {
		t.Errorf("line = %q, want %q", got, want)
	}
	if got, want := countSlowReplies(nil, start).line(), "first replies over 100 ms: 0"; got != want {
		t.Errorf("line with none = %q, want %q", got, want)
	}
}
