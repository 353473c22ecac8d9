package main

import (
	"errors"
	"log/slog"
	"net/http"
	"sync/atomic"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/metrics"
	"github.com/cardbot/cardbot/store"
)

// lossFence is what fenceOnLoss watches: done is closed once the lease was lost and
// this process has stopped acting on the shard.
type lossFence struct {
	done chan struct{}
	stop chan struct{} // closed by stopWatching
}

// happened reports whether the lease was lost and the fence is up.
func (f *lossFence) happened() bool {
	select {
	case <-f.done:
		return true
	default:
		return false
	}
}

// stopWatching ends the watch when serving ends for another reason.
func (f *lossFence) stopWatching() { close(f.stop) }

// fenceOnLoss waits for lease to be lost and then, at once and in this order: fences
// the store (no table writes anything more), cuts the session's REST calls (Discord
// hears nothing more from the tables), says the bot is not ready, and closes the
// gateway (no click reaches this process). Each step takes no database and no network
// round trip, so the whole is done within the lease check that saw the loss, long before
// a new owner's fence could end (see store.Lease).
func fenceOnLoss(lease *store.Lease, st *store.Store, m *metrics.Metrics, cut *cutTransport, session *discordgo.Session, log *slog.Logger) *lossFence {
	f := &lossFence{done: make(chan struct{}), stop: make(chan struct{})}
	go func() {
		select {
		case <-lease.Lost():
		case <-f.stop:
			return
		}
		st.Fence()
		cut.cut.Store(true)
		m.SetReady(false)
		log.Warn("lost the shard's lease (its database session failed): stopped serving at once, so that no other process serves this shard alongside",
			"shard", lease.Shard())
		if err := session.Close(); err != nil && !errors.Is(err, discordgo.ErrWSNotFound) {
			log.Warn("closing the Discord session", "err", err)
		}
		close(f.done)
	}()
	return f
}

// cutTransport passes REST calls to next until cut, then fails each at once: a process
// that lost its shard's lease must not edit a message that a new owner now draws.
type cutTransport struct {
	next http.RoundTripper
	cut  atomic.Bool
}

// errCut is the error of a REST call made after the lease was lost.
var errCut = errors.New("not sent: this process lost its shard's lease")

func (c *cutTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if c.cut.Load() {
		if r.Body != nil {
			r.Body.Close()
		}
		return nil, errCut
	}
	return c.next.RoundTrip(r)
}
