package main

import (
	"strings"
	"testing"
	"time"

	"github.com/cardbot/cardbot/bot/discordtest"
)

func TestCountTooManyByPhaseAndRoute(t *testing.T) {
	start := time.Now()
	end := start.Add(time.Minute)
	req := func(at time.Time, status int, method, route string) discordtest.Request {
		return discordtest.Request{Start: at, Status: status, Method: method, Route: route}
	}
	got := countTooMany([]discordtest.Request{
		req(start.Add(-time.Second), 429, "POST", "/channels/{id}/messages"),
		req(start, 429, "PATCH", "/channels/{id}/messages/{id}"),
		req(start.Add(time.Second), 200, "PATCH", "/channels/{id}/messages/{id}"),
		req(end.Add(-time.Millisecond), 429, "PATCH", "/channels/{id}/messages/{id}"),
		req(end, 429, "DELETE", "/channels/{id}/messages/{id}"),
	}, start, end)
	if got.Setup != 1 || got.Play != 2 || got.After != 1 || got.Routes["PATCH /channels/{id}/messages/{id}"] != 2 || len(got.Routes) != 3 {
		t.Errorf("countTooMany = %+v, want 1 while opening, 2 in play (both edits), 1 after", got)
	}
	if l := got.line(); !strings.Contains(l, "during play 2") || !strings.Contains(l, "POST /channels/{id}/messages 1") {
		t.Errorf("the report's line: %q", l)
	}
	if l := countTooMany(nil, start, end).line(); l != "" {
		t.Errorf("with no 429s the report adds %q, want nothing", l)
	}
}
