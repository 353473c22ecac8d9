package main

import (
	"context"
	"sync"
	"time"
)

// pacer spaces the fleet's clicks evenly: at most one per interval, all
// players together, handed out in the order they ask. A slot nobody uses
// at its time is gone, so the rate is a ceiling, not a quota: players click
// only when what they see offers something to do.
type pacer struct {
	every time.Duration

	mu   sync.Mutex
	next time.Time
}

func newPacer(perSecond float64) *pacer {
	return &pacer{every: time.Duration(float64(time.Second) / perSecond)}
}

// wait reserves the next free slot and sleeps until it comes, or returns
// ctx's error if ctx ends first.
func (p *pacer) wait(ctx context.Context) error {
	p.mu.Lock()
	now := time.Now()
	slot := p.next
	if slot.Before(now) {
		slot = now
	}
	p.next = slot.Add(p.every)
	p.mu.Unlock()
	t := time.NewTimer(time.Until(slot))
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
