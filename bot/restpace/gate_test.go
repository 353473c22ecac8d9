package restpace

import (
	"context"
	"net/http"
	"slices"
	"sync"
	"testing"
	"time"
)

// sendLog is a transport that answers at once and notes when each call
// reached it, by path.
type sendLog struct {
	mu    sync.Mutex
	times map[string][]time.Time
}

func (l *sendLog) RoundTrip(req *http.Request) (*http.Response, error) {
	l.mu.Lock()
	l.times[req.URL.Path] = append(l.times[req.URL.Path], time.Now())
	l.mu.Unlock()
	return &http.Response{StatusCode: http.StatusOK, Body: http.NoBody, Request: req}, nil
}

// maxInWindow is the most sends any span of d holds.
func maxInWindow(ts []time.Time, d time.Duration) int {
	most := 0
	for i := range ts {
		n := 0
		for _, t := range ts[i:] {
			if t.Sub(ts[i]) < d {
				n++
			}
		}
		most = max(most, n)
	}
	return most
}

// A burst of calls bound by the global limit, all sent at once as a busy
// machine would, reaches the wire at most 90% of the budget to a second;
// interaction calls sent at the same time are not held back at all.
func TestGateGlobalSpreadsABurstOverSeconds(t *testing.T) {
	const budget, calls = 20, 40 // 18 a second: the burst takes over two seconds
	log := &sendLog{times: map[string][]time.Time{}}
	client := &http.Client{Transport: GateGlobal(budget, log)}
	paths := map[string]int{
		"/api/v10/channels/1/messages/2":             calls,
		"/api/v10/interactions/3/tok/callback":       calls,
		"/api/v10/webhooks/4/tok/messages/@original": calls,
	}
	began := time.Now()
	var wg sync.WaitGroup
	for p, n := range paths {
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				req, _ := http.NewRequest(http.MethodPatch, "http://discord.invalid"+p, nil)
				res, err := client.Do(req)
				if err != nil {
					t.Error(err)
					return
				}
				res.Body.Close()
			}()
		}
	}
	wg.Wait()

	bound := log.times["/api/v10/channels/1/messages/2"]
	if len(bound) != calls {
		t.Fatalf("%d channel calls reached the wire, want %d", len(bound), calls)
	}
	slices.SortFunc(bound, time.Time.Compare)
	// The gate keeps any 90% of the budget's calls a second apart, timed when it
	// lets each go; the wire sees each a scheduling delay later. Counted over a
	// window 100ms shorter than a second, that delay cannot push two of the gate's
	// seconds into one.
	if most := maxInWindow(bound, 900*time.Millisecond); most > budget*9/10 {
		t.Errorf("%d channel calls went out within 900ms, want at most %d", most, budget*9/10)
	}
	if spread := bound[len(bound)-1].Sub(began); spread < 2*time.Second {
		t.Errorf("the burst went out within %v, want it spread over at least 2s", spread)
	}
	for _, p := range []string{"/api/v10/interactions/3/tok/callback", "/api/v10/webhooks/4/tok/messages/@original"} {
		ts := log.times[p]
		if len(ts) != calls {
			t.Fatalf("%s: %d calls, want %d", p, len(ts), calls)
		}
		slices.SortFunc(ts, time.Time.Compare)
		if late := ts[len(ts)-1].Sub(began); late > 500*time.Millisecond {
			t.Errorf("%s: the last call waited %v: interaction calls must not wait for the global limit", p, late)
		}
	}
}

// The gate's count, on its own clock: 90% of the budget in any second, the
// next call told to wait exactly until the oldest leaves the window.
func TestGateGlobalAdmitsNinetyPercentOfTheBudgetPerSecond(t *testing.T) {
	g := GateGlobal(20, &sendLog{}).(*globalGate)
	t0 := time.Unix(1_700_000_000, 0)
	takeAt := func(at time.Time) time.Duration {
		g.now = func() time.Time { return at }
		return g.take()
	}
	for i := range 18 {
		if wait := takeAt(t0.Add(time.Duration(i) * time.Millisecond)); wait != 0 {
			t.Fatalf("call %d of the first 18 told to wait %v", i, wait)
		}
	}
	if wait := takeAt(t0.Add(500 * time.Millisecond)); wait != 500*time.Millisecond {
		t.Fatalf("19th call in the second told to wait %v, want 500ms (until the first leaves the window)", wait)
	}
	if wait := takeAt(t0.Add(time.Second)); wait != 0 {
		t.Fatalf("a call once the first left the window told to wait %v", wait)
	}
	if wait := takeAt(t0.Add(time.Second)); wait != time.Millisecond {
		t.Fatalf("the next call told to wait %v, want 1ms (until the second leaves)", wait)
	}
}

// A call waiting at the gate gives up when its request is cancelled.
func TestGateGlobalWaitEndsWithTheRequest(t *testing.T) {
	log := &sendLog{times: map[string][]time.Time{}}
	gate := GateGlobal(1, log) // one call a second fills the window
	first, _ := http.NewRequest(http.MethodGet, "http://discord.invalid/api/v10/gateway/bot", nil)
	if _, err := gate.RoundTrip(first); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	second, _ := http.NewRequestWithContext(ctx, http.MethodGet, "http://discord.invalid/api/v10/gateway/bot", nil)
	if _, err := gate.RoundTrip(second); err == nil {
		t.Fatal("a call over the budget went out at once instead of waiting")
	}
	if n := len(log.times["/api/v10/gateway/bot"]); n != 1 {
		t.Errorf("%d calls reached the wire, want 1", n)
	}
}
