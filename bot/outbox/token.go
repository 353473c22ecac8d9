package outbox

import (
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/bot/webhook"
)

// Editing the table message through an interaction token.
//
// Discord binds the channel endpoints, and so every table message edited
// through them, to the bot's global limit of 50 calls a second: at 1,000
// live tables that is one edit a table every 20 s. A click on a message
// answered with DEFERRED_UPDATE_MESSAGE (6) or UPDATE_MESSAGE (7) makes that
// message the "original" of the click's token, which may edit it for 15
// minutes under a bucket of its own (5 edits per 2 s, as commonly observed),
// outside the global limit. So the outbox keeps, for its table message, the
// freshest token bound to it, and edits through it while it is younger than
// boundLife; through the channel endpoint otherwise, and when Discord
// refuses the token (expired: 50027; the message not the token's: 10008,
// 10015).
//
// Bound tokens live in memory only: after a restart the table message is
// edited through the channel until a click binds a new one.
//
// The edit names the table message by its ID, not "@original": a token
// whose original turned out to be another message (a click answered late,
// after a private "thinking…") is refused rather than made to show the
// table somewhere else.

// boundLife is how long a bound token edits the table message: Discord's
// 15 minutes, less a margin for clocks and the edit's own round trip.
const boundLife = 14 * time.Minute

// boundRenewAfter is the age from which a click on the table message that
// is answered privately renews the bound token (see WantsToken): the
// renewal delays that click's private answer by one round trip, so it is
// done at most every few minutes, long enough before boundLife runs out for
// a table whose players click rarely.
const boundRenewAfter = 5 * time.Minute

// boundToken is an interaction token whose original message is the table
// message messageID, minted at at (the interaction's snowflake time).
type boundToken struct {
	i         *discordgo.Interaction // app ID and token only
	messageID string
	at        time.Time
}

// BindToken records that interaction i's token edits message messageID (its
// callback was type 6 or 7 on a click on it), minted at at. An older token
// than the one kept, or one for another message than the table's, is
// ignored.
func (o *Outbox) BindToken(messageID string, i *discordgo.Interaction, at time.Time) {
	if i == nil || i.Token == "" || messageID == "" {
		return
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if messageID != o.messageID || o.bound != nil && o.bound.messageID == messageID && !at.After(o.bound.at) {
		return
	}
	if o.bound != nil && o.bound.messageID != messageID {
		o.behind = o.bound // the lobby's, say: its last edit may still go through it
	}
	// Only what an edit through the token needs, not the whole click.
	o.bound = &boundToken{i: &discordgo.Interaction{ID: i.ID, AppID: i.AppID, Token: i.Token}, messageID: messageID, at: at}
}

// WantsToken reports whether a click on message messageID made at at
// should be answered so that its token is bound to it: messageID is the
// table message, and the token kept for it, if any, is older than
// boundRenewAfter.
func (o *Outbox) WantsToken(messageID string, at time.Time) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	if messageID == "" || messageID != o.messageID || o.reach.closed {
		return false
	}
	b := o.bound
	return b == nil || b.messageID != messageID || at.Sub(b.at) >= boundRenewAfter
}

// tokenForLocked returns the token bound to message msgID that is still
// young enough at now, or nil.
func (o *Outbox) tokenForLocked(msgID string, now time.Time) *boundToken {
	b := o.bound
	if b == nil || b.messageID != msgID || now.Sub(b.at) >= boundLife {
		return nil
	}
	return b
}

// dropToken forgets b, which Discord refused.
func (o *Outbox) dropToken(b *boundToken) {
	o.mu.Lock()
	if o.bound == b {
		o.bound = nil
	}
	if o.behind == b {
		o.behind = nil
	}
	o.mu.Unlock()
}

