package main

import (
	"os"
	"runtime/debug"
	"testing"
)

// TestGarbageCollectedSoonerUnlessGOGCIsSet: the bot's default of 50 applies
// only when the operator has not chosen GOGC.
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
	os.Setenv("GOGC", "100")
	collectGarbageSooner()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Errorf("with GOGC=100: GC percent %d, want it left at 100", got)
	}
}
