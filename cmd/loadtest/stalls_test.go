package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestStallsCountOnlyWakeUpsOverTheThreshold(t *testing.T) {
	var s stalls
	for i, late := range []time.Duration{0, 3 * time.Millisecond, stallOver, 12 * time.Millisecond, 40 * time.Millisecond, 11 * time.Millisecond} {
		s.add(late, i/2*7)
	}
	if s.Count != 3 || s.TotalMS != 63 || s.LongestMS != 40 || !slices.Equal(s.Seconds, []int{7, 14}) {
		t.Errorf("stalls = %+v, want 3 of them, 63 ms in all, longest 40 ms, in seconds 7 and 14", s)
	}
	if l := s.line(); !strings.Contains(l, ": 3, 63 ms in all, longest 40 ms; in the run's seconds 7, 14") || strings.Contains(l, "kdamond") {
		t.Errorf("line = %q", l)
	}
	s.KdamondOn = true
	if l := s.line(); !strings.Contains(l, "kdamond") {
		t.Errorf("line with kdamond on = %q, want it named", l)
	}
}

func TestKdamondOnReadsEveryMonitorsState(t *testing.T) {
	dir := t.TempDir()
	if kdamondOn(dir) || kdamondOn(filepath.Join(dir, "missing")) {
		t.Error("no monitors reported as on")
	}
	write := func(name, state string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name, "state"), []byte(state), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("0", "off\n")
	if kdamondOn(dir) {
		t.Error("a monitor that is off reported as on")
	}
	write("1", "on\n")
	if !kdamondOn(dir) {
		t.Error("a monitor that is on was missed")
	}
}

func TestProbeStallsStopsAndReports(t *testing.T) {
	stop := make(chan struct{})
	probed := probeStalls(stop)
	time.Sleep(20 * probeEvery)
	close(stop)
	done := make(chan stalls)
	go func() { done <- probed() }()
	select {
	case s := <-done:
		if (s.Count == 0) != (s.TotalMS == 0) || s.LongestMS > s.TotalMS {
			t.Errorf("stalls = %+v", s)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the probe did not stop")
	}
}
