package restpace

import (
	"context"
	"io"
	"net/http"
	"time"
)

// WithDeadline bounds every call through next to d, from the moment it
// enters (so the wait at the gate counts) until its response body is
// closed, as http.Client's Timeout does. It replaces that Timeout: a client
// with a Timeout whose transport is not net/http's own (the bot's is
// wrapped, by the gate among others) cancels each call from a goroutine of
// its own with a timer of its own, a cost on every one of the bot's 2.5
// calls a click; a context's deadline costs one timer and no goroutine. A
// call whose context already ends sooner is passed on as it is.
func WithDeadline(d time.Duration, next http.RoundTripper) http.RoundTripper {
	return &deadline{d: d, next: next}
}

type deadline struct {
	d    time.Duration
	next http.RoundTripper
}

func (t *deadline) RoundTrip(req *http.Request) (*http.Response, error) {
	at := time.Now().Add(t.d)
	if dl, ok := req.Context().Deadline(); ok && dl.Before(at) {
		return t.next.RoundTrip(req)
	}
	ctx, cancel := context.WithDeadline(req.Context(), at)
	resp, err := t.next.RoundTrip(req.WithContext(ctx))
	if err != nil || resp.Body == nil {
		cancel()
		return resp, err
	}
	resp.Body = &cancelOnClose{ReadCloser: resp.Body, cancel: cancel}
	return resp, nil
}

// cancelOnClose ends a call's deadline once its body is closed; until then
// the deadline also bounds the reading of the body.
type cancelOnClose struct {
	io.ReadCloser
	cancel context.CancelFunc
}

func (b *cancelOnClose) Close() error {
	err := b.ReadCloser.Close()
	b.cancel()
	return err
}
