package discordtest

import (
	"sync"
	"time"
)

// Clock tells the fake what time it is. It drives the 15-minute lifetime of
// interaction tokens and the default timestamp inside minted snowflakes, so a
// test can age tokens without sleeping. The 3-second callback deadline
// starts from an interaction's snowflake time read on this clock (a click
// stamped a second before its now has two seconds left), but then runs in
// real time: it measures the real latency of the bot under test, which fake
// time cannot speed up.
type Clock interface {
	Now() time.Time
}

// realClock is the default Clock: the wall clock.
type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

// FakeClock is a Clock that moves only when told to. It is safe for
// concurrent use.
type FakeClock struct {
	mu  sync.Mutex
	now time.Time
}

// NewFakeClock returns a FakeClock that reads start until advanced.
func NewFakeClock(start time.Time) *FakeClock {
	return &FakeClock{now: start}
}

// Now returns the clock's current time.
func (c *FakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *FakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// Set moves the clock to t, forwards or backwards.
func (c *FakeClock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = t
}
