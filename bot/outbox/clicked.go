package outbox

import (
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/bot/webhook"
)

// A click on a public message (a lobby's Join or Start, a finished table's
// Play again) is answered by redrawing that message in the callback. If
// Discord refuses the callback (a click replayed after a gateway outage,
// past its 3 s), the message would keep its old seats and live-looking
// buttons while the store has moved on. So every such redraw is also queued
// here, held while the callback may still land: shown, the queued edit is
// dropped; refused, or never reported on, it goes through the pacer
// like any table message. The callback is only the faster path.

// A callback and the outbox's own edits of the same message travel apart:
// an edit queued after a click (the game's start giving the lobby its last
// rendering, a table redraw) can reach Discord before the click's callback,
// which then puts the older rendering back for good. So while a callback on
// a message is in flight, the outbox keeps the newest rendering queued for
// that message after it (a fence); when the callback lands, shown, behind a
// newer rendering, that one is sent again. An older rendering is never the
// last one a message gets.

// fences are the outbox's fenced messages.
type fences struct {
	byID map[string]*fence
	seq  uint64 // numbers the renderings of fenced messages
}

// fence is what the outbox knows of a message with callbacks in flight.
type fence struct {
	inFlight int           // callbacks whose fate is not known yet
	seq      uint64        // of the newest rendering queued for the message
	r        *ui.Rendering // that rendering
}

// clickedHold is how long after the click a queued redraw waits for news of
// its callback: Discord's 3 s, and the time a deferred answer may take to
// follow, after which sending it again costs at most one redundant edit.
const clickedHold = 5 * time.Second

// clickedEdit is a queued redraw of a clicked public message.
type clickedEdit struct {
	channel, messageID string
	r                  ui.Rendering
	hold               time.Time // not sent before (zero: at once)
	seq                uint64    // its place among the message's renderings (see fence)
}

// EchoClicked queues r, the redraw that a click at clickedAt on message
// messageID in channel gave that message in the click's answer, held
// while the answer may still land, and returns what the answer's fate
// settles it with: shown, the queued edit is dropped; not shown, it goes
// at once.
func (o *Outbox) EchoClicked(channel, messageID string, r ui.Rendering, clickedAt time.Time) (settle func(shown bool)) {
	e := &clickedEdit{channel: channel, messageID: messageID, r: r, hold: clickedAt.Add(clickedHold)}
	o.queueClicked(e)
	return func(shown bool) { o.settleClicked(e, shown) }
}

// queueClicked queues e, replacing any older redraw of its message. It is
// the newest rendering of that message, so a pending edit of the same table
// message is dropped.
func (o *Outbox) queueClicked(e *clickedEdit) {
	o.mu.Lock()
	if o.reach.closed {
		o.mu.Unlock()
		return // nothing queued after the table's last message is sent
	}
	o.clicked = append(dropClicked(o.clicked, e.messageID), e)
	f := o.fenceLocked(e.messageID)
	f.inFlight++
	e.seq = o.nextSeqLocked()
	f.seq, f.r = e.seq, &e.r
	if o.public != nil && !o.newPublic && e.messageID == o.messageID {
		o.public = nil
	}
	o.staleLocked()
	o.mu.Unlock()
	o.mark()
}

// settleClicked drops e if its callback was shown, and else lets it go at
// once. A callback shown behind a newer rendering of its message has the
// newer one sent again (see fence).
func (o *Outbox) settleClicked(e *clickedEdit, shown bool) {
	o.mu.Lock()
	for i, q := range o.clicked {
		if q != e {
			continue
		}
		if shown {
			o.clicked = append(o.clicked[:i:i], o.clicked[i+1:]...)
		} else {
			e.hold = time.Time{}
		}
		break
	}
	if f := o.fences.byID[e.messageID]; f != nil {
		if shown && f.seq > e.seq && f.r != nil && !o.reach.closed && !slices.ContainsFunc(o.clicked, func(q *clickedEdit) bool {
			return q.messageID == e.messageID && q.seq == f.seq
		}) {
			again := &clickedEdit{channel: e.channel, messageID: e.messageID, r: *f.r, seq: f.seq}
			o.clicked = append(dropClicked(o.clicked, e.messageID), again)
		}
		if f.inFlight--; f.inFlight <= 0 {
			delete(o.fences.byID, e.messageID)
		}
	}
	o.mu.Unlock()
	o.mark()
}

// newerLocked notes r, queued for message id by another path than a
// callback (a final edit, a table redraw), as the newest rendering of id,
// and drops the older redraws of id still queued.
func (o *Outbox) newerLocked(id string, r ui.Rendering) {
	o.clicked = dropClicked(o.clicked, id)
	if f := o.fences.byID[id]; f != nil {
		f.seq, f.r = o.nextSeqLocked(), &r
	}
}

// fenceLocked returns the fence of message id, made if there is none.
func (o *Outbox) fenceLocked(id string) *fence {
	f := o.fences.byID[id]
	if f == nil {
		if o.fences.byID == nil {
			o.fences.byID = map[string]*fence{}
		}
		f = &fence{}
		o.fences.byID[id] = f
	}
	return f
}

// nextSeqLocked numbers the next rendering of a fenced message.
func (o *Outbox) nextSeqLocked() uint64 {
	o.fences.seq++
	return o.fences.seq
}

// dropClicked returns q without the redraws of message id.
func dropClicked(q []*clickedEdit, id string) []*clickedEdit {
	out := q[:0:0]
	for _, e := range q {
		if e.messageID != id {
			out = append(out, e)
		}
	}
	return out
}

// clickedDueLocked returns when the first queued redraw may go (ok: there
// is one), force ignoring holds.
func (o *Outbox) clickedDueLocked(now time.Time, force bool) (ready time.Time, ok bool) {
	for _, e := range o.clicked {
		at := e.hold
		if force || at.Before(now) {
			at = now
		}
		if !ok || at.Before(ready) {
			ready, ok = at, true
		}
	}
	return ready, ok
}

// takeClickedLocked removes and returns the first queued redraw whose
// hold has passed at now, or nil.
func (o *Outbox) takeClickedLocked(now time.Time) *clickedEdit {
	for i, e := range o.clicked {
		if !e.hold.After(now) {
			o.clicked = append(o.clicked[:i:i], o.clicked[i+1:]...)
			return e
		}
	}
	return nil
}

// sendClicked edits a clicked message to its queued redraw. It keeps the
// message's attachments (the redraw names none, as the callback did not).
func (o *Outbox) sendClicked(e *clickedEdit) {
	r := o.forChannel(e.r)
	embeds, comps := ui.OrEmpty(webhook.OwnEmbeds(r.Embeds), r.Components)
	_, err := o.session.ChannelMessageEditComplex(&discordgo.MessageEdit{
		ID: e.messageID, Channel: e.channel, Content: &r.Content, Embeds: &embeds, Components: &comps,
	})
	if err != nil {
		// Not queued again: a message Discord will not let the bot edit
		// (deleted, no permission) would be retried for ever, and the
		// table's own message comes back through sendPublic's retries.
		o.log.Warn("could not redraw a clicked message", "message", e.messageID, "err", err)
	}
}
