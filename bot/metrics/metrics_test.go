package metrics

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"
)

// scrape fetches path from m's handler and returns status and body.
func scrape(t *testing.T, m *Metrics, path string) (int, string) {
	t.Helper()
	rec := httptest.NewRecorder()
	m.Handler().ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
	return rec.Code, rec.Body.String()
}

// value returns the sample of series (name and labels as exported) in a
// /metrics body, failing the test if it is missing.
func value(t *testing.T, body, series string) float64 {
	t.Helper()
	for _, line := range strings.Split(body, "\n") {
		if rest, ok := strings.CutPrefix(line, series+" "); ok {
			v, err := strconv.ParseFloat(rest, 64)
			if err != nil {
				t.Fatalf("%s: %v", line, err)
			}
			return v
		}
	}
	t.Fatalf("no series %s in:\n%s", series, body)
	return 0
}

func TestTransportCountsCallsFailuresAnd429s(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Query().Get("answer") {
		case "429":
			w.Header().Set("X-RateLimit-Scope", r.URL.Query().Get("scope"))
			w.WriteHeader(http.StatusTooManyRequests)
		case "404":
			w.WriteHeader(http.StatusNotFound)
		case "502":
			w.WriteHeader(http.StatusBadGateway)
		}
	}))
	defer srv.Close()
	m := New()
	client := &http.Client{Transport: m.Transport(nil)}
	for _, path := range []string{
		"/api/v9/interactions/1/tok/callback",
		"/api/v9/webhooks/app/tok/messages/@original",
		"/api/v9/channels/5/messages?answer=404",
		"/api/v9/channels/5/messages?answer=502",
		"/api/v9/channels/5/messages?answer=429&scope=global",
		"/api/v9/channels/5/messages?answer=429&scope=user",
		"/api/v9/channels/5/messages/6?answer=429",
		"/api/v9/gateway",
	} {
		res, err := client.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, res.Body)
		res.Body.Close()
	}
	if _, err := client.Get("http://127.0.0.1:1/api/v9/channels/7/messages"); err == nil {
		t.Fatal("a call to a closed port succeeded")
	}
	_, body := scrape(t, m, "/metrics")
	for series, want := range map[string]float64{
		`cardbot_discord_requests_total{route="interaction"}`:               1,
		`cardbot_discord_requests_total{route="webhook"}`:                   1,
		`cardbot_discord_requests_total{route="channel"}`:                   6,
		`cardbot_discord_requests_total{route="other"}`:                     1,
		`cardbot_discord_errors_total{reason="client",route="channel"}`:     1,
		`cardbot_discord_errors_total{reason="server",route="channel"}`:     1,
		`cardbot_discord_errors_total{reason="network",route="channel"}`:    1,
		`cardbot_discord_errors_total{reason="client",route="interaction"}`: 0,
		`cardbot_discord_rate_limited_total{scope="global"}`:                1,
		`cardbot_discord_rate_limited_total{scope="user"}`:                  1,
		`cardbot_discord_rate_limited_total{scope="unknown"}`:               1,
		`cardbot_discord_rate_limited_total{scope="shared"}`:                0,
	} {
		if got := value(t, body, series); got != want {
			t.Errorf("%s = %v, want %v", series, got, want)
		}
	}
}

func TestRecordedSeries(t *testing.T) {
	m := New()
	m.Interaction(KindComponent, OutcomeAnswered)
	m.Interaction(KindComponent, OutcomeAnswered)
	m.Interaction(KindCommand, OutcomeDeferred)
	m.FirstReply(30 * time.Millisecond)
	m.Result(-time.Second) // clocks that disagree count as no wait, not as a negative one
	m.ObserveCommit(2*time.Millisecond, 5)
	m.ObserveCommit(time.Millisecond, 0)
	m.RateLimitWait(LimitChannel, 1500*time.Millisecond)
	m.GameFinished("laro")
	m.GatewayConnected()
	m.GatewayConnected()
	m.GatewayConnected()
	m.WatchTables([]string{"laro", "laus"}, func() []TableCount {
		return []TableCount{{"laro", PhasePlaying, 3}, {"laro", PhaseLobby, 1}}
	})
	_, body := scrape(t, m, "/metrics")
	for series, want := range map[string]float64{
		`cardbot_interactions_total{kind="component",outcome="answered"}`: 2,
		`cardbot_interactions_total{kind="command",outcome="deferred"}`:   1,
		`cardbot_interactions_total{kind="other",outcome="dropped"}`:      0,
		`cardbot_interaction_first_reply_seconds_count`:                   1,
		`cardbot_interaction_first_reply_seconds_bucket{le="0.025"}`:      0,
		`cardbot_interaction_first_reply_seconds_bucket{le="0.05"}`:       1,
		`cardbot_interaction_result_seconds_bucket{le="0.005"}`:           1,
		`cardbot_store_commit_seconds_count{kind="append"}`:               1,
		`cardbot_store_commit_seconds_count{kind="write"}`:                1,
		`cardbot_store_batch_actions_sum`:                                 5,
		`cardbot_rate_limit_wait_seconds_total{limit="channel"}`:          1.5,
		`cardbot_rate_limit_wait_seconds_total{limit="global_budget"}`:    0,
		`cardbot_games_finished_total{game="laro"}`:                       1,
		`cardbot_gateway_reconnects_total`:                                2,
		`cardbot_live_tables{game="laro",phase="playing"}`:                3,
		`cardbot_live_tables{game="laro",phase="lobby"}`:                  1,
		`cardbot_live_tables{game="laus",phase="finished"}`:               0,
	} {
		if got := value(t, body, series); got != want {
			t.Errorf("%s = %v, want %v", series, got, want)
		}
	}
}

