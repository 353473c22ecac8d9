package outbox

import (
	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
)

// EditKept queues an edit to r of msgID in channelID, a message the table
// keeps beside its table message (a Laus match's summary message). It goes
// after the table message's pending change, paced within the same global
// budget (restpace.Pacer). If Discord answers that the message is gone (someone
// deleted it) or takes no more edits (over an hour old), gone is called,
// off the table's goroutine, so that the game can post another; any other
// refusal is logged, and the game's next edit brings the message up to
// date.
func (o *Outbox) EditKept(channelID, msgID string, r ui.Rendering, gone func()) {
	if msgID == "" {
		return
	}
	o.mu.Lock()
	o.closing = append(o.closing, closingCall{msgID, func() {
		switch RESTCode(o.closingEdit(channelID, msgID, r)) {
		case discordgo.ErrCodeUnknownMessage, discordgo.ErrCodeMaximumNumberOfEditsToMessagesOlderThanOneHourReached:
			gone()
		}
	}})
	o.mu.Unlock()
	o.mark()
}
