package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/metrics"
	"github.com/cardbot/cardbot/store"
)

// checkMetricsAddr checks that METRICS_ADDR is host:port with a port number.
func checkMetricsAddr(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if n, perr := strconv.Atoi(port); err != nil || perr != nil || n < 1 || n > 65535 {
		return fmt.Errorf("METRICS_ADDR %q must be host:port with a port number 1 to 65535, e.g. :9090 or 127.0.0.1:9090", addr)
	}
	return nil
}

// listenMetrics binds METRICS_ADDR at start, before anything else is
// opened, so that an address that cannot be used stops the bot at once.
func listenMetrics(addr string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("METRICS_ADDR %q cannot be used: %v (choose a free port, or leave METRICS_ADDR empty)", addr, err)
	}
	return ln, nil
}

// observe wires the metrics into the Discord session: every REST call,
// Discord's 429 back-offs, gateway connections, and what /healthz checks
// and whether the database takes a write, which /readyz checks (the bot
// itself wires the store's commits). It must run before the session opens.
func observe(m *metrics.Metrics, session *discordgo.Session, st *store.Store) {
	session.Client.Transport = m.Transport(session.Client.Transport)
	session.AddHandler(func(*discordgo.Session, *discordgo.Connect) { m.GatewayConnected() })
	session.AddHandler(func(_ *discordgo.Session, e *discordgo.RateLimit) {
		if e.TooManyRequests != nil {
			m.RateLimitWait(metrics.LimitRetryAfter, e.RetryAfter)
		}
	})
	m.Watch(func() bool {
		// DataReady is what discordgo itself keeps: set once heartbeats
		// flow on an open gateway, cleared when the connection closes.
		session.RLock()
		defer session.RUnlock()
		return session.DataReady
	}, st.Ping)
	m.WatchWrites(st.ProbeWrite)
}

// serveMetrics serves m on ln until the returned function is called.
func serveMetrics(ln net.Listener, m *metrics.Metrics, log *slog.Logger) (stop func()) {
	srv := &http.Server{Handler: m.Handler(), ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics server stopped", "err", err)
		}
	}()
	log.Info("serving metrics and health checks", "addr", ln.Addr().String())
	return func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_ = srv.Shutdown(ctx)
	}
}
