package workers_test

import (
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/cardbot/cardbot/bot/internal/workers"
)

// TestJobsInTurnShareAGoroutine runs jobs one after another: after the
// first, each goes to the goroutine that ran the one before.
func TestJobsInTurnShareAGoroutine(t *testing.T) {
	done := make(chan struct{})
	workers.Go(func() { done <- struct{}{} })
	<-done
	waitIdle(t)
	before := workers.Started()
	for range 100 {
		workers.Go(func() { done <- struct{}{} })
		<-done
		waitIdle(t)
	}
	if n := workers.Started() - before; n != 0 {
		t.Errorf("100 jobs in turn started %d goroutines, want none", n)
	}
}

// TestJobsRunAtOnce: Go never waits for a job, so a job that waits for a
// later one does not hold it up, and a burst runs side by side and leaves
// at most MaxIdle goroutines behind.
func TestJobsRunAtOnce(t *testing.T) {
	before := runtime.NumGoroutine()
	release := make(chan struct{})
	var ran sync.WaitGroup
	ran.Add(500)
	for range 500 {
		workers.Go(func() {
			<-release
			ran.Done()
		})
	}
	workers.Go(func() { close(release) })
	ran.Wait()
	deadline := time.Now().Add(10 * time.Second)
	for runtime.NumGoroutine() > before+workers.MaxIdle {
		if time.Now().After(deadline) {
			t.Fatalf("%d goroutines after the burst, %d before: more than %d wait", runtime.NumGoroutine(), before, workers.MaxIdle)
		}
		time.Sleep(time.Millisecond)
	}
}

// waitIdle waits until the goroutine that ran the last job waits for the
// next (it signals before it returns to wait).
func waitIdle(t *testing.T) {
	t.Helper()
	for try := 0; ; try++ {
		if try > 10000 {
			t.Fatal("no goroutine came back to wait")
		}
		if workers.Idle() > 0 {
			return
		}
		runtime.Gosched()
	}
}

// BenchmarkGo runs jobs that need 16 kB of stack, as drawing and sending
// a hand does, on a new goroutine each and through Go.
func BenchmarkGo(b *testing.B) {
	done := make(chan int)
	b.Run("go", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			go func() { done <- deep(64, i) }()
			<-done
		}
	})
	b.Run("workers", func(b *testing.B) {
		for i := 0; b.Loop(); i++ {
			workers.Go(func() { done <- deep(64, i) })
			<-done
		}
	})
}

// deep calls itself n times, each call with 256 bytes of its own stack.
//
//go:noinline
func deep(n, seed int) int {
	var frame [256]byte
	frame[seed%len(frame)] = byte(seed)
	if n == 0 {
		return int(frame[0])
	}
	return deep(n-1, seed+1) + int(frame[(seed*7)%len(frame)])
}