// tokenNextLocked reports whether the outbox's next public call is an edit
// of the table message through a bound token, or a fresh table message
// posted through a start click's token, which the global limit does not
// bind: the order is sendOne's.
func (o *Outbox) tokenNextLocked(now time.Time) bool {
	if o.takeClickedPeekLocked(now) || len(o.announce) > 0 || o.noticeFirstLocked(now) {
		return false
	}
	if o.closingDue && len(o.closing) > 0 || o.public == nil {
		// A closing call goes next (sendOne's order). Through the channel it
		// is the global budget's to start: started beside it, it would wait
		// in the budget's gate with the outbox's one call, and every token
		// edit of the table message behind it (lobbies closing at 1,000
		// tables: the table lag p99 was 3.7 s).
		return o.closingTokenLocked(now)
	}
	if o.newPublic || o.messageID == "" {
		if o.messageID != "" && o.retire != nil {
			// The old message's last edit goes first.
			return o.tokenForLocked(o.messageID, now) != nil
		}
		// A fresh message: posted through the start click's token, if
		// there is one (see starttoken.go).
		return o.startUsableLocked(now) != nil
	}
	return o.tokenForLocked(o.messageID, now) != nil
}

// closingTokenLocked reports whether the next closing call edits a message
// the table left behind through a token still bound to it (see
// closingCall), which the global limit does not bind.
func (o *Outbox) closingTokenLocked(now time.Time) bool {
	return len(o.closing) > 0 && o.leftTokenLocked(o.closing[0].msgID, now) != nil
}

// leftTokenLocked returns a token bound to msgID, the table message or one it
// left behind, still young enough at now, or nil.
func (o *Outbox) leftTokenLocked(msgID string, now time.Time) *boundToken {
	for _, b := range []*boundToken{o.bound, o.behind} {
		if msgID != "" && b != nil && b.messageID == msgID && now.Sub(b.at) < boundLife {
			return b
		}
	}
	return nil
}

// takeClickedPeekLocked reports whether a queued redraw of a clicked
// message may go at now (see takeClickedLocked).
func (o *Outbox) takeClickedPeekLocked(now time.Time) bool {
	for _, e := range o.clicked {
		if !e.hold.After(now) {
			return true
		}
	}
	return false
}

// tokenEvery is the least time between two edits of the table message
// through one token: half the table's pace, at the default pace of 1 s an
// edit every 500 ms, which keeps within the token's bucket of 5 edits per
// 2 s with one to spare, and halves what the pace adds to the table's lag.
func (o *Outbox) tokenEvery() time.Duration { return o.publicEvery / 2 }

// ViaToken reports whether the outbox's next public call goes through a
// bound token (see tokenNextLocked), for the pacer (restpace.Sender).
func (p *paced) ViaToken(now time.Time) bool {
	o := (*Outbox)(p)
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.tokenNextLocked(now)
}

// editLeftThroughToken is editThroughToken for a closing edit of msgID, a
// message the table left behind (its lobby) or its table message, through a
// token still bound to it.
func (o *Outbox) editLeftThroughToken(r ui.Rendering, msgID string) bool {
	o.mu.Lock()
	b := o.leftTokenLocked(msgID, time.Now())
	o.mu.Unlock()
	return b != nil && o.editThrough(b, r, msgID)
}

// editThroughToken edits the table message msgID to r through the token
// bound to it, if there is a fresh one, and reports whether it did. A
// refusal drops the token: the caller then edits through the channel.
func (o *Outbox) editThroughToken(r ui.Rendering, msgID string) bool {
	o.mu.Lock()
	b := o.tokenForLocked(msgID, time.Now())
	o.mu.Unlock()
	return b != nil && o.editThrough(b, r, msgID)
}

// editThrough edits message msgID to r through token b, and reports whether
// Discord took it; a refused token is dropped.
func (o *Outbox) editThrough(b *boundToken, r ui.Rendering, msgID string) bool {
	embeds, comps := ui.OrEmpty(r.Embeds, r.Components)
	files, keep := o.editFiles(msgID, r)
	err := webhook.Edit(o.session, b.i, msgID, &discordgo.WebhookEdit{
		Content: &r.Content, Embeds: &embeds, Components: &comps, Files: files, Attachments: keep,
	})
	if err != nil {
		// Expired, not this token's message, or Discord's passing
		// trouble: the channel endpoint is the fallback, and a token once
		// refused is not tried again.
		o.log.Debug("table message not edited through a token; using the channel", "message", msgID, "err", err)
		o.dropToken(b)
		return false
	}
	o.noteAttached(msgID, r)
	return true
}
