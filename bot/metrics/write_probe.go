package metrics

import (
	"context"
	"fmt"
	"sync"
	"time"
)

// ProbeEvery is how long /readyz reuses the result of its write probe: a readiness check
// asked every second by several watchers writes to the database at most this often.
const ProbeEvery = 5 * time.Second

// writeProbe runs the database's write probe for /readyz, at most every ProbeEvery.
type writeProbe struct {
	mu    sync.Mutex // one probe at a time; callers meanwhile wait for its result
	probe func(context.Context) error
	at    time.Time        // when the last probe ended (zero: never)
	err   error            // its result
	now   func() time.Time // the clock: nil is time.Now; tests set it
}

// WatchWrites tells /readyz how to see whether the database takes a write: probe commits
// a tiny write (store.ProbeWrite). Without it /readyz does not look at the database.
func (m *Metrics) WatchWrites(probe func(context.Context) error) {
	if m == nil {
		return
	}
	m.writes.mu.Lock()
	defer m.writes.mu.Unlock()
	m.writes.probe, m.writes.at, m.writes.err = probe, time.Time{}, nil
}

// writable returns why the database cannot take a write, or nil, from a probe made at
// most ProbeEvery ago. The probe runs on its own deadline (pingTimeout), not the
// request's, so that a scrape that gives up does not leave a false failure cached.
func (p *writeProbe) writable() error {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.probe == nil {
		return nil
	}
	now := time.Now
	if p.now != nil {
		now = p.now
	}
	if !p.at.IsZero() && now().Sub(p.at) < ProbeEvery {
		return p.err
	}
	ctx, cancel := context.WithTimeout(context.Background(), pingTimeout)
	defer cancel()
	p.err = p.probe(ctx)
	if p.err != nil {
		p.err = fmt.Errorf("not ready: the database cannot take a write: %v", p.err)
	}
	p.at = now()
	return p.err
}
