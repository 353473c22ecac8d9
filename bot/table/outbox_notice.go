package table

import (
	"fmt"

	"github.com/bwmarrin/discordgo"
)

// Turn notices and thread members: channel calls that Discord's global rate
// limit counts like the table message's, so they wait in the same outbox
// for the same dispatcher (see dispatch.go) instead of going out on their
// own. Each table has at most one notice in the channel at a time.

// noticeJobs is an outbox's pending notice and thread-member calls.
type noticeJobs struct {
	want    *noticePost    // the notice to post (nil: none)
	posted  postedNotice   // the notice the channel shows (ID "": none)
	deletes []postedNotice // notices to delete, oldest first
	members []threadMember // people to add to a game's thread, in order
	gen     int            // counts PostNotice and WithdrawNotice calls
}

// noticePost is a turn notice waiting for the dispatcher: text is given the
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
	o.notices.want = &noticePost{guild: guild, user: user, text: text}
	o.staleLocked()
	o.mu.Unlock()
	o.disp.mark(o)
}

// WithdrawNotice drops the table's notice: a pending one is not posted, a
// posted one is deleted.
func (o *Outbox) WithdrawNotice() {
	o.mu.Lock()
	had := o.notices.want != nil || o.notices.posted.id != ""
	o.withdrawLocked()
	if had {
		o.staleLocked()
	}
	o.mu.Unlock()
	if had {
		o.disp.mark(o)
	}
}

func (o *Outbox) withdrawLocked() {
	o.notices.gen++
	o.notices.want = nil
	if o.notices.posted.id != "" {
		o.notices.deletes = append(o.notices.deletes, o.notices.posted)
		o.notices.posted = postedNotice{}
	}
}

// AddThreadMembers queues adding users to thread, so that the thread shows
// in their channel list and a ping there reaches them.
func (o *Outbox) AddThreadMembers(thread string, users []string) {
	if len(users) == 0 {
		return
	}
	o.mu.Lock()
	for _, u := range users {
		o.notices.members = append(o.notices.members, threadMember{thread: thread, user: u})
	}
	o.staleLocked()
	o.mu.Unlock()
	o.disp.mark(o)
}

// noticeWorkLocked reports whether a notice or thread-member call waits.
func (o *Outbox) noticeWorkLocked() bool {
	n := &o.notices
	return n.want != nil || len(n.deletes) > 0 || len(n.members) > 0
}

// noticeNextLocked reports whether the outbox's next call is a notice or
// thread-member call: deletes and members at once; a new notice once the
// table message it links to exists (a fresh one waiting goes first).
func (o *Outbox) noticeNextLocked() bool {
	n := &o.notices
	if len(n.deletes) > 0 || len(n.members) > 0 {
		return true
	}
	freshFirst := o.public != nil && (o.newPublic || o.messageID == "")
	return n.want != nil && !freshFirst
}

// noticePostNextLocked reports whether the next notice call posts a message
// (its rate-limit bucket is the channel's posts, not its edits and deletes).
func (o *Outbox) noticePostNextLocked() bool {
	n := &o.notices
	return len(n.deletes) == 0 && len(n.members) == 0 && n.want != nil
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
		err := o.session.ChannelMessageDelete(d.channel, d.id)
		if err != nil && restCode(err) != discordgo.ErrCodeUnknownMessage {
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
		}
		o.mu.Unlock()
	}
}
