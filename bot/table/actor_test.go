package table

import (
	"context"
	"runtime"
	"slices"
	"sync"
	"testing"

	"github.com/cardbot/cardbot/bot/internal/workers"
	"github.com/cardbot/cardbot/bot/ui"
)

// TestActorRunsJobsInOrderOneAtATime: jobs from many goroutines run one at a
// time, each sender's in the order sent, and afterJob follows every job.
func TestActorRunsJobsInOrderOneAtATime(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := newActor()
	var running, after int
	last := map[int]int{}
	a.start(ctx, nil, func() { after++ }, nil)
	var wg sync.WaitGroup
	for g := range 8 {
		wg.Go(func() {
			for i := range 200 {
				a.call(ctx, func() *ui.Reply {
					running++ // a race with another job would show under -race
					if last[g] != i {
						t.Errorf("sender %d: job %d ran after job %d", g, i, last[g]-1)
					}
					last[g] = i + 1
					running--
					return nil
				})
			}
		})
	}
	wg.Wait()
	if got := a.call(ctx, func() *ui.Reply { return &ui.Reply{} }); got == nil {
		t.Fatal("call returned no reply from a live actor")
	}
	// Read on the actor: afterJob of the last call may still be running when
	// the call returns.
	var n int
	a.call(ctx, func() *ui.Reply { n = after; return nil })
	if n != 8*200+1 {
		t.Errorf("afterJob ran %d times before the last job, want %d", n, 8*200+1)
	}
}

// TestIdleActorHoldsNoGoroutine: a thousand started, idle actors add no
// goroutines beyond the few that wait for any actor's next job
// (workers.MaxIdle); jobs posted before start wait for it.
func TestIdleActorHoldsNoGoroutine(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	before := runtime.NumGoroutine()
	actors := make([]*Actor, 1000)
	ran := make(chan int, len(actors))
	for i := range actors {
		actors[i] = newActor()
		actors[i].Post(func() { ran <- i })
	}
	if len(ran) != 0 {
		t.Fatal("a job ran before its actor started")
	}
	for _, a := range actors {
		a.start(ctx, nil, nil, nil)
	}
	for range actors {
		<-ran
	}
	for _, a := range actors {
		a.call(ctx, func() *ui.Reply { return nil }) // every queue has run dry
	}
	// A goroutine that ran a queue may still be returning from it; up to
	// workers.MaxIdle of them wait for the next job of any actor.
	for try := 0; runtime.NumGoroutine() > before+workers.MaxIdle+10; try++ {
		if try > 1000 {
			t.Fatalf("%d goroutines with 1,000 idle actors, %d before", runtime.NumGoroutine(), before)
		}
		runtime.Gosched()
	}
}

// TestActorStops: when the context ends, onStop runs on the actor after the job
// in progress, later jobs and calls are refused, and stopped is told.
func TestActorStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	a := newActor()
	inJob, release := make(chan struct{}), make(chan struct{})
	var order []string
	stopped := make(chan struct{})
	a.start(ctx, func() { order = append(order, "onStop") }, nil, func() { close(stopped) })
	a.Post(func() { close(inJob); <-release; order = append(order, "job") })
	a.Post(func() { order = append(order, "dropped") })
	<-inJob
	cancel()
	// The actor learns of the end of its context a moment later; until then
	// it still queues jobs, which are dropped with the rest.
	for a.enqueue(func() { order = append(order, "late") }) {
		runtime.Gosched()
	}
	close(release)
	<-stopped
	if len(order) != 2 || order[0] != "job" || order[1] != "onStop" {
		t.Errorf("ran %v, want the job in progress, then onStop", order)
	}
	if r := a.call(context.Background(), func() *ui.Reply { return &ui.Reply{} }); r != nil {
		t.Error("a stopped actor answered a call")
	}
}

// TestLaterRunsAfterTheAnswerBeforeTheNextJob: a job's Later work runs once
// the job's answer has been handed back (the caller does not wait for it),
// before afterJob and before any job queued meanwhile.
func TestLaterRunsAfterTheAnswerBeforeTheNextJob(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := newActor()
	var order []string
	a.start(ctx, nil, func() { order = append(order, "afterJob") }, nil)
	answered := make(chan struct{})
	reply := a.call(ctx, func() *ui.Reply {
		order = append(order, "job")
		a.Later(func() {
			<-answered // blocks until the caller holds the answer
			order = append(order, "later 1")
			a.Later(func() { order = append(order, "later 2") })
		})
		return &ui.Reply{}
	})
	if reply == nil {
		t.Fatal("no answer while the job's Later work was still to run")
	}
	a.Post(func() { order = append(order, "next job") })
	close(answered)
	var got []string
	a.call(ctx, func() *ui.Reply { got = append(got, order...); return nil })
	want := []string{"job", "later 1", "later 2", "afterJob", "next job", "afterJob"}
	if !slices.Equal(got, want) {
		t.Errorf("ran %q, want %q", got, want)
	}
}
