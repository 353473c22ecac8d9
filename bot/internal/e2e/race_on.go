//go:build race

package e2e

// raceSlowdown scales the fake's callback deadline under the race
// detector (see CallbackDeadline).
const raceSlowdown = 3
