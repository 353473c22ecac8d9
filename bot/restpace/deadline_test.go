package restpace

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestDeadlineEndsAStuckCall: a server that never answers is given up on
// at the deadline, as a client's Timeout would.
func TestDeadlineEndsAStuckCall(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	c := &http.Client{Transport: WithDeadline(100*time.Millisecond, http.DefaultTransport)}
	_, err := c.Get(srv.URL)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a call nobody answers: %v, want the deadline exceeded", err)
	}
}

// TestDeadlineBoundsTheBody: the deadline holds while the body is read, and
// a closed body ends it (the call's context is cancelled).
func TestDeadlineBoundsTheBody(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("first part"))
		w.(http.Flusher).Flush()
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	defer srv.Close()
	defer close(release)
	c := &http.Client{Transport: WithDeadline(100*time.Millisecond, http.DefaultTransport)}
	resp, err := c.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	_, err = io.ReadAll(resp.Body)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("reading a body that never ends: %v, want the deadline exceeded", err)
	}
	resp.Body.Close()
}

// TestDeadlineKeepsASoonerOne: a call whose own context ends sooner keeps
// it, and a quick call's answer is read whole.
func TestDeadlineKeepsASoonerOne(t *testing.T) {
	var seen time.Time
	rt := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		seen, _ = r.Context().Deadline()
		return &http.Response{StatusCode: 200, Body: io.NopCloser(nil), Request: r}, nil
	})
	sooner := time.Now().Add(time.Second)
	ctx, cancel := context.WithDeadline(context.Background(), sooner)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", "http://discord.test/api", nil)
	if _, err := WithDeadline(time.Minute, rt).RoundTrip(req); err != nil {
		t.Fatal(err)
	}
	if !seen.Equal(sooner) {
		t.Errorf("deadline passed on %v, want the call's own %v", seen, sooner)
	}
	req, _ = http.NewRequest("GET", "http://discord.test/api", nil)
	start := time.Now()
	if _, err := WithDeadline(time.Minute, rt).RoundTrip(req); err != nil {
		t.Fatal(err)
	}
	if seen.Before(start.Add(time.Minute)) || seen.After(time.Now().Add(time.Minute)) {
		t.Errorf("deadline %v, want a minute after %v", seen, start)
	}
}

// BenchmarkClientDeadline compares a call bounded by the client's Timeout
// over a wrapped transport with one bounded by WithDeadline.
func BenchmarkClientDeadline(b *testing.B) {
	rt := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		return &http.Response{StatusCode: 200, Body: http.NoBody, Request: r}, nil
	})
	for _, bc := range []struct {
		name   string
		client *http.Client
	}{
		{"Timeout", &http.Client{Timeout: time.Minute, Transport: rt}},
		{"WithDeadline", &http.Client{Transport: WithDeadline(time.Minute, rt)}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				resp, err := bc.client.Get("http://discord.test/api")
				if err != nil {
					b.Fatal(err)
				}
				resp.Body.Close()
			}
		})
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
