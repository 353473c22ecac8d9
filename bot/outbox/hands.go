package outbox

import (
	"errors"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/workers"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/bot/webhook"
)

// Hand messages: each player's ephemeral message, edited through their
// latest interaction token, at once and on its own (Discord limits these
// calls per token only), keeping only the newest rendering of each.

// handEdit is a pending edit of one player's ephemeral message.
type handEdit struct {
	interaction *discordgo.Interaction // carries the app ID and token
	message     string                 // the follow-up edited, or "" for the original
	view        ui.Rendering
}

// handSlot is one ephemeral message's latest unsent edit, and whether an
// edit of it is in flight (then the newest one follows it).
type handSlot struct {
	pending *handEdit
	busy    bool
	idle    chan struct{} // closed once no edit of the message is left to send
}

// SetEphemeral replaces the rendering of an ephemeral message edited through
// an interaction token: a player's hand, or their answer to a LARO! call.
// key names the message, so a newer rendering of it replaces an older one.
func (o *Outbox) SetEphemeral(key string, i *discordgo.Interaction, r ui.Rendering) {
	o.SetEphemeralFollowup(key, i, "", r)
}

// SetEphemeralFollowup is SetEphemeral for follow-up msgID of interaction
// i ("" for its original message).
func (o *Outbox) SetEphemeralFollowup(key string, i *discordgo.Interaction, msgID string, r ui.Rendering) {
	o.mu.Lock()
	defer o.mu.Unlock()
	slot := o.hands[key]
	if slot == nil {
		slot = &handSlot{idle: make(chan struct{})}
		o.hands[key] = slot
	}
	slot.pending = &handEdit{interaction: i, message: msgID, view: r}
	if !slot.busy {
		slot.busy = true
		o.sends.Add(1)
		workers.Go(func() { o.sendHands(key, slot) })
	}
}

// sendHands sends key's latest edit, and then any newer one, until none is left.
func (o *Outbox) sendHands(key string, slot *handSlot) {
	defer o.sends.Done()
	for {
		o.mu.Lock()
		e := slot.pending
		slot.pending = nil
		if e == nil {
			slot.busy = false
			delete(o.hands, key)
			close(slot.idle)
			o.mu.Unlock()
			return
		}
		o.mu.Unlock()
		o.sendHand(key, *e)
	}
}

func (o *Outbox) sendHand(key string, h handEdit) {
	embeds, comps := ui.OrEmpty(h.view.Embeds, h.view.Components)
	for attempt := 1; ; attempt++ {
		err := webhook.Edit(o.session, h.interaction, h.message, &discordgo.WebhookEdit{
			Content: &h.view.Content, Embeds: &embeds, Components: &comps,
		})
		if err == nil {
			return
		}
		// A server error is Discord's passing trouble: the edit is sent
		// again (unless a newer one replaces it), or the player would not
		// see, say, that it is their turn until they reopened their hand.
		if serverError(err) && attempt < handAttempts && !o.newerHand(key) {
			time.Sleep(time.Duration(attempt) * 200 * time.Millisecond)
			continue
		}
		// A token whose interaction is not answered yet has no message to
		// edit: the answer is still on its way. It comes within Discord's
		// 3 s (a deferral included), so the edit is sent again until then,
		// unless a newer one replaces it. Dropped, it left a player who had
		// just opened their hand looking at a stale one when a computer
		// moved at once (TestLausFinishedTableIsRebuiltAfterACrash, on a
		// loaded machine).
		if answerPending(err, h.interaction) && attempt < pendingAttempts && !o.newerHand(key) {
			time.Sleep(pendingRetry)
			continue
		}
		// An expired token or a dismissed message: the player reopens their
		// hand from the table's "My hand" button, so nothing is lost.
		o.log.Debug("could not update a hand message", "key", key, "err", err)
		return
	}
}

// handAttempts bounds how often one hand edit is sent after server errors.
const handAttempts = 3

// An edit through a token not yet answered is sent again every
// pendingRetry, at most pendingAttempts times (see answerPending).
const (
	pendingRetry    = 100 * time.Millisecond
	pendingAttempts = 50
)

// answerPending reports whether err says interaction i's message does not
// exist while i is young enough for its answer to be still on its way.
// (An old one's message was dismissed, or its answer failed.)
func answerPending(err error, i *discordgo.Interaction) bool {
	if c := RESTCode(err); c != discordgo.ErrCodeUnknownMessage && c != discordgo.ErrCodeUnknownWebhook {
		return false
	}
	at, terr := discordgo.SnowflakeTimestamp(i.ID)
	return terr == nil && time.Since(at) < 5*time.Second
}

// EphemeralIdle returns nil if no edit of the ephemeral message key is
// waiting or on its way, and else a channel closed once none is. Such an
// edit was drawn before anything drawn now, so a click's answer drawn now
// should reach Discord after it, or the older hand would land on top.
func (o *Outbox) EphemeralIdle(key string) <-chan struct{} {
	o.mu.Lock()
	defer o.mu.Unlock()
	if slot := o.hands[key]; slot != nil {
		return slot.idle
	}
	return nil
}

// newerHand reports whether a newer edit of key waits to be sent.
func (o *Outbox) newerHand(key string) bool {
	o.mu.Lock()
	defer o.mu.Unlock()
	slot := o.hands[key]
	return slot != nil && slot.pending != nil
}

// serverError reports a REST error with a 5xx status, which discordgo
// returns once its own retries (of 502 only) are spent.
func serverError(err error) bool {
	var re *discordgo.RESTError
	return errors.As(err, &re) && re.Response != nil && re.Response.StatusCode >= http.StatusInternalServerError
}
