package metrics

import (
	"net/http"
	"testing"
	"time"
)

// BenchmarkInteractionRecording is what one interaction adds to the hot
// path: its outcome, its first reply and its result.
func BenchmarkInteractionRecording(b *testing.B) {
	m := New()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			m.Interaction(KindComponent, OutcomeAnswered)
			m.FirstReply(28 * time.Millisecond)
			m.Result(31 * time.Millisecond)
		}
	})
}

// nopTransport answers every request at once, so that the benchmark below
// measures only the counting wrapper.
type nopTransport struct{ res *http.Response }

func (t nopTransport) RoundTrip(*http.Request) (*http.Response, error) { return t.res, nil }

// BenchmarkTransportOverhead is what counting adds to one REST call.
func BenchmarkTransportOverhead(b *testing.B) {
	m := New()
	rt := m.Transport(nopTransport{&http.Response{StatusCode: http.StatusOK, Header: http.Header{}}})
	req, _ := http.NewRequest("PATCH", "https://discord.com/api/v9/webhooks/1/tok/messages/@original", nil)
	b.ResetTimer()
	for range b.N {
		if _, err := rt.RoundTrip(req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkScrape is one /metrics scrape with 1,000 live tables.
func BenchmarkScrape(b *testing.B) {
	m := New()
	m.WatchTables([]string{"laro", "laus"}, func() []TableCount {
		return []TableCount{{"laro", PhasePlaying, 600}, {"laus", PhasePlaying, 300}, {"laro", PhaseLobby, 100}}
	})
	h := m.Handler()
	req, _ := http.NewRequest("GET", "/metrics", nil)
	b.ResetTimer()
	for range b.N {
		w := &discardWriter{h: http.Header{}}
		h.ServeHTTP(w, req)
		if w.code != 0 && w.code != http.StatusOK {
			b.Fatalf("scrape: %d", w.code)
		}
	}
}

type discardWriter struct {
	h    http.Header
	code int
}

func (w *discardWriter) Header() http.Header         { return w.h }
func (w *discardWriter) Write(p []byte) (int, error) { return len(p), nil }
func (w *discardWriter) WriteHeader(code int)        { w.code = code }
