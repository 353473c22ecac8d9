package restpace

import (
	"testing"
	"time"
)

func TestDispatcherSlowsDownAfterA429(t *testing.T) {
	d := New(50, nil)
	t0 := time.Now()
	base := d.basePerCall

	d.refused(t0)
	if d.perCall != base*5/4 {
		t.Fatalf("after a 429 a call may start every %v, want a quarter slower than %v", d.perCall, base)
	}
	for range 10 {
		d.refused(t0.Add(time.Second))
	}
	if d.perCall != 2*base {
		t.Errorf("after many 429s a call may start every %v, want half the pace (%v) at the slowest", d.perCall, 2*base)
	}

	// A quiet minute after the last 429 brings the full pace back.
	d.mu.Lock()
	d.refillLocked(t0.Add(time.Second + slowFor/2))
	slow := d.perCall
	d.refillLocked(t0.Add(time.Second + slowFor + time.Millisecond))
	full := d.perCall
	d.mu.Unlock()
	if slow != 2*base || full != base {
		t.Errorf("pace %v half a minute on and %v after the minute, want %v then %v", slow, full, 2*base, base)
	}
}

func TestOnlyGlobalBoundCallsSlowTheTables(t *testing.T) {
	for url, want := range map[string]bool{
		"https://discord.com/api/v9/interactions/1/tok/callback":       true,
		"https://discord.com/api/v9/webhooks/9/tok/messages/@original": true,
		"https://discord.com/api/v9/channels/5/messages/6":             false,
		"https://discord.com/api/v9/applications/9/emojis":             false,
		"https://discord.com/api/v9/channels/5/messages/6/threads":     false,
	} {
		if got := boundByInteraction(url); got != want {
			t.Errorf("boundByInteraction(%s) = %v, want %v", url, got, want)
		}
	}
}
