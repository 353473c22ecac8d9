package table

import (
	"context"
	"sync"
	"time"

	"github.com/cardbot/cardbot/bot/internal/workers"
	"github.com/cardbot/cardbot/bot/ui"
)

// An Actor runs functions one at a time, in the order they came. Every table
// owns one: discordgo calls handlers concurrently, and funnelling them all
// through one actor makes a table's state race-free by construction.
//
// An idle actor holds no goroutine: the first job to arrive has a goroutine
// run the queue until it is empty, and then go back to the pool it came
// from (workers.Go), for any actor's next job. Most of a thousand live
// tables are idle at any moment, and a parked goroutine per table cost more
// memory than the table's state.
type Actor struct {
	mu       sync.Mutex
	queue    []func()
	started  bool // start has been called: jobs may run
	running  bool // a goroutine is running the queue
	stopping bool // the context ended: no job is taken any more
	onStop   func()
	afterJob func()
	// later holds the current job's Later functions; only the goroutine
	// running the queue touches it.
	later   []func()
	stopped func()
	done    chan struct{} // closed once onStop has run
}

func newActor() *Actor {
	return &Actor{done: make(chan struct{})}
}

// start lets jobs run, those queued so far first. afterJob, if not nil, runs
// after every job; when ctx ends, jobs still queued are dropped and onStop runs
// last; both on the actor. stopped is called once onStop has returned.
func (a *Actor) start(ctx context.Context, onStop, afterJob, stopped func()) {
	a.mu.Lock()
	a.started, a.onStop, a.afterJob, a.stopped = true, onStop, afterJob, stopped
	a.wakeLocked()
	a.mu.Unlock()
	context.AfterFunc(ctx, func() {
		a.mu.Lock()
		a.stopping = true
		a.wakeLocked()
		a.mu.Unlock()
	})
}

// wakeLocked starts a goroutine to run the queue (or the stop), unless one
// runs already or there is nothing to do.
func (a *Actor) wakeLocked() {
	if a.running || !a.started || (len(a.queue) == 0 && !a.stopping) {
		return
	}
	select {
	case <-a.done:
		return // stopped for good
	default:
	}
	a.running = true
	workers.Go(a.runQueue) // a goroutine whose stack has grown already
}

// runQueue runs jobs until the queue is empty, or runs onStop and ends the
// actor once its context has ended.
func (a *Actor) runQueue() {
	for {
		a.mu.Lock()
		if a.stopping {
			a.queue = nil
			a.mu.Unlock()
			if a.onStop != nil {
				a.onStop()
			}
			close(a.done)
			if a.stopped != nil {
				a.stopped()
			}
			return
		}
		if len(a.queue) == 0 {
			a.running = false
			a.mu.Unlock()
			return
		}
		job := a.queue[0]
		a.queue[0] = nil
		a.queue = a.queue[1:]
		afterJob := a.afterJob
		a.mu.Unlock()
		job()
		for len(a.later) > 0 {
			fn := a.later[0]
			a.later = a.later[1:]
			fn()
		}
		a.later = nil
		if afterJob != nil {
			afterJob()
		}
	}
}

// enqueue adds fn to the queue, unless the actor is stopping.
func (a *Actor) enqueue(fn func()) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.stopping {
		return false
	}
	if len(a.queue) == 0 {
		a.queue = nil // let the drained slice's array go
	}
	a.queue = append(a.queue, fn)
	a.wakeLocked()
	return true
}

// call runs fn on the actor and returns its reply, or nil if the actor has
// stopped or ctx ended first.
func (a *Actor) call(ctx context.Context, fn func() *ui.Reply) *ui.Reply {
	if ctx.Err() != nil {
		return nil
	}
	out := make(chan *ui.Reply, 1)
	if !a.enqueue(func() { out <- fn() }) {
		return nil
	}
	select {
	case r := <-out:
		return r
	case <-a.done:
		return nil
	}
}

// Later runs fn on the actor as soon as the current job has finished, before
// any other job and before the job's afterJob. A job that answers a click
// uses it for the work the answer need not wait for (redrawing the table
// message and the other players' hands, drawing a picture): the answer is on
// its way to Discord while that work runs. Call it only from a job.
func (a *Actor) Later(fn func()) { a.later = append(a.later, fn) }

// Post queues fn without waiting for it. Timers use it: they never touch a
// table's state themselves.
func (a *Actor) Post(fn func()) { a.enqueue(fn) }

// After runs fn on the actor once d has passed. The returned stop function
// cancels it if it has not fired yet.
func (a *Actor) After(d time.Duration, fn func()) (stop func() bool) {
	t := time.AfterFunc(d, func() { a.Post(fn) })
	return t.Stop
}
