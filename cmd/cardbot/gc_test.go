package main

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestGarbageCollectedSoonerUnlessGOGCIsSet: the bot's default of 50 applies
// only when the operator has not chosen GOGC, and a GOGC chosen in .env
// (set after the runtime read its environment) applies as the runtime would.
func TestGarbageCollectedSoonerUnlessGOGCIsSet(t *testing.T) {
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	saved, had := os.LookupEnv("GOGC")
	defer func() {
		if had {
			os.Setenv("GOGC", saved)
		} else {
			os.Unsetenv("GOGC")
		}
	}()

	os.Unsetenv("GOGC")
	collectGarbageSooner()
	if got := debug.SetGCPercent(100); got != 50 {
		t.Errorf("without GOGC: GC percent %d, want 50", got)
	}
	for _, tc := range []struct {
		gogc string
		want int
	}{{"100", 100}, {"200", 200}, {"off", -1}, {"fast", 100}} {
		os.Setenv("GOGC", tc.gogc)
		collectGarbageSooner()
		if got := debug.SetGCPercent(100); got != tc.want {
			t.Errorf("with GOGC=%s: GC percent %d, want %d", tc.gogc, got, tc.want)
		}
	}
}
