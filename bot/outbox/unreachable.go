package outbox

import (
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
)

// A table's place can stop taking its messages for good: its channel
// deleted, the bot removed from the server or denied the channel, its
// game's thread archived, locked or deleted. Discord says so in two ways,
// and the outbox listens to both: the gateway (CHANNEL_DELETE,
// GUILD_DELETE, THREAD_UPDATE, THREAD_DELETE: see package table, places.go), and the
// answers to its own calls.
//
// A place that is gone is final at once: Unknown Channel (10003), a
// deleted channel, a server the bot left. A place that refuses the bot
// (50001 Missing Access, 50013 Missing Permissions) is final once it has
// refused every call for Timing.UnreachableAfter (30 s): a moderator who
// fixes a permission within that time keeps the game, and a channel that
// stays shut costs three or four calls instead of one every 10 s for the
// life of the process. A refusal of one message (50005, someone else's
// message; 10008, a deleted message) is not the place being gone.
//
// A lost place drops everything the outbox had queued for it and nothing
// is sent there again; the table is then abandoned on its actor (Abandon:
// the pot refunded, escrow released, the closure recorded, seats freed),
// and the players' open hand messages, which Discord still lets the bot
// edit through their interaction tokens, say what happened.
//
// A game's thread that refuses (archived, 50083; locked, 160005; deleted)
// does not end the game: the table reopens an archived thread where
// Discord lets it (an unlocked thread needs only the permission to post in
// it), and otherwise moves the game to its channel and says so there.

// reach is what an outbox knows of whether its place still takes its
// messages. Guarded by Outbox.mu.
type reach struct {
	home         string        // the table's channel (a thread's refusal is not the channel's)
	grace        time.Duration // how long a place may refuse every call before it is lost
	refusedSince time.Time     // when the place began refusing (zero: it answers)
	shown        *ui.Rendering // the table message's latest rendering, sent or not
	closed       bool          // the table has closed: no new work, nothing retried
	lost         bool          // the place is gone: nothing is sent there again
	onLost       func(why string)
	onThreadShut func(thread string, why ThreadShut)
}

// Watch has the outbox report its place's loss and its game thread's
// refusals, once a table runs on it: home is the table's channel (a
// thread's refusal is not the channel's), grace how long a place may
// refuse every call before it is lost. onLost and onThreadShut are called
// off the table's goroutine; onLost's why is the catalogue ID of the
// reason ("table.lost.channel_deleted"), for the table to say in its
// language.
func (o *Outbox) Watch(home string, grace time.Duration, onLost func(why string), onThreadShut func(thread string, why ThreadShut)) {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.reach.home, o.reach.grace = home, grace
	o.reach.onLost, o.reach.onThreadShut = onLost, onThreadShut
}

// refusal is what a refused call means for the table's place.
type refusal int

const (
	refusalPassing refusal = iota // keep the work, retry later, tell the next clicker
	refusalThread                 // the game's thread is shut: the table sees to it
	refusalFinal                  // the place is lost: the work is dropped
)

// ThreadShut is why a game's thread takes no more messages.
type ThreadShut int

const (
	ThreadArchived ThreadShut = iota // archived: it may be reopened
	ThreadLocked                     // locked by a moderator
	ThreadDeleted                    // deleted
)

// refusedPlace judges a refusal of a call to channel (the outbox's place
// when the call was made) and acts on it: a thread shut is reported to the
// table, a place lost is dropped and reported.
func (o *Outbox) refusedPlace(channel string, err error) refusal {
	code := RESTCode(err)
	o.mu.Lock()
	if o.reach.lost {
		o.mu.Unlock()
		return refusalFinal
	}
	if channel != o.channelID || o.reach.onLost == nil {
		// The table has moved since (the new place may answer), or no
		// table watches this outbox.
		o.mu.Unlock()
		return refusalPassing
	}
	thread := channel != o.reach.home && o.reach.home != ""
	var why string
	switch code {
	case discordgo.ErrCodePerformedOperationOnArchivedThread, discordgo.ErrCodeThreadIsLocked, discordgo.ErrCodeUnknownChannel:
		if thread {
			shut, tell := ThreadArchived, o.reach.onThreadShut
			switch code {
			case discordgo.ErrCodeThreadIsLocked:
				shut = ThreadLocked
			case discordgo.ErrCodeUnknownChannel:
				shut = ThreadDeleted
			}
			o.mu.Unlock()
			if tell != nil {
				tell(channel, shut)
			}
			return refusalThread
		}
		if code != discordgo.ErrCodeUnknownChannel {
			o.mu.Unlock()
			return refusalPassing
		}
		why = "table.lost.channel_deleted"
	case discordgo.ErrCodeMissingAccess, discordgo.ErrCodeMissingPermissions:
		now := time.Now()
		if o.reach.refusedSince.IsZero() {
			o.reach.refusedSince = now
		}
		if now.Sub(o.reach.refusedSince) < o.reach.grace {
			o.mu.Unlock()
			return refusalPassing
		}
		why = "table.lost.no_post"
	default:
		o.mu.Unlock()
		return refusalPassing
	}
	tell := o.loseLocked()
	o.mu.Unlock()
	if tell != nil {
		tell(why)
	}
	return refusalFinal
}

