package e2e

import (
	"slices"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// SetTurnNotice sets the server's turn_notice with /cardbot settings, as a
// member with Manage Server does: seconds, or -1 for off.
func (w *World) SetTurnNotice(seconds int64) {
	w.T.Helper()
	admin := w.Srv.User("server-admin")
	admin.SetPermissions(discordtest.DefaultUserPermissions | discordgo.PermissionManageGuild)
	r, err := admin.Slash(w.Ch, "cardbot settings", discordtest.IntOpt("turn_notice", seconds))
	// Read as shown: a loaded machine may make the bot defer the answer.
	if m := Reply(w.T, r, err); !strings.Contains(Text(m), "Turn notice") {
		w.T.Fatalf("/cardbot settings turn_notice answered:\n%s", Text(m))
	}
}

// Pings reports whether Discord notified user of m: its mentions field
// lists the users its content pinged, as allowed_mentions let it.
func Pings(m *discordgo.Message, user string) bool {
	return m != nil && slices.ContainsFunc(m.Mentions, func(u *discordgo.User) bool { return u.ID == user })
}

// NoticesIn returns the messages among ms that ping anyone: turn notices.
func NoticesIn(ms []*discordgo.Message) []*discordgo.Message {
	var out []*discordgo.Message
	for _, m := range ms {
		if len(m.Mentions) > 0 {
			out = append(out, m)
		}
	}
	return out
}

// WaitNotice waits until ch shows a message that pings p, and returns it.
func (w *World) WaitNotice(ch *discordtest.Channel, p *Player) *discordgo.Message {
	w.T.Helper()
	return w.WaitNoticeWithin(ch, p, 5*time.Second)
}

// WaitNoticeWithin is WaitNotice with a timeout of its own, for a notice
// that comes after a delay.
func (w *World) WaitNoticeWithin(ch *discordtest.Channel, p *Player, timeout time.Duration) *discordgo.Message {
	w.T.Helper()
	var got *discordgo.Message
	_, err := ch.Wait(timeout, func(ms []*discordgo.Message) bool {
		for _, m := range ms {
			if Pings(m, p.U.ID()) {
				got = m
				return true
			}
		}
		return false
	})
	if err != nil {
		w.T.Fatalf("%s was never pinged in the channel; it shows:\n%s", p.U.Name(), texts(ch.Messages()))
	}
	return got
}

// WaitGone waits until ch no longer shows message id.
func (w *World) WaitGone(ch *discordtest.Channel, id, what string) {
	w.T.Helper()
	_, err := ch.Wait(5*time.Second, func(ms []*discordgo.Message) bool {
		return !slices.ContainsFunc(ms, func(m *discordgo.Message) bool { return m.ID == id })
	})
	if err != nil {
		w.T.Fatalf("%s was never deleted", what)
	}
}

func texts(ms []*discordgo.Message) string {
	var all []string
	for _, m := range ms {
		all = append(all, Text(m))
	}
	return strings.Join(all, "\n----\n")
}
