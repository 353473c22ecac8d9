package e2e

import (
	"time"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// WaitRequests waits until the fake has logged at least n REST requests,
// from the from-th on, that match, and returns them. The fake logs a
// request just after answering it, so the bot may still be reading the
// answer of the last one: a test that needs the bot to have handled an
// answer waits for a later request that only comes after it.
func (w *World) WaitRequests(what string, from, n int, match func(discordtest.Request) bool) []discordtest.Request {
	w.T.Helper()
	deadline := time.Now().Add(Patience)
	for {
		var got []discordtest.Request
		for _, r := range w.Srv.Requests()[from:] {
			if match(r) {
				got = append(got, r)
			}
		}
		if len(got) >= n {
			return got
		}
		if time.Now().After(deadline) {
			w.T.Fatalf("the bot made %d of %d requests %s", len(got), n, what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
