//go:build race

package main

// raceEnabled reports that the tests run with -race; the binary they start
// is then built with -race too, so a data race in the real process fails
// the test instead of going unseen in a child the detector does not watch.
const raceEnabled = true
