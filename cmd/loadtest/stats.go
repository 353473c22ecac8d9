package main

import (
	"slices"
	"time"
)

// summary is one figure of the report, in milliseconds.
type summary struct {
	Name   string  `json:"name"`
	What   string  `json:"what"`
	Count  int     `json:"count"`
	Missed int     `json:"missed"` // events with nothing to measure to (see docs/load-testing.md)
	P50    float64 `json:"p50_ms"`
	P99    float64 `json:"p99_ms"`
	Max    float64 `json:"max_ms"`
}

// summarize computes the percentiles of s by nearest rank.
func summarize(name, what string, s series) summary {
	out := summary{Name: name, What: what, Count: len(s.d), Missed: s.missed}
	if len(s.d) == 0 {
		return out
	}
	d := slices.Clone(s.d)
	slices.Sort(d)
	out.P50 = ms(percentile(d, 50))
	out.P99 = ms(percentile(d, 99))
	out.Max = ms(d[len(d)-1])
	return out
}

// percentile returns the p-th percentile of sorted d by nearest rank: the
// smallest value with at least p% of the values at or below it.
func percentile(d []time.Duration, p int) time.Duration {
	i := (len(d)*p + 99) / 100
	return d[max(i, 1)-1]
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