func TestHealthAndReadiness(t *testing.T) {
	m := New()
	if code, body := scrape(t, m, "/healthz"); code != http.StatusServiceUnavailable {
		t.Errorf("/healthz before Watch: %d %q, want 503", code, body)
	}
	up := false
	var dbErr error
	m.Watch(func() bool { return up }, func(context.Context) error { return dbErr })
	if code, body := scrape(t, m, "/healthz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "gateway") {
		t.Errorf("/healthz with the gateway down: %d %q, want 503 naming the gateway", code, body)
	}
	up = true
	if code, body := scrape(t, m, "/healthz"); code != http.StatusOK {
		t.Errorf("/healthz with gateway and database up: %d %q, want 200", code, body)
	}
	dbErr = errors.New("disk I/O error")
	if code, body := scrape(t, m, "/healthz"); code != http.StatusServiceUnavailable || !strings.Contains(body, "disk I/O error") {
		t.Errorf("/healthz with a failing database: %d %q, want 503 with the reason", code, body)
	}
	if _, body := scrape(t, m, "/metrics"); value(t, body, "cardbot_gateway_connected") != 1 {
		t.Errorf("cardbot_gateway_connected with the gateway up is not 1")
	}

	if code, _ := scrape(t, m, "/readyz"); code != http.StatusServiceUnavailable {
		t.Errorf("/readyz before SetReady: %d, want 503", code)
	}
	m.SetReady(true)
	if code, _ := scrape(t, m, "/readyz"); code != http.StatusOK {
		t.Errorf("/readyz after SetReady(true): %d, want 200", code)
	}
	m.SetReady(false)
	if code, _ := scrape(t, m, "/readyz"); code != http.StatusServiceUnavailable {
		t.Errorf("/readyz while stopping: %d, want 503", code)
	}
}

// /readyz turns red while the database refuses a write, with the reason, and green
// once it takes one again; the probe runs at most every ProbeEvery.
func TestReadinessNeedsADatabaseThatTakesWrites(t *testing.T) {
	m := New()
	m.SetReady(true)
	var probes int
	var writeErr error
	m.WatchWrites(func(ctx context.Context) error {
		probes++
		if _, ok := ctx.Deadline(); !ok {
			t.Error("the write probe runs without a deadline")
		}
		return writeErr
	})
	clock := time.Unix(1_000_000, 0)
	m.writes.now = func() time.Time { return clock }
	if code, body := scrape(t, m, "/readyz"); code != http.StatusOK || probes != 1 {
		t.Fatalf("/readyz with a writable database: %d %q after %d probes, want 200 after 1", code, body, probes)
	}
	writeErr = errors.New("attempt to write a readonly database")
	clock = clock.Add(ProbeEvery - time.Millisecond)
	if code, _ := scrape(t, m, "/readyz"); code != http.StatusOK || probes != 1 {
		t.Errorf("/readyz within ProbeEvery of a probe: %d after %d probes, want the cached 200 and no new probe", code, probes)
	}
	clock = clock.Add(time.Millisecond)
	code, body := scrape(t, m, "/readyz")
	if code != http.StatusServiceUnavailable || !strings.Contains(body, "cannot take a write") || !strings.Contains(body, "readonly") {
		t.Errorf("/readyz on a read-only database: %d %q, want 503 with the reason", code, body)
	}
	writeErr = nil
	clock = clock.Add(ProbeEvery)
	if code, body := scrape(t, m, "/readyz"); code != http.StatusOK || probes != 3 {
		t.Errorf("/readyz once writes work again: %d %q after %d probes, want 200 after 3", code, body, probes)
	}
}

// TestNilMetricsRecordNothing: code that runs without metrics passes nil.
func TestNilMetricsRecordNothing(t *testing.T) {
	var m *Metrics
	m.Interaction(KindCommand, OutcomeAnswered)
	m.FirstReply(time.Second)
	m.Result(time.Second)
	m.ObserveCommit(time.Second, 3)
	m.RateLimitWait(LimitRetryAfter, time.Second)
	m.GameFinished("laus")
	m.GatewayConnected()
	m.WatchTables(nil, nil)
	m.WatchWrites(nil)
	m.Watch(nil, nil)
	m.SetReady(true)
	rt := http.DefaultTransport
	if got := m.Transport(rt); got != rt {
		t.Errorf("nil Metrics wrapped the transport")
	}
}
