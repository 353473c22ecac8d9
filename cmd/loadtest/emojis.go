package main

import (
	"time"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// emojiLimit bounds the wait for the bot's card emojis before the tables
// open. With the load run's upload limit (loadRateLimits) a fresh bot has
// all of its faces in a few seconds.
const emojiLimit = 90 * time.Second

// waitEmojis waits until the bot logs that its card emojis are ready, and
// reports whether they were within timeout. A fresh bot uploads its card
// faces in the background and shows cards as text until every one is there;
// a bot in service uploaded them long ago. Measured before they are
// complete, hands are text for most of a run, and every click brings back a
// hand message half the size a player's would be: the run would measure a
// bot nobody runs.
func (b *botProcess) waitEmojis(timeout time.Duration) bool {
	return b.waitFor(func() bool { return b.emojis }, timeout) == nil
}

// loadRateLimits are Discord's limits as the fake enforces them, but for
// uploading application emojis: Discord publishes no figure for it, and the
// fake's deliberately low 10 per 10 s would hold every run for the 90 s a
// first start takes to upload its faces. The global limit still paces them.
func loadRateLimits() discordtest.RateLimits {
	l := discordtest.DefaultRateLimits()
	for i, r := range l.Routes {
		if r.Bucket == "application-emoji-create" {
			l.Routes[i].Limit = discordtest.Limit{Requests: 50, Per: time.Second}
		}
	}
	return l
}
