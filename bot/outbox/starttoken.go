package outbox

import (
	"encoding/json"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/bot/webhook"
)

// Posting a game's table message through the token of the click that
// started it.
//
// A game's table message is posted fresh when the game starts, and its
// players then click only their hands: no click on it would ever leave a
// token bound to it (token.go), and every edit of it would wait for the
// global limit. So the fresh table message is posted as a public
// (non-ephemeral) follow-up on the token of the click that started the
// game (Start, Start now, the last "I'm in", Play again): POST
// /webhooks/{app}/{token}, which the global limit does not bind, and which
// makes a message of that token's, so the token may then edit it by ID
// (PATCH /webhooks/{app}/{token}/messages/{id}) for the rest of its 15
// minutes: it is bound at once. The click's own answer (the clicker's hand)
// is unchanged.
//
// Discord shows a follow-up of a component interaction as a message of the
// bot's in the interaction's channel, with a small header naming the
// clicker and the message whose button they pressed, as it shows a
// command's answer; its content is the table message's, word for word.
// Follow-ups go to the interaction's channel, so a table that moved into
// a thread for its game posts there through the channel endpoint as before.
//
// Discord takes follow-ups only once the interaction has been answered, so
// the fresh post waits for the click's answer (at most startHold); if the
// answer was not shown, the follow-up is refused, or Discord made it
// ephemeral (the first follow-up of a deferred answer keeps the deferral's
// visibility), the table message is posted through the channel as before:
// the game starts either way. The token is kept in memory only, as bound
// tokens are; the message ID is stored as any table message's.

// startHold bounds how long a game's fresh table message waits for the
// answer to the click that started it: Discord's 3 s to answer, and the
// time a deferred answer may take to follow.
const startHold = 5 * time.Second

// startToken is the token of the click that starts a game, through which
// the game's fresh table message is posted.
type startToken struct {
	i       *discordgo.Interaction // app ID and token only
	channel string                 // where the click was: where a follow-up goes
	at      time.Time              // the click's snowflake time
	hold    time.Time              // the fresh post waits for the answer until then
	shown   bool                   // Discord took the click's answer: follow-ups may go
}

// PostThrough arranges for the table's next fresh message to be posted as a
// public follow-up on interaction i's token (a click made at at in channel
// channelID), and returns what the click's answer's fate settles it with
// (for ui.Input.OnAnswered). It does nothing when the table is not in
// channelID (its game moved into a thread).
func (o *Outbox) PostThrough(i *discordgo.Interaction, channelID string, at time.Time) (settle func(shown bool)) {
	o.mu.Lock()
	if i == nil || i.Token == "" || o.reach.closed || channelID == "" || channelID != o.channelID {
		o.mu.Unlock()
		return func(bool) {}
	}
	s := &startToken{i: &discordgo.Interaction{ID: i.ID, AppID: i.AppID, Token: i.Token}, channel: channelID, at: at, hold: time.Now().Add(startHold)}
	o.start = s
	o.mu.Unlock()
	return func(shown bool) {
		o.mu.Lock()
		if o.start == s {
			if shown {
				s.shown = true
			} else {
				o.start = nil
			}
		}
		o.mu.Unlock()
		o.mark()
	}
}

// startUsableLocked returns the start token through which a fresh table
// message may be posted now, or nil.
func (o *Outbox) startUsableLocked(now time.Time) *startToken {
	s := o.start
	if s == nil || !s.shown || s.channel != o.channelID || now.Sub(s.at) >= boundLife {
		return nil
	}
	return s
}

// startHeldLocked returns until when the next call, a fresh table message,
// waits for the answer to the click that started the game (zero: it need
// not wait).
func (o *Outbox) startHeldLocked(now time.Time) time.Time {
	s := o.start
	if s == nil || s.shown || s.channel != o.channelID || !s.hold.After(now) {
		return time.Time{}
	}
	return s.hold
}

// freshHeldLocked reports whether the pending public change is a fresh table
// message that waits, at now, for the answer to the click that started the
// game.
func (o *Outbox) freshHeldLocked(now time.Time) bool {
	fresh := o.newPublic || o.messageID == ""
	return fresh && o.public != nil && !o.startHeldLocked(now).IsZero() && (o.messageID == "" || o.retire == nil)
}

// postThroughStart posts r, the fresh table message, as a public follow-up
// on the start token, if there is one to use, binds the token to it and
// returns its ID; "" if the channel endpoint must post it.
func (o *Outbox) postThroughStart(r ui.Rendering, channelID string) string {
	o.mu.Lock()
	held := o.start
	s := o.startUsableLocked(time.Now())
	o.start = nil // one fresh message per start, whatever comes of it
	o.mu.Unlock()
	if s == nil || s.channel != channelID {
		if held != nil {
			// Rare, and it costs the game its edits outside the global limit:
			// worth a line that says why.
			o.log.Info("table message posted through the channel, not the start click's token",
				"answered", held.shown, "waited", time.Since(held.hold.Add(-startHold)).Round(time.Millisecond),
				"clicked_in", held.channel, "posting_in", channelID)
		}
		return ""
	}
	embeds, comps := ui.OrEmpty(r.Embeds, r.Components)
	body := &discordgo.WebhookParams{Content: r.Content, Embeds: embeds, Components: comps}
	key := discordgo.EndpointWebhookToken(s.i.AppID, s.i.Token)
	raw, err := webhook.Request(o.session, webhook.Limiter(key), "POST", key+"?wait=true", body, r.DiscordFiles(), key)
	var m discordgo.Message
	if err == nil {
		err = json.Unmarshal(raw, &m)
	}
	if err != nil || m.ID == "" || m.Flags&discordgo.MessageFlagsEphemeral != 0 {
		// Refused, or shown to the clicker alone: the channel endpoint
		// posts the table message, which everyone must see.
		o.log.Info("table message not posted through the start click's token; using the channel", "err", err)
		return ""
	}
	o.noteAttached(m.ID, r)
	o.mu.Lock()
	moved := o.channelID != channelID
	if !moved {
		o.messageID = m.ID
	}
	o.mu.Unlock()
	if moved {
		return m.ID // the table moved meanwhile: as sendPublic does
	}
	o.BindToken(m.ID, s.i, s.at)
	if o.onPosted != nil {
		o.onPosted(m.ID)
	}
	return m.ID
}
