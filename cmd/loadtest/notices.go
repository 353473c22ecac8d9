package main

import (
	"context"
	"fmt"
	"strings"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/lang"
	cardtable "github.com/cardbot/cardbot/bot/table"
)

// Turn notices: the channel messages that ping a player whose turn waits
// (see table.Core.NoticeTurn). They are posted and deleted through the
// same dispatcher as the table messages, within the bot's one global
// budget, so the report shows how many there were and what share of the
// channel calls they took.

// noticeCount counts the turn notices the fake saw posted and deleted: a
// channel message that pings someone is a notice (the table messages name
// players inside embeds, which pings nobody).
type noticeCount struct {
	posted, deleted atomic.Int64
}

// note counts c if it posts or deletes a notice. It runs under the fake's lock.
func (n *noticeCount) note(c discordtest.Change) {
	if c.Owner != nil || len(c.Message.Mentions) == 0 {
		return
	}
	switch {
	case c.Created:
		n.posted.Add(1)
	case c.Deleted:
		n.deleted.Add(1)
	}
}

// snapshot is the counts now.
func (n *noticeCount) snapshot() [2]int64 { return [2]int64{n.posted.Load(), n.deleted.Load()} }

// notices is the report's figure for the turn notices of the run.
type notices struct {
	Setting          string  `json:"setting"` // the servers' turn_notice
	Posted           int64   `json:"posted"`
	Deleted          int64   `json:"deleted"`
	PostedPerSecond  float64 `json:"posted_per_second"`
	DeletedPerSecond float64 `json:"deleted_per_second"`
	// ChannelCalls counts every REST call on a /channels route during the
	// run: table messages, announcements, notices, threads; all bound by
	// the global limit and paced by the bot's dispatcher.
	ChannelCalls int `json:"channel_calls"`
	// Share is the notices' posts and deletes as a share of ChannelCalls.
	Share float64 `json:"share_of_channel_calls"`
}

// noticeFigures fills the notices of the run from the counts at its start
// and end and the REST routes it used.
func noticeFigures(setting int, from, to [2]int64, played time.Duration, routes []route) notices {
	n := notices{Setting: cardtable.TurnNoticeText(lang.English, int64(setting)), Posted: to[0] - from[0], Deleted: to[1] - from[1]}
	n.PostedPerSecond = float64(n.Posted) / played.Seconds()
	n.DeletedPerSecond = float64(n.Deleted) / played.Seconds()
	for _, r := range routes {
		if strings.Contains(r.Route, " /channels/") {
			n.ChannelCalls += r.Calls
		}
	}
	if n.ChannelCalls > 0 {
		n.Share = float64(n.Posted+n.Deleted) / float64(n.ChannelCalls)
	}
	return n
}

// line says the notices' figures in one line.
func (n notices) line() string {
	return fmt.Sprintf("turn notices (%s): %d posted (%.1f/s), %d deleted (%.1f/s): %.0f%% of the %d channel calls, all in the one global budget",
		n.Setting, n.Posted, n.PostedPerSecond, n.Deleted, n.DeletedPerSecond, 100*n.Share, n.ChannelCalls)
}

// setTurnNotice sets every server's turn_notice with /cardbot settings, as
// a member with Manage Server would, before the tables open.
func setTurnNotice(ctx context.Context, f *fleet, seconds int) error {
	for i, g := range f.guilds {
		admin := f.srv.User(fmt.Sprintf("admin-%d", i+1))
		admin.SetPermissions(discordtest.DefaultUserPermissions | discordgo.PermissionManageGuild)
		r, err := admin.Slash(g.Channels()[0], "cardbot settings", discordtest.IntOpt("turn_notice", int64(seconds)))
		if err == nil {
			_, err = r.Wait()
		}
		if err != nil {
			return fmt.Errorf("/cardbot settings turn_notice in %s: %w", g.Name(), err)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
	}
	return nil
}
