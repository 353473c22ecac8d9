package outbox

import (
	"fmt"
	"time"

	"github.com/bwmarrin/discordgo"
)

// Turn notices and thread members: channel calls that Discord's global rate
// limit counts like the table message's, so they wait in the same outbox
// for the same pacer (package restpace) instead of going out on their
// own. Each table has at most one notice at a time.
//
// How they share the budget with the table messages: the pacer serves
// the table whose oldest waiting change is oldest, and a notice call counts
// as waiting only from a handicap after it was queued (postHandicap for a
// post or a thread member, deleteHandicap for a delete, which only tidies
// up). So when the budget is short, every table message changed up to that
// long after a notice goes before it (everyone at the table reads those),
// yet a notice never waits for ever behind busier tables. Within a table, a table message edit that
// is due goes first, and a notice goes before an edit still held back by
// the table's pace.

// noticeJobs is an outbox's pending notice and thread-member calls.
type noticeJobs struct {
	want    *noticePost    // the notice to post (nil: none)
	posted  postedNotice   // the notice the channel shows (ID "": none)
	deletes []postedNotice // notices to delete, oldest first
	members []threadMember // people to add to a game's thread, in order
	gen     int            // counts PostNotice and WithdrawNotice calls
	since   time.Time      // when the oldest waiting call counts as waiting (zero: none waits)
}

// How much younger than a table message's change a notice call counts
// (see above). Measured with the load generator at 300 tables: the first
// movers' 300 deletes at once, at a 2 s handicap, held table messages up
// to 8.7 s (p99; 1.0 s without notices).
const (
	postHandicap   = 5 * time.Second
	deleteHandicap = 30 * time.Second
)

// queuedLocked notes that a notice call waits, counting from handicap on.
func (o *Outbox) queuedLocked(handicap time.Duration) {
	at := time.Now().Add(handicap)
	if n := &o.notices; n.since.IsZero() || at.Before(n.since) {
		n.since = at
	}
}

// noticePost is a turn notice waiting for the pacer: text is given the
// table message's jump link when the notice is sent, since a fresh table
// message may be posted meanwhile.
type noticePost struct {
	guild, user string
	text        func(jump string) string
}

// postedNotice is a notice Discord has accepted.
type postedNotice struct{ channel, id string }

// threadMember is a person to add to a thread.
type threadMember struct{ thread, user string }

// PostNotice queues a turn notice that pings user alone: text, given the
// table message's jump link, is its content. It replaces the table's
// current notice, pending or posted (the posted one is deleted first), so
// the channel never shows two.
func (o *Outbox) PostNotice(guild, user string, text func(jump string) string) {
	o.mu.Lock()
	o.withdrawLocked()
	if o.reach.closed {
		o.mu.Unlock()
		o.mark() // a posted notice's delete still goes
		return
	}
	o.notices.want = &noticePost{guild: guild, user: user, text: text}
	o.queuedLocked(postHandicap)
	o.mu.Unlock()
	o.mark()
}

// WithdrawNotice drops the table's notice: a pending one is not posted, a
// posted one is deleted.
func (o *Outbox) WithdrawNotice() {
	o.mu.Lock()
	had := o.notices.want != nil || o.notices.posted.id != ""
	o.withdrawLocked()
	o.mu.Unlock()
	if had {
		o.mark()
	}
}

// withdrawLocked drops a pending notice and queues the posted one's delete.
func (o *Outbox) withdrawLocked() {
	n := &o.notices
	n.gen++
	n.want = nil
	if !o.noticeWorkLocked() {
		n.since = time.Time{} // nothing waits: the next call counts from its own time
	}
	if n.posted.id != "" {
		n.deletes = append(n.deletes, n.posted)
		n.posted = postedNotice{}
		o.queuedLocked(deleteHandicap)
	}
}

// AddThreadMembers queues adding users to thread, so that the thread shows
// in their channel list and a ping there reaches them.
func (o *Outbox) AddThreadMembers(thread string, users []string) {
	if len(users) == 0 {
		return
	}
	o.mu.Lock()
	if !o.noticeWorkLocked() {
		o.notices.since = time.Time{}
	}
	for _, u := range users {
		o.notices.members = append(o.notices.members, threadMember{thread: thread, user: u})
	}
	o.queuedLocked(postHandicap)
	o.mu.Unlock()
	o.mark()
}

// noticeWorkLocked reports whether a notice or thread-member call waits.
func (o *Outbox) noticeWorkLocked() bool {
	n := &o.notices
	return n.want != nil || len(n.deletes) > 0 || len(n.members) > 0
}

