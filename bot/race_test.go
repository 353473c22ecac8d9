//go:build race

package bot_test

// raceSlowdown is how much slower the bot runs under the race detector,
// which costs every memory access several times over: timing bounds in
// tests are scaled by it. Measured on this project's 2 cores: about 4× with
// the machine to itself, twice that while go test runs other packages'
// race-built tests beside it, as CI does.
const raceSlowdown = 12
