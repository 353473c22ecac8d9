// Package workers runs short jobs on goroutines that outlive them.
//
// A goroutine starts with a small stack and grows it by copying as a job
// calls deeper: drawing a hand, encoding its body and sending it runs a
// fresh goroutine's stack from 8 to 32 kB. The bot started one for every
// table's burst of work and every REST call it paced, thousands a second
// at 1,000 tables, and growing their stacks and starting and ending them
// was 6% of its CPU; discordgo's goroutine for each click, whose answer
// grew its stack the same way, was another 2%. Go hands a job to a
// goroutine that finished one before and waits for the next, whose stack
// has grown already; one is started only when none is waiting.
package workers

import "sync/atomic"

// MaxIdle is how many goroutines may wait for work at once; one that
// finishes a job with that many waiting ends. It bounds what a burst
// leaves behind: an idle goroutine keeps a few kilobytes of stack.
const MaxIdle = 64

var (
	// handoff is unbuffered: a send goes through only to a goroutine
	// waiting on it.
	handoff = make(chan func())
	idle    atomic.Int32
	started atomic.Int64 // goroutines started, for the tests
)

// Go runs fn on a waiting goroutine, or on a new one if none waits. Like
// the go statement, it does not wait for fn.
func Go(fn func()) {
	select {
	case handoff <- fn:
	default:
		started.Add(1)
		go work(fn)
	}
}

func work(fn func()) {
	for {
		fn()
		fn = nil // not kept alive while waiting
		if idle.Add(1) > MaxIdle {
			idle.Add(-1)
			return
		}
		fn = <-handoff
		idle.Add(-1)
	}
}
