package table

import (
	"context"
	"time"

	"github.com/cardbot/cardbot/bot/ui"
)

// An Actor runs functions one at a time on its own goroutine. Every table
// owns one: discordgo calls handlers concurrently, and funnelling them all
// through one goroutine makes a table's state race-free by construction.
type Actor struct {
	jobs chan func()
	done chan struct{}
}

func newActor() *Actor {
	return &Actor{jobs: make(chan func(), 64), done: make(chan struct{})}
}

// run executes jobs until ctx ends. afterJob, if not nil, runs after every
// job, and onStop last, both on the actor's goroutine.
func (a *Actor) run(ctx context.Context, onStop, afterJob func()) {
	defer close(a.done)
	for {
		select {
		case <-ctx.Done():
			if onStop != nil {
				onStop()
			}
			return
		case job := <-a.jobs:
			job()
			if afterJob != nil {
				afterJob()
			}
		}
	}
}

// call runs fn on the actor and returns its reply, or nil if the actor has
// stopped or ctx ended first.
func (a *Actor) call(ctx context.Context, fn func() *ui.Reply) *ui.Reply {
	out := make(chan *ui.Reply, 1)
	select {
	case a.jobs <- func() { out <- fn() }:
	case <-a.done:
		return nil
	case <-ctx.Done():
		return nil
	}
	select {
	case r := <-out:
		return r
	case <-a.done:
		return nil
	}
}

// Post queues fn without waiting for it. Timers use it: they never touch a
// table's state themselves.
func (a *Actor) Post(fn func()) {
	go func() {
		select {
		case a.jobs <- fn:
		case <-a.done:
		}
	}()
}

// After runs fn on the actor once d has passed. The returned stop function
// cancels it if it has not fired yet.
func (a *Actor) After(d time.Duration, fn func()) (stop func() bool) {
	t := time.AfterFunc(d, func() { a.Post(fn) })
	return t.Stop
}
