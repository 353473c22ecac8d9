package table

import (
	"context"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// handToken is a player's latest interaction on their hand message; its
// token lets the table update that message for 15 minutes.
type handToken struct {
	i  *discordgo.Interaction
	at time.Time
}

// tokenLife is how long a table keeps editing a hand message through an
// interaction token; Discord's limit is 15 minutes, minus a safety margin.
const tokenLife = 14 * time.Minute

// ShowHand answers "My hand" (a new ephemeral message) and "Refresh" (an
// update of the hand message the button is on).
func (c *Core) ShowHand(in *ui.Input) *ui.Reply {
	s, r := c.MySeat(in)
	if r != nil {
		return r
	}
	return c.HandReply(in, s, "")
}

// HandReply shows seat's hand, with note on top, in answer to in, and
// remembers the interaction so later changes can update that message. A
// click on the table's "My hand" or "I'm back" gets a new private message.
func (c *Core) HandReply(in *ui.Input, seat int, note string) *ui.Reply {
	v := c.self.HandView(seat, note)
	fromTable := in.Component.Verb == "hand" || in.Component.Verb == "back"
	return c.AnswerHand(in, v, fromTable)
}

// AnswerHand answers a click with the clicker's hand view v and remembers
// the interaction, whose token lets the table update that message later.
// A click on the public table (fromTable), or a forged one on any message
// others can see, gets a new private message: a hand never replaces a
// message anyone else sees.
func (c *Core) AnswerHand(in *ui.Input, v ui.Rendering, fromTable bool) *ui.Reply {
	c.AdoptHand(in.UserID, in.LinkPrivately(), in.At)
	if fromTable || !in.OnEphemeral() {
		return ui.EphemeralMessage("", v.Embeds, v.Components)
	}
	return ui.PrivateUpdate("", v.Embeds, v.Components)
}

// AdoptHand makes the message of interaction i (created at at) the
// player's hand message, and stores its token so that after a restart the
// table can still update it while the token lives. Losing the stored token
// costs only that convenience.
//
// i must come from Input.LinkPrivately, which makes the transport answer
// it with a message ephemeral for its user; and that user must be the
// player, or someone else would be shown this hand.
func (c *Core) AdoptHand(user string, i *discordgo.Interaction, at time.Time) {
	if u := ui.UserOf(i); u == nil || u.ID != user {
		c.Env.Log.Error("refused to link a hand to another person's interaction", "table", c.ID)
		return
	}
	c.hands[user] = handToken{i: tokenOnly(i), at: at}
	// Queued, not waited for: every click on a hand brings a new token, and the
	// table should not wait for the disk on each (see Store.QueueHandToken).
	c.Env.Store.QueueHandToken(c.GameID, store.HandToken{
		User: user, AppID: i.AppID, InteractionID: i.ID, Token: i.Token, OpenedAt: at,
	})
}

// LoadHands takes back the hand tokens still alive after a restart.
func (c *Core) LoadHands(ctx context.Context) {
	tokens, err := c.Env.Store.HandTokens(ctx, c.GameID, time.Now().Add(-tokenLife))
	if err != nil {
		c.Env.Log.Warn("loading hand tokens", "table", c.ID, "err", err)
		return
	}
	for _, h := range tokens {
		i := &discordgo.Interaction{ID: h.InteractionID, AppID: h.AppID, Token: h.Token}
		c.hands[h.User] = handToken{i: i, at: h.OpenedAt}
	}
}

// RefreshHands redraws every open hand message but actor's (whose own
// click is answered directly), forgetting those whose token has run out.
func (c *Core) RefreshHands(actor string) {
	for user, h := range c.hands {
		if user == actor {
			continue
		}
		if time.Since(h.at) > tokenLife {
			delete(c.hands, user)
			continue
		}
		if s := SeatIndex(c.Seats, user); s >= 0 {
			c.Out.SetEphemeral("hand:"+user, h.i, c.self.HandView(s, ""))
		}
	}
}
