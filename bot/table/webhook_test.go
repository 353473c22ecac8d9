package table

import (
	"testing"
	"time"
)

func TestTokenLimitersAreSharedPerTokenAndForgottenAfterExpiry(t *testing.T) {
	set := &tokenLimiterSet{m: map[string]*tokenLimiter{}}
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

	a := set.limiter("webhooks/app/token-a", t0)
	if again := set.limiter("webhooks/app/token-a", t0.Add(time.Minute)); again != a {
		t.Fatal("a second edit through the same token got another limiter: its bucket state would be lost")
	}
	if b := set.limiter("webhooks/app/token-b", t0.Add(time.Minute)); b == a {
		t.Fatal("two tokens share a limiter: one player's edit would wait for another's")
	}

	// Long after both tokens expired, a new token's first edit sweeps them.
	set.limiter("webhooks/app/token-c", t0.Add(tokenGone+2*time.Minute))
	if _, ok := set.m["webhooks/app/token-a"]; ok {
		t.Error("an expired token's limiter is still kept")
	}
	if len(set.m) != 1 {
		t.Errorf("kept %d limiters, want only the live token's", len(set.m))
	}
}
