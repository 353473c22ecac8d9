package outbox

import (
	"errors"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/bot/webhook"
)

// Sending the table message itself, and what the outbox does when Discord
// refuses it.

func (o *Outbox) sendPublic(r ui.Rendering, fresh bool, channelID, msgID string) {
	r = o.forChannel(r)
	if !fresh && o.editThroughToken(r, msgID) {
		// Not o.reached: Discord does not check the channel's permissions
		// on a token, so this says nothing of whether the channel takes
		// the bot's calls (see unreachable.go).
		return
	}
	if !fresh {
		comps := r.Components
		if comps == nil {
			comps = []discordgo.MessageComponent{}
		}
		files, keep := o.editFiles(msgID, r)
		embeds := webhook.OwnEmbeds(r.Embeds)
		_, err := o.session.ChannelMessageEditComplex(&discordgo.MessageEdit{
			ID: msgID, Channel: channelID, Content: &r.Content, Embeds: &embeds, Components: &comps,
			Files: files, Attachments: keep,
		})
		if err == nil {
			o.reached(channelID)
			o.noteAttached(msgID, r)
			return
		}
		if o.refusedPictures(err, r) {
			o.sendPublic(r, fresh, channelID, msgID) // now without pictures
			return
		}
		if code := RESTCode(err); code != discordgo.ErrCodeUnknownMessage && code != discordgo.ErrCodeMaximumNumberOfEditsToMessagesOlderThanOneHourReached {
			o.refusedPublic(r, false, channelID, err)
			return
		}
		// Someone deleted the table message, or it is over an hour old and
		// Discord takes no more edits of it: post it again below.
	}
	if fresh && o.postThroughStart(r, channelID) != "" {
		return // a game's first table message, outside the global limit (see starttoken.go)
	}
	m, err := o.session.ChannelMessageSendComplex(channelID, &discordgo.MessageSend{
		Content: r.Content, Embeds: webhook.OwnEmbeds(r.Embeds), Components: r.Components, Files: r.DiscordFiles(),
	})
	if err != nil && o.refusedPictures(err, r) {
		o.sendPublic(r, fresh, channelID, msgID) // now without pictures
		return
	}
	if err != nil {
		o.refusedPublic(r, true, channelID, err)
		return
	}
	o.reached(channelID)
	o.noteAttached(m.ID, r)
	o.mu.Lock()
	if o.channelID != channelID {
		// The table moved (into a thread, or out of one) meanwhile.
		o.mu.Unlock()
		return
	}
	o.messageID = m.ID
	o.mu.Unlock()
	if o.onPosted != nil {
		o.onPosted(m.ID)
	}
}

// retryLater keeps a ui.Rendering that could not be sent, unless a newer one
// has arrived meanwhile, so the table re-posts as soon as Discord lets it.
func (o *Outbox) retryLater(r ui.Rendering, fresh bool) {
	o.mu.Lock()
	if o.reach.closed {
		o.mu.Unlock()
		return // nothing goes to a closed table's place again
	}
	if o.public == nil {
		o.public = &r
	}
	o.newPublic = o.newPublic || fresh
	// Back off: do not hammer a channel we may not write to.
	o.backoff = time.Now().Add(10 * o.publicEvery)
	o.mu.Unlock()
}

func (o *Outbox) noteProblem(err error) {
	o.mu.Lock()
	channel := o.channelID
	// Said in the language of whoever clicks next (see Problem).
	msg := func(l lang.Lang) string { return l.T("outbox.refused", "Err", err.Error()) }
	switch RESTCode(err) {
	case discordgo.ErrCodeMissingPermissions, discordgo.ErrCodeMissingAccess:
		// The grace a refusing channel has (see unreachable.go).
		secs := max(1, int(o.reach.grace.Round(time.Second)/time.Second))
		msg = func(l lang.Lang) string { return l.T("outbox.no_permission", "S", secs) }
	}
	o.problem = msg
	o.refusals++
	o.mu.Unlock()
	o.log.Warn("table message not sent", "channel", channel, "err", err)
}

// RESTCode returns Discord's JSON error code of a failed REST call, or 0.
func RESTCode(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) {
		if re.Message != nil {
			return re.Message.Code
		}
		if re.Response != nil && re.Response.StatusCode == http.StatusNotFound {
			return discordgo.ErrCodeUnknownMessage
		}
	}
	return 0
}
