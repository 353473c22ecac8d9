package outbox

import (
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
)

// MoveTo makes channelID the table's place from now on, with messageID as
// its table message there ("" posts a fresh one): a game moving into its
// thread, or out of it at the end. A rendering not yet sent was meant for
// the old place and is dropped; the caller sets the new one.
func (o *Outbox) MoveTo(channelID, messageID string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.reach.closed {
		return
	}
	o.moveLocked(channelID, messageID)
}

func (o *Outbox) moveLocked(channelID, messageID string) {
	o.channelID, o.messageID = channelID, messageID
	o.postBucket = discordgo.EndpointChannelMessages(channelID)
	o.editBucket = discordgo.EndpointChannelMessage(channelID, "")
	o.public, o.newPublic, o.retire = nil, false, nil
	o.backoff = time.Time{}
	o.reach.refusedSince = time.Time{} // the new place has refused nothing yet
}

// Channel is where the table's message is: its channel, or its game's thread.
func (o *Outbox) Channel() string {
	o.mu.Lock()
	defer o.mu.Unlock()
	return o.channelID
}

// EndThread closes the table's thread at the end of a game: the thread's
// table message gets its final rendering (after the retired message's, if
// a fresh one was due), the thread is archived, and the table moves back to
// its lobby message in parentID, which shows lobby. Announcements already
// queued are still posted in the thread, first; archiving comes last, as an
// archived thread takes no more messages.
func (o *Outbox) EndThread(final ui.Rendering, parentID, lobbyID string, lobby ui.Rendering) {
	// One critical section: the pacer must not send the thread's
	// pending rendering between the look at it and the move.
	o.mu.Lock()
	if o.reach.closed {
		o.mu.Unlock()
		return
	}
	thread, msgID := o.channelID, o.messageID
	fresh := o.newPublic || msgID == ""
	if fresh && msgID != "" && o.retire != nil {
		r := *o.retire
		o.closing = append(o.closing, closingCall{msgID, func() { _ = o.closingEdit(thread, msgID, r) }})
	}
	if fresh {
		o.closing = append(o.closing, closingCall{"", func() { o.closingPost(thread, final) }})
	} else {
		o.closing = append(o.closing, closingCall{msgID, func() { _ = o.closingEdit(thread, msgID, final) }})
	}
	o.closing = append(o.closing, closingCall{"", func() { o.archive(thread) }})
	o.moveLocked(parentID, lobbyID)
	o.public, o.reach.shown = &lobby, &lobby
	o.staleLocked()
	o.mu.Unlock()
	o.mark()
}

// ReplaceLater has the next rendering of the table message posted as a
// fresh message, the current one first becoming r, without sending
// anything yet: EndThread then sends both.
func (o *Outbox) ReplaceLater(r ui.Rendering) {
	o.mu.Lock()
	o.retire, o.newPublic = &r, true
	o.mu.Unlock()
}

func (o *Outbox) closingEdit(channelID, msgID string, r ui.Rendering) error {
	r = o.forChannel(r)
	if o.editLeftThroughToken(r, msgID) {
		return nil
	}
	files, keep := o.editFiles(msgID, r)
	edit := func(r ui.Rendering, files []*discordgo.File, keep *[]*discordgo.MessageAttachment) error {
		embeds, comps := ui.OrEmpty(r.Embeds, r.Components)
		_, err := o.session.ChannelMessageEditComplex(&discordgo.MessageEdit{
			ID: msgID, Channel: channelID, Content: &r.Content, Embeds: &embeds, Components: &comps,
			Files: files, Attachments: keep,
		})
		return err
	}
	err := edit(r, files, keep)
	if err != nil && o.refusedPictures(err, r) {
		err = edit(withoutPictures(r), nil, &[]*discordgo.MessageAttachment{})
	}
	if err != nil {
		o.log.Warn("could not give a message the table left behind its final state", "channel", channelID, "err", err)
	}
	return err
}

func (o *Outbox) closingPost(channelID string, r ui.Rendering) {
	r = o.forChannel(r)
	post := func(r ui.Rendering) error {
		_, err := o.session.ChannelMessageSendComplex(channelID, &discordgo.MessageSend{
			Content: r.Content, Embeds: ui.RichEmbeds(r.Embeds), Components: r.Components, Files: r.DiscordFiles(),
		})
		return err
	}
	err := post(r)
	if err != nil && o.refusedPictures(err, r) {
		err = post(withoutPictures(r))
	}
	if err != nil {
		o.log.Warn("could not post a thread's final table message", "thread", channelID, "err", err)
	}
}

// archive archives a finished game's thread. If Discord refuses, the thread
// stays open: Discord archives it by itself after its inactivity period.
func (o *Outbox) archive(threadID string) {
	archived := true
	if _, err := o.session.ChannelEditComplex(threadID, &discordgo.ChannelEdit{Archived: &archived}); err != nil {
		o.log.Warn("could not archive a finished game's thread", "thread", threadID, "err", err)
	}
}