// noticeNextLocked reports whether a notice or thread-member call may go
// now: deletes and members at once; a new notice once the table message it
// links to exists (a fresh one waiting goes first).
func (o *Outbox) noticeNextLocked() bool {
	n := &o.notices
	if len(n.deletes) > 0 || len(n.members) > 0 {
		return true
	}
	freshFirst := o.public != nil && (o.newPublic || o.messageID == "")
	return n.want != nil && !freshFirst
}

// noticeFirstLocked reports whether the outbox's next call is a notice or
// thread-member call: one may go, and no table message change is due (a
// due one goes first; one held back by the table's pace does not hold up
// a notice).
func (o *Outbox) noticeFirstLocked(now time.Time) bool {
	if !o.noticeNextLocked() {
		return false
	}
	due := o.public != nil && (o.newPublic || o.messageID == "" || o.urgent || !now.Before(o.lastPublic.Add(o.publicEvery)))
	return !due
}

// noticeDueLocked adjusts when the outbox's next call may go (ready) and
// since when it waits (since), as its table message's work alone would
// have them, for a notice call that may go now. While the table message
// waits for its pace the notice goes alone, and waits only from its own
// time; else the older of the two counts.
func (o *Outbox) noticeDueLocked(now, ready, since time.Time) (time.Time, time.Time) {
	ns := o.notices.since
	if ready.After(now) || since.IsZero() || ns.Before(since) {
		return now, ns
	}
	return ready, since
}

// noticeBucketLocked is discordgo's rate-limit bucket of the next notice
// or thread-member call.
func (o *Outbox) noticeBucketLocked() string {
	n := &o.notices
	switch {
	case len(n.deletes) > 0:
		return deleteBucket(n.deletes[0].channel)
	case len(n.members) > 0:
		return discordgo.EndpointThreadMember(n.members[0].thread, n.members[0].user)
	}
	return o.postBucket
}

// deleteBucket keys the rate limit of message deletes in channel apart
// from its edits: Discord limits them apart (5 a second against 5 in 5 s),
// but discordgo's ChannelMessageDelete files both under one bucket, so each
// delete's headers would mislead the next edit's wait, and the reverse.
func deleteBucket(channel string) string {
	return discordgo.EndpointChannelMessage(channel, "") + "#delete"
}

// sendNotice makes one notice or thread-member call; o.mu is held on
// entry and released before the call.
func (o *Outbox) sendNotice() {
	n := &o.notices
	switch {
	case len(n.deletes) > 0:
		d := n.deletes[0]
		n.deletes = n.deletes[1:]
		o.mu.Unlock()
		_, err := o.session.RequestWithBucketID("DELETE", discordgo.EndpointChannelMessage(d.channel, d.id), nil, deleteBucket(d.channel))
		if err != nil && RESTCode(err) != discordgo.ErrCodeUnknownMessage {
			// Left in the channel: a stale ping is untidy, not harmful,
			// and retrying could keep failing for as long as the cause.
			o.log.Warn("could not delete a turn notice", "channel", d.channel, "err", err)
		}
	case len(n.members) > 0:
		m := n.members[0]
		n.members = n.members[1:]
		o.mu.Unlock()
		if err := o.session.ThreadMemberAdd(m.thread, m.user); err != nil {
			o.log.Warn("could not add a player to the game's thread", "thread", m.thread, "err", err)
		}
	default:
		p := *n.want
		n.want = nil
		gen, channel := n.gen, o.channelID
		jump := fmt.Sprintf("https://discord.com/channels/%s/%s", p.guild, channel)
		if o.messageID != "" {
			jump += "/" + o.messageID
		}
		o.mu.Unlock()
		m, err := o.session.ChannelMessageSendComplex(channel, &discordgo.MessageSend{
			Content:         p.text(jump),
			AllowedMentions: &discordgo.MessageAllowedMentions{Users: []string{p.user}},
		})
		if err != nil {
			o.log.Warn("could not post a turn notice", "channel", channel, "err", err)
			return
		}
		o.mu.Lock()
		if n.gen == gen && n.posted.id == "" {
			n.posted = postedNotice{channel: channel, id: m.ID}
		} else {
			// The turn passed while the notice was on its way.
			n.deletes = append(n.deletes, postedNotice{channel: channel, id: m.ID})
			o.queuedLocked(deleteHandicap)
		}
		o.mu.Unlock()
	}
}
