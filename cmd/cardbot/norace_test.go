//go:build !race

package main

// raceEnabled reports that the tests run with -race (see race_test.go).
const raceEnabled = false
