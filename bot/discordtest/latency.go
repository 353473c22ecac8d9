package discordtest

import (
	"math/rand/v2"
	"sync"
	"time"
)

// latency is the simulated round trip of REST calls.
type latency struct {
	mu           sync.Mutex
	base, jitter time.Duration
}

// SetLatency gives every REST call from now on a round trip of base plus a
// random extra of up to jitter, like the network between a bot and
// Discord; both are zero until set. Half of the round trip passes before the
// fake handles the request and half before the client reads the answer, so
// an interaction callback reaches the fake half a round trip after the bot
// sent it, and that half counts toward the 3-second deadline as it does on
// Discord. The gateway is not slowed. It panics on a negative duration.
func (s *Server) SetLatency(base, jitter time.Duration) {
	if base < 0 || jitter < 0 {
		panic("discordtest: negative latency")
	}
	s.latency.mu.Lock()
	defer s.latency.mu.Unlock()
	s.latency.base, s.latency.jitter = base, jitter
}

// legs draws one round trip and splits it into the way to the fake and the
// way back.
func (l *latency) legs() (up, down time.Duration) {
	l.mu.Lock()
	rtt := l.base
	if l.jitter > 0 {
		// The network's jitter need not be reproducible: goroutine
		// scheduling is not either.
		rtt += rand.N(l.jitter + 1)
	}
	l.mu.Unlock()
	up = rtt / 2
	return up, rtt - up
}
