package outbox

import (
	"encoding/json"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/bot/webhook"
)

// followupAttempts bounds how often one follow-up is sent when Discord has
// passing trouble (a 5xx answer).
const followupAttempts = 3

// Followup sends interaction i's user a new ephemeral message showing r
// (POST /webhooks/{app}/{token} with flags 64), off the table's goroutine,
// and calls sent with its ID once Discord has accepted it; sent is not
// called if Discord never does (an expired token: the player opens their
// hand from the table's "My hand" button instead). done is called last,
// either way.
func (o *Outbox) Followup(i *discordgo.Interaction, r ui.Rendering, sent func(messageID string), done func()) {
	o.sends.Add(1)
	go func() {
		defer o.sends.Done()
		defer done()
		id, err := o.postFollowup(i, r)
		if err != nil {
			o.log.Debug("could not send a follow-up", "err", err)
			return
		}
		sent(id)
	}()
}

func (o *Outbox) postFollowup(i *discordgo.Interaction, r ui.Rendering) (string, error) {
	embeds, comps := ui.OrEmpty(r.Embeds, r.Components)
	body := &discordgo.WebhookParams{Content: r.Content, Embeds: embeds, Components: comps, Flags: discordgo.MessageFlagsEphemeral}
	key := discordgo.EndpointWebhookToken(i.AppID, i.Token)
	uri := key + "?wait=true"
	for attempt := 1; ; attempt++ {
		raw, err := webhook.Request(o.session, webhook.Limiter(key), "POST", uri, body, nil, key)
		if err == nil {
			var m discordgo.Message
			if err := json.Unmarshal(raw, &m); err != nil {
				return "", err
			}
			return m.ID, nil
		}
		if attempt >= followupAttempts || !serverError(err) {
			return "", err
		}
		time.Sleep(time.Duration(attempt) * 200 * time.Millisecond)
	}
}

// FinalEdit gives a message of the table that it has left behind (the
// lobby, once the game has its own table message) its last rendering,
// after the table message's pending change.
func (o *Outbox) FinalEdit(channelID, msgID string, r ui.Rendering) {
	if msgID == "" {
		return
	}
	o.mu.Lock()
	o.newerLocked(msgID, r)
	o.closing = append(o.closing, closingCall{msgID, func() { _ = o.closingEdit(channelID, msgID, r) }})
	o.mu.Unlock()
	o.mark()
}
