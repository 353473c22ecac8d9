package table

import (
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
)

// A hand click's answer may never be shown: Discord refuses a callback
// past its 3 s (a click replayed after a gateway outage), and the player
// sees "This interaction failed" although the table may have stored their
// move. The click's token then edits nothing, so it becomes the hand's
// token only once the router reports the answer shown (ui.Input.OnAnswered);
// until then, and if it never is, the table goes on editing the hand
// message through the token it had, and redraws it to what was stored.

// AnswerHand answers a click with the clicker's hand view v. A click on
// the public table (fromTable), or a forged one on any message others can
// see, gets a new private message: a hand never replaces a message anyone
// else sees. Its token is stored before the answer goes, so that after a
// restart (even a crash) the table updates this message, not the one
// before it; it is linked in memory once the answer is shown (settleHand).
func (c *Core) AnswerHand(in *ui.Input, v ui.Rendering, fromTable bool) *ui.Reply {
	fresh := fromTable || !in.OnEphemeral()
	a := handAnswer{user: in.UserID, i: in.LinkPrivately(), at: in.At, shown: v.Fingerprint(), fresh: fresh, game: c.GameID, seq: c.Seq}
	if fresh && ownInteraction(a.user, a.i) {
		c.saveHand(a.user, a.i, a.at)
	}
	if c.asked == nil {
		c.asked = map[string]time.Time{}
	}
	if a.at.After(c.asked[a.user]) {
		c.asked[a.user] = a.at
	}
	act := c.Act // read here: the hook runs off the table's goroutine
	in.OnAnswered(func(ok bool) { act.Post(func() { c.settleHand(a, ok) }) })
	if fresh {
		return ui.EphemeralMessage("", v.Embeds, v.Components)
	}
	return ui.PrivateUpdate("", v.Embeds, v.Components)
}

// handAnswer is an answer to a hand click whose fate Discord has not told
// yet: user's interaction i, made at at, whose message the answer makes
// show the rendering with fingerprint shown (a new message if fresh), as
// the table stood at stored action seq of game.
type handAnswer struct {
	user  string
	i     *discordgo.Interaction
	at    time.Time
	shown uint64
	fresh bool
	game  string
	seq   int64
}

// settleHand runs once the router knows whether Discord showed answer a
// (ok).
//
// Shown, a's token becomes the hand's, unless a later click's already is
// (a click on the hand message's token is queued to the store, see
// keepHand); and if the table has moved on since the answer was made, and
// no later click of the player's has been answered since, the hand is
// redrawn: a change meanwhile went to the old token, and the answer may
// have overwritten it.
//
// Refused, the hand is redrawn through the token it had, and for a new
// message that token goes back to the store in place of the refused one,
// unless a later click's has been stored since (a player with no earlier hand message keeps the refused token stored:
// after a restart, its edits fail as harmlessly as they would now).
// Either way every hand message converges to what was stored.
func (c *Core) settleHand(a handAnswer, ok bool) {
	s := SeatIndex(c.Seats, a.user)
	h, had := c.hands[a.user]
	switch {
	case !ok:
		if had && a.fresh && !c.asked[a.user].After(a.at) {
			c.Env.Store.QueueHandToken(c.GameID, handRecord(a.user, h.i, h.at))
		}
		if s >= 0 {
			c.refreshHand(a.user, s)
		}
		return
	case had && h.at.After(a.at):
		return // a later click's token is linked already
	case a.fresh:
		if !c.linkHand(a.user, a.i, a.at) {
			return
		}
	default:
		c.keepHand(a.user, a.i, a.at)
	}
	h, linked := c.hands[a.user]
	if !linked || h.i.Token != a.i.Token {
		return
	}
	h.shown = a.shown
	c.hands[a.user] = h
	if s >= 0 && (c.GameID != a.game || c.Seq != a.seq) && !c.asked[a.user].After(a.at) {
		c.refreshHand(a.user, s)
	}
}
