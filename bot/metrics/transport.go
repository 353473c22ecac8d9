package metrics

import (
	"net/http"
	"strings"
)

// route groups Discord's REST endpoints the way their limits do.
type route uint8

const (
	routeOther       route = iota
	routeInteraction       // interaction callbacks: no global limit
	routeWebhook           // edits and follow-ups through an interaction's token: limited per token
	routeChannel           // channel messages: limited per channel and by the global limit
	numRoutes
)

func (r route) String() string { return [...]string{"other", "interaction", "webhook", "channel"}[r] }

func routeOf(path string) route {
	switch {
	case strings.Contains(path, "/interactions/"):
		return routeInteraction
	case strings.Contains(path, "/webhooks/"):
		return routeWebhook
	case strings.Contains(path, "/channels/"):
		return routeChannel
	}
	return routeOther
}

// failure is why a REST call failed.
type failure uint8

const (
	failClient  failure = iota // 4xx other than 429
	failServer                 // 5xx
	failNetwork                // no answer at all
	numFailures
)

func (f failure) String() string { return [...]string{"client", "server", "network"}[f] }

// scope is the X-RateLimit-Scope of a 429.
type scope uint8

const (
	scopeUnknown scope = iota
	scopeUser
	scopeGlobal
	scopeShared
	numScopes
)

func (s scope) String() string { return [...]string{"unknown", "user", "global", "shared"}[s] }

func scopeOf(h string) scope {
	switch h {
	case "user":
		return scopeUser
	case "global":
		return scopeGlobal
	case "shared":
		return scopeShared
	}
	return scopeUnknown
}

// Transport wraps next (the Discord session's HTTP transport) so that
// every REST call, every failure and every 429 is counted. It changes
// nothing about the calls. A nil Metrics returns next itself.
func (m *Metrics) Transport(next http.RoundTripper) http.RoundTripper {
	if m == nil {
		return next
	}
	if next == nil {
		next = http.DefaultTransport
	}
	return &countingTransport{m: m, next: next}
}

type countingTransport struct {
	m    *Metrics
	next http.RoundTripper
}

func (t *countingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	r := routeOf(req.URL.Path)
	t.m.restCalls[r].Inc()
	res, err := t.next.RoundTrip(req)
	switch {
	case err != nil:
		t.m.restErrors[r][failNetwork].Inc()
	case res.StatusCode == http.StatusTooManyRequests:
		t.m.rateLimited[scopeOf(res.Header.Get("X-RateLimit-Scope"))].Inc()
	case res.StatusCode >= 500:
		t.m.restErrors[r][failServer].Inc()
	case res.StatusCode >= 400:
		t.m.restErrors[r][failClient].Inc()
	}
	return res, err
}
