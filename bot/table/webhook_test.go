package table

import (
	"testing"
	"time"
)

func TestTokenLimitersAreSharedPerTokenAndForgottenWhenIdle(t *testing.T) {
	set := &tokenLimiterSet{m: map[string]*tokenLimiter{}}
	t0 := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

	a := set.limiter("webhooks/app/token-a", t0)
	if again := set.limiter("webhooks/app/token-a", t0.Add(time.Second)); again != a {
		t.Fatal("a second edit through the same token got another limiter: its bucket state would be lost")
	}
	if b := set.limiter("webhooks/app/token-b", t0.Add(time.Second)); b == a {
		t.Fatal("two tokens share a limiter: one player's edit would wait for another's")
	}

	// Token a is used again later; b goes quiet. Once b has been idle for
	// longer than tokenIdle, a new token's first edit sweeps it, and only it.
	set.limiter("webhooks/app/token-a", t0.Add(tokenIdle))
	set.limiter("webhooks/app/token-c", t0.Add(tokenIdle+2*time.Second))
	if _, ok := set.m["webhooks/app/token-a"]; !ok {
		t.Error("a token in use was forgotten: its bucket state is lost")
	}
	set.limiter("webhooks/app/token-d", t0.Add(3*tokenIdle))
	if _, ok := set.m["webhooks/app/token-b"]; ok {
		t.Error("an idle token's limiter is still kept")
	}
	if len(set.m) != 1 {
		t.Errorf("kept %d limiters, want only the one just used", len(set.m))
	}
}
