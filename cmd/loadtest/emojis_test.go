package main

import (
	"testing"
	"time"

	"github.com/cardbot/cardbot/bot/discordtest"
)

func TestWaitEmojisWaitsForTheBotsReadyLine(t *testing.T) {
	b := &botProcess{done: make(chan struct{})}
	if b.waitEmojis(50 * time.Millisecond) {
		t.Fatal("waitEmojis returned true before the bot said its emojis were ready")
	}
	go func() {
		time.Sleep(30 * time.Millisecond)
		b.line(`time=2026-11-23T21:00:00Z level=INFO msg="card emojis ready" faces=93 uploaded=93`, nil)
	}()
	if !b.waitEmojis(5 * time.Second) {
		t.Error("waitEmojis missed the bot's \"card emojis ready\" line")
	}
	exited := &botProcess{done: make(chan struct{})}
	close(exited.done)
	start := time.Now()
	if exited.waitEmojis(time.Minute) || time.Since(start) > 5*time.Second {
		t.Error("waitEmojis kept waiting for a bot that had exited")
	}
}

func TestLoadRateLimitsRaiseOnlyTheEmojiUploads(t *testing.T) {
	def, load := discordtest.DefaultRateLimits(), loadRateLimits()
	if load.Global != def.Global || len(load.Routes) != len(def.Routes) {
		t.Fatalf("load limits %+v, want Discord's but for emoji uploads", load)
	}
	raised := 0
	for i, r := range load.Routes {
		d := def.Routes[i]
		switch {
		case r.Bucket == "application-emoji-create":
			raised++
			if r.Limit.Requests*int(d.Limit.Per/r.Limit.Per) < 10*d.Limit.Requests {
				t.Errorf("emoji uploads at %+v, want far above Discord's fake %+v", r.Limit, d.Limit)
			}
		case r != d:
			t.Errorf("route %s changed from %+v to %+v", r.Bucket, d, r)
		}
	}
	if raised != 1 {
		t.Errorf("%d emoji upload routes raised, want 1", raised)
	}
}
