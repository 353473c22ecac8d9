package metrics

import (
	"context"
	"fmt"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// health is what /healthz and /readyz answer from.
type health struct {
	connects atomic.Int64 // gateway connections made, the first included
	ready    atomic.Bool
	gateway  atomic.Pointer[func() bool]
	ping     atomic.Pointer[func(context.Context) error]
}

func (h *health) gatewayUp() bool {
	f := h.gateway.Load()
	return f != nil && (*f)()
}

// pingTimeout bounds the database check of /healthz: a database that
// cannot answer a trivial read within it is not healthy.
const pingTimeout = 2 * time.Second

// Watch tells the health checks how to see whether the gateway is
// connected and whether the database answers.
func (m *Metrics) Watch(gatewayUp func() bool, pingDB func(context.Context) error) {
	if m == nil {
		return
	}
	m.health.gateway.Store(&gatewayUp)
	m.health.ping.Store(&pingDB)
}

// SetReady says whether every table has been rebuilt after a start (and
// the bot is not stopping): what /readyz answers.
func (m *Metrics) SetReady(ready bool) {
	if m != nil {
		m.health.ready.Store(ready)
	}
}

// Handler serves /metrics (Prometheus text format), /healthz (200 while
// the gateway is connected and the database answers, else 503 with the
// reason) and /readyz (200 once every table has been rebuilt after the
// start and while the database takes a write, see WatchWrites; 503 before
// that, while stopping, and while the database refuses writes).
//
// Only readiness looks at writes: a bot whose database is read-only or
// full cannot save a move, so it should get no traffic, but it is alive,
// and restarting it would not give the disk room.
func (m *Metrics) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg}))
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		if err := m.healthy(r.Context()); err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(w, "ok")
	})
	mux.HandleFunc("GET /readyz", func(w http.ResponseWriter, r *http.Request) {
		if !m.health.ready.Load() {
			http.Error(w, "not ready: tables are being rebuilt, or the bot is stopping", http.StatusServiceUnavailable)
			return
		}
		if err := m.writes.writable(); err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(w, "ready")
	})
	return mux
}

// healthy returns why the bot is not healthy, or nil.
func (m *Metrics) healthy(ctx context.Context) error {
	if !m.health.gatewayUp() {
		return fmt.Errorf("unhealthy: the Discord gateway is not connected")
	}
	ping := m.health.ping.Load()
	if ping == nil {
		return fmt.Errorf("unhealthy: no database")
	}
	ctx, cancel := context.WithTimeout(ctx, pingTimeout)
	defer cancel()
	if err := (*ping)(ctx); err != nil {
		return fmt.Errorf("unhealthy: the database does not answer: %v", err)
	}
	return nil
}
