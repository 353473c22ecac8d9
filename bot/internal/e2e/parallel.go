package e2e

import (
	"flag"
	"os"
	"strconv"
	"testing"
	"time"
)

// Patience is how long a helper waits for what a test expects before it
// fails the test. Every wait ends as soon as its event comes, so a
// generous bound costs a passing test nothing. It was 5 s, too short for
// a -race run on a 2-core machine shared with another `go test -race`,
// where a step that takes 50 ms alone can take seconds.
const Patience = 30 * time.Second

// CallbackDeadline is how long a World's fake Discord gives the bot to
// answer an interaction: Discord's 3 s, three times that under the race
// detector. The bot defers what it cannot answer within 2 s
// (bot.Options.DeferAfter); under the race detector, on a 2-core machine
// shared with another `go test -race`, the process was starved past 3 s,
// its deferral timer firing late, which measures the machine, not the
// bot. Tests of the deferral itself check the callbacks' types.
const CallbackDeadline = raceSlowdown * 3 * time.Second

// Parallel is how many parallel tests Main runs at once, unless
// -test.parallel says otherwise. An end-to-end test spends most of its
// time waiting (timers, the fake's latency, the bot's pace), not on the
// CPU, so GOMAXPROCS (go test's default, 2 on the test machines) left
// the cores idle; more than this and the bots' interaction answers start
// to queue behind each other on a loaded machine.
const Parallel = 6

// Main runs a test package's tests with Parallel of its parallel tests at
// once, unless -test.parallel was given, and exits. Call it from the
// package's TestMain.
func Main(m *testing.M) {
	flag.Parse()
	given := false
	flag.Visit(func(f *flag.Flag) { given = given || f.Name == "test.parallel" })
	if !given {
		if err := flag.Set("test.parallel", strconv.Itoa(Parallel)); err != nil {
			panic("e2e: cannot set -test.parallel: " + err.Error())
		}
	}
	os.Exit(m.Run())
}
