//go:build !race

package main

import "time"

// raceEnabled reports that the tests run with -race (see race_test.go).
const raceEnabled = false

// callbackDeadline is Discord's limit for answering an interaction (see
// race_test.go).
const callbackDeadline = 3 * time.Second
