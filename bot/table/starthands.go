package table

import (
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
)

// Hands at Start: every seated person gets their hand when the game starts,
// without pressing anything. Whoever clicked Start (or Play again) gets it
// as the answer to that click. Everyone else gets it as an ephemeral
// follow-up through their Join click, whose token can send its user
// follow-ups for 15 minutes: the table keeps it with the seat. That message
// then is the player's hand message, edited as the game goes on.
//
// The Join tokens live only in memory: after a restart a lobby's players
// get no hand at Start, and press My hand, which the table message asks
// them to. A follow-up's token is not stored either (the store keeps a
// hand's interaction, not which of its messages), so after a restart those
// players open their hand again; the clicker's hand is stored as any hand
// opened with My hand is.

// startHandNote tops the hand sent at Start, in its reader's language.
func startHandNote(l lang.Lang) string { return l.T("table.more.start_hand") }

// KeepJoin keeps the token of in, a click on Join, to send the player their
// hand at Start.
func (c *Core) KeepJoin(in *ui.Input) {
	if c.joins == nil {
		c.joins = map[string]handToken{}
	}
	c.joins[in.UserID] = handToken{i: tokenOnly(in.FollowupTo()), at: in.At}
}

// forgetJoin drops a player's Join token when they leave the lobby.
func (c *Core) forgetJoin(user string) { delete(c.joins, user) }

// DealHands sends every seated person but the clicker of in (the Start or
// Play again click, answered with the clicker's hand: see AnswerStart)
// their hand as an ephemeral follow-up through their Join click, while its
// token lives, and makes each follow-up its player's hand message.
//
// The follow-ups are sent at once, side by side, and waited for (at most
// dealWait): once the game's table message says to press My hand, a hand
// opened that way is the newest and the one the table edits, never a
// follow-up arriving after it.
func DealHands(t Table, in *ui.Input) {
	c := t.TableCore()
	type dealt struct {
		user string
		tok  handToken
		msg  string
	}
	var sends []*dealt
	var wg sync.WaitGroup
	for seat, s := range c.Seats {
		tok, ok := c.joins[s.UserID]
		if s.Computer || s.UserID == in.UserID || !ok || in.At.Sub(tok.at) > tokenLife {
			continue
		}
		v := t.HandView(seat, startHandNote(c.ReaderLang(s.UserID)))
		// What the hand shows but for its note: a redraw to the same is
		// not sent, so the note stays until the hand changes.
		tok.shown, tok.key = t.HandView(seat, "").Fingerprint(), handKey(t, seat)
		d := &dealt{user: s.UserID, tok: tok}
		sends = append(sends, d)
		wg.Add(1)
		c.Out.Followup(tok.i, v, func(msgID string) { d.msg = msgID }, wg.Done)
	}
	// Each token sends one hand: a later game's comes from Play again.
	c.joins = nil
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(dealWait):
		// Discord is slow: the hands that made it are linked, the others
		// are opened with My hand. (A late one may still arrive unlinked.)
		c.Env.Log.Warn("hands at the start took too long", "table", c.ID)
		return
	}
	for _, d := range sends {
		if d.msg != "" {
			d.tok.msg = d.msg
			c.hands[d.user] = d.tok
		}
	}
}

// dealWait bounds how long a game's start waits for its hands to be sent.
const dealWait = 2 * time.Second

// AnswerStart answers in, the click that started a game, with the
// clicker's hand (or, for a clicker who just left, says so), and has the message clicked, left behind by the game's
// new table message, show was instead. The hand is a new private message,
// the clicker's hand message from now on.
func AnswerStart(t Table, in *ui.Input, channelID, msgID string, was ui.Rendering) *ui.Reply {
	c := t.TableCore()
	c.Out.FinalEdit(channelID, msgID, was)
	seat := SeatIndex(c.Seats, in.UserID)
	if seat < 0 {
		// The click was the Leave table that completed a ready check
		// (LeaveAfterGame): its clicker has no hand in the new game.
		return ui.EphemeralText(in.Lang().T("table.more.left_started", "Table", c.ID))
	}
	// As in DealHands: the start's redraw of every hand, which comes
	// before this answer has reached Discord, leaves this one alone unless
	// the game has moved.
	return answerHand(t, in, t.HandView(seat, startHandNote(in.Lang())), true, t.HandView(seat, "").Fingerprint(), handKey(t, seat))
}

// PostStartThrough has the game's table message, posted fresh as the game
// that in's click starts begins, go as a public follow-up on in's token,
// bound to it at once, so that the game's edits of it skip the global
// limit from its first moment (see package outbox, starttoken.go). It is
// called before the game's first table message is set, and does nothing
// when the game went into a thread (a follow-up goes to the click's
// channel): the channel endpoint posts it there.
//
// Nor where the click says the bot lacks a permission it needs to keep
// the table message through the channel (tablePermissions): Discord does
// not check a channel's permissions on a token, so the table would run
// until the token's 15 minutes are out and then fail. Posted through the
// channel, it is refused at once, and the table tells the players what to
// fix (see package outbox, unreachable.go).
func PostStartThrough(t Table, in *ui.Input) {
	if p := in.AppPermissions; p != 0 && p&discordgo.PermissionAdministrator == 0 && p&tablePermissions != tablePermissions {
		return
	}
	c := t.TableCore()
	in.OnAnswered(c.Out.PostThrough(in.FollowupTo(), in.ChannelID, in.At))
}
