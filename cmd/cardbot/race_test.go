//go:build race

package main

import "time"

// raceEnabled reports that the tests run with -race; the binary they start
// is then built with -race too, so a data race in the real process fails
// the test instead of going unseen in a child the detector does not watch.
const raceEnabled = true

// callbackDeadline is the fake Discord's limit for answering an interaction in
// the tests where virtual players crowd the bot (soakWorld): Discord's 3 s,
// doubled for a binary built with -race, which runs several times slower, as
// the bot packages' end-to-end tests scale theirs. The gateway cut of
// clickWhileCut still outlasts it.
const callbackDeadline = 6 * time.Second
