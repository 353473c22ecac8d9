//go:build race

package bot_test

// raceSlowdown is how much slower the bot runs under the race detector,
// which costs every memory access several times over: timing bounds in
// tests are scaled by it (measured: about 4× on this project's 2 cores).
const raceSlowdown = 6
