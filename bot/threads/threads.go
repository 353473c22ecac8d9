// Package threads makes the Discord calls a table needs for games played
// in threads: whether a channel can hold one, starting one from a
// message, reopening an archived one, and what a channel is (from the
// gateway's cache where it can). Each call bound by Discord's global rate
// limit first waits for its share of the pacer's budget. What the table
// decides with the answers (where a game is played, what its lobby says)
// is package table's; moving the table's messages into a thread and out
// again is its outbox's.
package threads

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/restpace"
	"github.com/cardbot/cardbot/bot/ui"
)

// Calls makes the thread calls of a process's tables.
type Calls struct {
	Session *discordgo.Session
	Pace    *restpace.Pacer // every call here is bound by the global limit
	Log     *slog.Logger
}

// ErrStopping is what a call returns when the bot stops before the
// budget lets it go.
var ErrStopping = errors.New("threads: cardbot is stopping")

// wait waits for the call's share of the global budget.
func (c Calls) wait(ctx context.Context) error {
	if err := c.Pace.Wait(ctx); err != nil {
		return fmt.Errorf("%w: %w", ErrStopping, err)
	}
	return nil
}

// Permissions are what the bot needs in a channel to run a game in a
// thread there.
const Permissions = discordgo.PermissionCreatePublicThreads | discordgo.PermissionSendMessagesInThreads

// archiveMinutes is how long a game's thread may stay quiet before Discord
// archives it by itself: a day, longer than any game waits.
const archiveMinutes = 1440

// IsThread reports whether t is a thread's channel type.
func IsThread(t discordgo.ChannelType) bool {
	switch t {
	case discordgo.ChannelTypeGuildPublicThread, discordgo.ChannelTypeGuildPrivateThread, discordgo.ChannelTypeGuildNewsThread:
		return true
	}
	return false
}

// ChannelType is the type of channel id: from the gateway's cache, else
// asked of Discord; a text channel if neither knows.
func (c Calls) ChannelType(ctx context.Context, id string) discordgo.ChannelType {
	if st := c.Session.State; st != nil {
		if ch, err := st.Channel(id); err == nil {
			return ch.Type
		}
	}
	if err := c.wait(ctx); err != nil {
		return discordgo.ChannelTypeGuildText
	}
	ch, err := c.Session.Channel(id, discordgo.WithContext(ctx))
	if err != nil {
		c.Log.Debug("looking up a channel's type", "channel", id, "err", err)
		return discordgo.ChannelTypeGuildText
	}
	return ch.Type
}

// Refusal says in one line, in l, why a game cannot be played in a thread
// of channel, where the bot has perms (0: unknown), or returns "".
func (c Calls) Refusal(ctx context.Context, l lang.Lang, perms int64, channel string) string {
	if perms != 0 && perms&discordgo.PermissionAdministrator == 0 && perms&Permissions != Permissions {
		return l.T("table.thread.no_perms")
	}
	switch t := c.ChannelType(ctx, channel); {
	case IsThread(t):
		return l.T("table.thread.already_thread")
	case t == discordgo.ChannelTypeGuildVoice, t == discordgo.ChannelTypeGuildStageVoice:
		return l.T("table.thread.voice")
	}
	return ""
}

// Start starts a thread called name in channel from its message msg, and
// returns the thread's ID.
func (c Calls) Start(ctx context.Context, channel, msg, name string) (string, error) {
	if err := c.wait(ctx); err != nil {
		return "", err
	}
	th, err := c.Session.MessageThreadStartComplex(channel, msg, &discordgo.ThreadStart{
		Name: name, AutoArchiveDuration: archiveMinutes,
	}, discordgo.WithContext(ctx))
	if err != nil {
		return "", err
	}
	return th.ID, nil
}

// PostHeader posts header in channel, the message a game's thread is then
// started from, and returns its ID.
func (c Calls) PostHeader(ctx context.Context, channel string, header ui.Rendering) (string, error) {
	if err := c.wait(ctx); err != nil {
		return "", err
	}
	m, err := c.Session.ChannelMessageSendComplex(channel, &discordgo.MessageSend{
		Content: header.Content, Embeds: ui.RichEmbeds(header.Embeds),
	}, discordgo.WithContext(ctx))
	if err != nil {
		return "", err
	}
	return m.ID, nil
}

// ReplaceHeader has header msg in channel say text instead, with nothing
// else: its thread could not be started. It is tidying up, so a failure
// is not reported.
func (c Calls) ReplaceHeader(ctx context.Context, channel, msg, text string) {
	embeds, comps := ui.OrEmpty(nil, nil)
	_, _ = c.Session.ChannelMessageEditComplex(&discordgo.MessageEdit{
		ID: msg, Channel: channel, Content: &text, Embeds: &embeds, Components: &comps,
	}, discordgo.WithContext(ctx))
}

// Reopen unarchives thread; Discord allows it to anyone who may post
// there, unless a moderator locked the thread.
func (c Calls) Reopen(ctx context.Context, thread string) error {
	if err := c.wait(ctx); err != nil {
		return err
	}
	archived := false
	_, err := c.Session.ChannelEditComplex(thread, &discordgo.ChannelEdit{Archived: &archived}, discordgo.WithContext(ctx))
	return err
}

// Archived reports whether Discord says thread id is archived; one it
// cannot tell about counts as open.
func (c Calls) Archived(ctx context.Context, id string) bool {
	if err := c.wait(ctx); err != nil {
		return false
	}
	ch, err := c.Session.Channel(id, discordgo.WithContext(ctx))
	if err != nil {
		c.Log.Debug("looking up a finished game's thread", "thread", id, "err", err)
		return false
	}
	return ch.ThreadMetadata != nil && ch.ThreadMetadata.Archived
}

// Home is the channel a command used in id concerns: id itself, or,
// inside a thread, the channel the thread belongs to. It asks only the
// gateway's cache.
func (c Calls) Home(id string) string {
	if st := c.Session.State; st != nil {
		if ch, err := st.Channel(id); err == nil && ch.IsThread() && ch.ParentID != "" {
			return ch.ParentID
		}
	}
	return id
}
