package restpace

import (
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"
)

// The pacer's pace leaves 10% of the global budget spare for calls
// that a busy machine or the network bunch together on their way to
// Discord. When Discord still answers a call bound by the global limit with
// a 429, that margin was too thin for the moment: the pacer then starts
// its calls a quarter slower, compounding with each further 429 down to
// half its pace, and returns to its full pace after a quiet minute.

// slowFor is how long a 429 slows the pacer down.
const slowFor = time.Minute

// refillLocked tops the budget's tokens up to now, at the current pace,
// first ending a slow spell that has run its course. d.mu is held.
func (d *Pacer) refillLocked(now time.Time) {
	if !d.slowUntil.IsZero() && now.After(d.slowUntil) {
		d.perCall, d.slowUntil = d.basePerCall, time.Time{}
	}
	d.tokens = min(float64(d.burst), d.tokens+float64(now.Sub(d.filled))/float64(d.perCall))
	d.filled = now
}

// refused is told that Discord answered a call bound by the global limit
// with a 429 at now.
func (d *Pacer) refused(now time.Time) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.refillLocked(now) // tokens earned so far count at the old pace
	d.perCall = min(2*d.basePerCall, d.perCall*5/4)
	d.slowUntil = now.Add(slowFor)
}

// RateLimited tells the pacer that Discord answered a call with a 429
// (discordgo reports each one as a *discordgo.RateLimit event before it
// waits and tries again). A call through an interaction's token is not
// bound by the global limit, so only the others slow the tables' pace.
func (d *Pacer) RateLimited(r *discordgo.RateLimit) {
	if r == nil || boundByInteraction(r.URL) {
		return
	}
	d.refused(time.Now())
}

// boundByInteraction reports a URL of the interaction endpoints: the
// callback and the webhook routes of an interaction token.
func boundByInteraction(url string) bool {
	return strings.Contains(url, "/interactions/") || strings.Contains(url, "/webhooks/")
}
