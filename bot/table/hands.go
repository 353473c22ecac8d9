package table

import (
	"context"
	"slices"
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
	// msg is the follow-up message the token edits (the hand sent at a
	// game's start), or "" for the interaction's own answer.
	msg string
	// shown is the fingerprint of what the message shows, as far as the
	// table knows (0: not known, as after a restart). A redraw that would
	// show the same is not sent: in a two-player Laro game that is the
	// waiting player's hand after every draw from the deck, a third of all
	// hand edits. An edit that Discord refused leaves it wrong, which costs
	// at most that one redraw: the next change of the hand is sent.
	shown uint64
	// key is the table's HandKey for what the message shows (shown), set
	// with shown wherever the rendering and the key come from one state, or
	// 0 when not known (after a restart, or a token linked by a click's own
	// answer): the next redraw is then drawn and compared by fingerprint.
	key uint64
	// origin is the ID of the interaction whose answer created the message
	// the token edits ("" : not known, as after a restart): two tokens with
	// the same origin edit the same message.
	origin string
}

// tokenLife is how long a table keeps editing a hand message through an
// interaction token; Discord's limit is 15 minutes, minus a safety margin.
const tokenLife = 14 * time.Minute

// ShowHand answers "My hand" (a new ephemeral message) and "Refresh" (an
// update of the hand message the button is on).
func ShowHand(t Table, in *ui.Input) *ui.Reply {
	s, r := t.TableCore().MySeat(in)
	if r != nil {
		return r
	}
	return HandReply(t, in, s, "")
}

// HandReply shows seat's hand, with note on top, in answer to in, and
// remembers the interaction so later changes can update that message. A
// click on the table's "My hand" or "I'm back" gets a new private message.
func HandReply(t Table, in *ui.Input, seat int, note string) *ui.Reply {
	v := t.HandView(seat, note)
	verb := in.Component.Verb
	fromTable := verb == VerbHand || verb == VerbBack
	return answerHand(t, in, v, fromTable, v.Fingerprint(), noteKey(handKey(t, seat), note))
}

// AdoptHand makes the message of interaction i (created at at) a new hand
// message of the player's, and stores its token before returning, so that
// after a restart (even a crash) the table updates this message, not the one
// before it, while the token lives. Failing to store it costs only that
// convenience, so a failure is logged, not shown.
//
// i must come from Input.LinkPrivately, which makes the transport answer
// it with a message ephemeral for its user; and that user must be the
// player, or someone else would be shown this hand.
func (c *Core) AdoptHand(user string, i *discordgo.Interaction, at time.Time) {
	if c.linkHand(user, i, at, i.ID) {
		c.saveHand(user, i, at)
	}
}

// saveHand stores i as user's hand token and waits for the commit.
func (c *Core) saveHand(user string, i *discordgo.Interaction, at time.Time) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := c.Env.Store.SaveHandToken(ctx, c.GameID, handRecord(user, i, at)); err != nil {
		c.Env.Log.Warn("storing a hand token", "table", c.ID, "err", err)
	}
}

// keepHand takes the token of a click on the player's current hand message.
// It is queued, not waited for: every click on a hand brings a new token,
// and losing the newest in a crash costs nothing, since an older one still
// edits the same message (see Store.QueueHandToken).
func (c *Core) keepHand(user string, i *discordgo.Interaction, at time.Time, origin string) {
	if c.linkHand(user, i, at, origin) {
		c.Env.Store.QueueHandToken(c.GameID, handRecord(user, i, at))
	}
}

// linkHand makes i the player's hand interaction, if it is the player's own;
// origin is the interaction that created the message i edits.
func (c *Core) linkHand(user string, i *discordgo.Interaction, at time.Time, origin string) bool {
	if !ownInteraction(user, i) {
		c.Env.Log.Error("refused to link a hand to another person's interaction", "table", c.ID)
		return false
	}
	c.hands[user] = handToken{i: tokenOnly(i), at: at, origin: origin}
	c.handLapsed(user, false)
	return true
}

// ownInteraction reports whether i is user's own.
func ownInteraction(user string, i *discordgo.Interaction) bool {
	u := ui.UserOf(i)
	return u != nil && u.ID == user
}

// handRecord is what the store keeps of a hand interaction.
func handRecord(user string, i *discordgo.Interaction, at time.Time) store.HandToken {
	return store.HandToken{User: user, AppID: i.AppID, InteractionID: i.ID, Token: i.Token, OpenedAt: at}
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

// RefreshHands redraws every open hand message but those of skip,
// forgetting those whose token has run out. Skipped are the actor, whose
// own click is answered directly, and anyone whose click on their hand
// still waits for its answer: an edit through the hand's older token may
// reach Discord after that answer and show the hand as it was before. A
// hand whose message already shows what it would be redrawn to is left
// alone.
func RefreshHands(t Table, skip ...string) {
	c := t.TableCore()
	for user, h := range c.hands {
		if slices.Contains(skip, user) {
			continue
		}
		if c.gameNow().Sub(h.at) > tokenLife {
			delete(c.hands, user)
			c.handLapsed(user, true)
			continue
		}
		if s := SeatIndex(c.Seats, user); s >= 0 {
			refreshHand(t, user, s)
		}
	}
}

// refreshHand redraws user's open hand message (seat s) unless it already
// shows what it would be redrawn to. Only a hand whose key changed is
// drawn at all (see HandKeyer).
func refreshHand(t Table, user string, s int) {
	c := t.TableCore()
	h, ok := c.hands[user]
	if !ok || c.gameNow().Sub(h.at) > tokenLife {
		return
	}
	// The key says whether anything the hand shows has changed since the
	// last redraw was decided, without drawing it; if so, it is drawn, and
	// sent only if it looks different from what the message shows.
	key := handKey(t, s)
	if key != 0 && key == h.key {
		return
	}
	v := t.HandView(s, "")
	if c.lostView != nil {
		// The table was given up: a hand linked since (its answer was on
		// its way) says so, as the others do.
		v = *c.lostView
	}
	sum := v.Fingerprint()
	h.key = key
	if sum != 0 && sum == h.shown {
		c.hands[user] = h
		return
	}
	h.shown = sum
	c.hands[user] = h
	c.Out.SetEphemeralFollowup(handSlot(user), h.i, h.msg, v)
}

// handSlot names user's hand message in the outbox.
func handSlot(user string) string { return "hand:" + user }