// refusedPublic deals with a refused post or edit of the table message r.
func (o *Outbox) refusedPublic(r ui.Rendering, fresh bool, channel string, err error) {
	switch o.refusedPlace(channel, err) {
	case refusalPassing:
		o.noteProblem(err)
		o.retryLater(r, fresh)
	case refusalThread:
		// Kept for the thread once reopened, or for the channel the game
		// moves to; the players are told there, not in raw error text.
		o.retryLater(r, fresh)
	}
}

// announceLater puts back an announcement its game's shut thread refused,
// first in line, for the thread once reopened or the channel the game
// moves to (Relocate).
func (o *Outbox) announceLater(b broadcast) {
	o.mu.Lock()
	if !o.reach.closed {
		o.announce = append([]broadcast{b}, o.announce...)
		o.backoff = time.Now().Add(10 * o.publicEvery)
	}
	o.mu.Unlock()
}

// reached notes that channel took a call: it is not refusing the bot.
func (o *Outbox) reached(channel string) {
	o.mu.Lock()
	if channel == o.channelID {
		o.reach.refusedSince = time.Time{}
	}
	o.mu.Unlock()
}

// Lose drops everything queued for the table's place and sends nothing
// there again, and has the table abandoned: for a place Discord says is
// gone (a deleted channel, a server the bot left). Only the first call
// counts.
func (o *Outbox) Lose(why string) {
	o.mu.Lock()
	tell := o.loseLocked()
	o.mu.Unlock()
	if tell != nil {
		tell(why)
	}
}

// loseLocked marks the place lost and drops its work; it returns the
// function to tell of it, or nil if the place was lost already.
func (o *Outbox) loseLocked() func(string) {
	if o.reach.lost {
		return nil
	}
	o.reach.lost, o.reach.closed = true, true
	o.public, o.newPublic, o.urgent, o.retire = nil, false, false, nil
	o.announce, o.closing = nil, nil
	o.staleSince = time.Time{}
	return o.reach.onLost
}

// Close ends the table's messages: final, if not nil, is the last
// rendering of the table message (after any announcement already queued);
// with nil, whatever was queued is dropped. Either way nothing queued
// later is sent, and nothing refused is tried again.
func (o *Outbox) Close(final *ui.Rendering) {
	o.mu.Lock()
	if final == nil {
		o.loseLocked()
		o.mu.Unlock()
		return
	}
	if o.reach.closed {
		o.mu.Unlock()
		return
	}
	o.public, o.reach.shown = final, final
	o.reach.closed = true
	o.staleLocked()
	o.mu.Unlock()
	o.mark()
}

// Relocate moves the table message to channel (a game leaving its shut
// thread for its channel): note is posted there first, then the table
// message as last rendered, fresh. Announcements still queued for the old
// place are posted in the new one.
func (o *Outbox) Relocate(channel string, note ui.Rendering) {
	o.mu.Lock()
	if o.reach.closed {
		o.mu.Unlock()
		return
	}
	old := o.channelID
	o.moveLocked(channel, "")
	for i := range o.announce {
		if o.announce[i].channel == old {
			o.announce[i].channel = channel
		}
	}
	o.announce = append(o.announce, broadcast{r: note, channel: channel})
	if o.reach.shown != nil {
		o.public, o.newPublic = o.reach.shown, true
	}
	o.reach.refusedSince = time.Time{}
	o.staleLocked()
	o.mu.Unlock()
	o.mark()
}

// Retry lets the table message go at once, after its place was fixed (a
// thread reopened).
func (o *Outbox) Retry() {
	o.mu.Lock()
	o.backoff = time.Time{}
	o.mu.Unlock()
	o.mark()
}
