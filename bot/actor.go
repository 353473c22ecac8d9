package bot

import (
	"context"
	"time"
)

// An actor runs functions one at a time on its own goroutine. Every table
// owns one: discordgo calls handlers concurrently, and funnelling them all
// through one goroutine makes a table's state race-free by construction.
type actor struct {
	jobs chan func()
	done chan struct{}
}

func newActor() *actor {
	return &actor{jobs: make(chan func(), 64), done: make(chan struct{})}
}

// run executes jobs until ctx ends. onStop runs last, on the actor's goroutine.
func (a *actor) run(ctx context.Context, onStop func()) {
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
		}
	}
}

// call runs fn on the actor and returns its reply, or nil if the actor has
// stopped or ctx ended first.
func (a *actor) call(ctx context.Context, fn func() *Reply) *Reply {
	out := make(chan *Reply, 1)
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

// post queues fn without waiting for it. Timers use it: they never touch a
// table's state themselves.
func (a *actor) post(fn func()) {
	go func() {
		select {
		case a.jobs <- fn:
		case <-a.done:
		}
	}()
}

// after runs fn on the actor once d has passed. The returned stop function
// cancels it if it has not fired yet.
func (a *actor) after(d time.Duration, fn func()) (stop func() bool) {
	t := time.AfterFunc(d, func() { a.post(fn) })
	return t.Stop
}
