package restpace

import (
	"net/http"
	"sync"
	"time"
)

// GateGlobal wraps next, the transport of the Discord session, so that no
// second ever holds more than 90% of budget calls bound by Discord's global
// limit, counted at the moment each goes on the wire.
//
// The Pacer already starts such calls at a pace inside the budget, but
// a call is started on one goroutine and sent on another: when the machine
// is busy, calls started a few hundred milliseconds apart can reach the wire
// together and make one of Discord's one-second windows overflow. The gate
// sits where nothing more can bunch them on the bot's side, holds back a
// call that would overflow the last second, and is otherwise not felt: at
// the Pacer's pace it never waits. It also covers the few calls made
// outside the Pacer (registering commands, reading the gateway).
// Interaction callbacks and calls through an interaction's token are not
// bound by the global limit and pass straight through.
func GateGlobal(budget int, next http.RoundTripper) http.RoundTripper {
	if budget <= 0 {
		budget = DefaultGlobalBudget
	}
	if next == nil {
		next = http.DefaultTransport
	}
	return &globalGate{next: next, now: time.Now, sent: make([]time.Time, max(1, budget*9/10))}
}

// gateWindow is the span the gate counts calls over: Discord's second.
const gateWindow = time.Second

type globalGate struct {
	next http.RoundTripper
	now  func() time.Time // the clock; tests set their own

	mu sync.Mutex
	// sent is a ring of the latest send times, as many as one window may
	// hold; at is the oldest of them.
	sent []time.Time
	at   int
}

func (g *globalGate) RoundTrip(req *http.Request) (*http.Response, error) {
	if boundByInteraction(req.URL.Path) {
		return g.next.RoundTrip(req)
	}
	for {
		wait := g.take()
		if wait <= 0 {
			break
		}
		t := time.NewTimer(wait)
		select {
		case <-req.Context().Done():
			t.Stop()
			return nil, req.Context().Err()
		case <-t.C:
		}
	}
	return g.next.RoundTrip(req)
}

// take records a send now and returns 0 if the last window has room for it;
// else it records nothing and returns how long until it has.
//
// The clock is read under the lock: a time read before it could be stale by
// the time the call is recorded (a goroutine preempted in between), and a
// stale time in the ring lets a later call through before its window has
// room.
func (g *globalGate) take() time.Duration {
	g.mu.Lock()
	defer g.mu.Unlock()
	now := g.now()
	if wait := g.sent[g.at].Add(gateWindow).Sub(now); wait > 0 {
		return wait
	}
	g.sent[g.at] = now
	g.at = (g.at + 1) % len(g.sent)
	return 0
}
