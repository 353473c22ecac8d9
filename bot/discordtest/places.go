package discordtest

import (
	"slices"

	"github.com/bwmarrin/discordgo"
)

// What a server's admins and moderators do to the places a bot posts in:
// delete a channel, remove the bot from the server, archive or lock a
// thread. Each is told to a connected bot over the gateway, as Discord
// does, and the bot's later calls there are refused as Discord refuses
// them.

func errMissingAccess() *apiError {
	return &apiError{status: 403, Message: "Missing Access", Code: discordgo.ErrCodeMissingAccess}
}

func errThreadLocked() *apiError {
	return &apiError{status: 400, Message: "Thread is locked", Code: discordgo.ErrCodeThreadIsLocked}
}

// Delete deletes the channel (or thread), with its messages and threads,
// and tells a connected bot with CHANNEL_DELETE (THREAD_DELETE for a
// thread). Later calls to it answer 404 Unknown Channel.
func (c *Channel) Delete() {
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.channels[c.id] != c {
		return
	}
	s.deleteChannelLocked(c)
	event := "CHANNEL_DELETE"
	if c.th != nil {
		event = "THREAD_DELETE"
	}
	s.dispatchLocked(c.guild.id, event, mustJSON(c.json()), nil)
	s.notifyLocked()
}

func (s *Server) deleteChannelLocked(c *Channel) {
	delete(s.channels, c.id)
	c.guild.channels = slices.DeleteFunc(c.guild.channels, func(x *Channel) bool { return x == c })
	for _, m := range slices.Clone(c.msgs) {
		s.deleteLocked(m)
	}
	for _, th := range s.channels {
		if th.th != nil && th.th.parent == c {
			s.deleteChannelLocked(th)
		}
	}
}

// RemoveBot removes the bot from the guild, as an admin who kicks it: a
// connected bot gets GUILD_DELETE without "unavailable" (which Discord
// sets only for an outage), its calls to the guild's channels answer 403
// Missing Access, and the guild's members can no longer reach it.
func (g *Guild) RemoveBot() {
	s := g.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if g.botGone {
		return
	}
	g.botGone = true
	s.dispatchLocked(g.id, "GUILD_DELETE", mustJSON(map[string]any{"id": g.id}), nil)
	s.notifyLocked()
}

// Outage tells a connected bot that the guild is unavailable (GUILD_DELETE
// with "unavailable": true), as Discord does in an outage: the bot is
// still a member, and its calls there go on working in the fake.
func (g *Guild) Outage() {
	s := g.s
	s.mu.Lock()
	defer s.mu.Unlock()
	s.dispatchLocked(g.id, "GUILD_DELETE", mustJSON(map[string]any{"id": g.id, "unavailable": true}), nil)
	s.notifyLocked()
}

// Archive archives the thread as a moderator (or Discord's inactivity
// timer) would, and tells a connected bot with THREAD_UPDATE. Anyone who
// may post in an unlocked thread may reopen it.
func (c *Channel) Archive() { c.moderate(func(th *threadState) { th.archived = true }) }

// Lock locks the thread as a moderator would: only members with Manage
// Threads may post there (others get 160005) or reopen it once archived.
// A connected bot is told with THREAD_UPDATE.
func (c *Channel) Lock() { c.moderate(func(th *threadState) { th.locked = true }) }

// Locked reports whether the thread is locked.
func (c *Channel) Locked() bool {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	return c.th != nil && c.th.locked
}

func (c *Channel) moderate(change func(*threadState)) {
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	if c.th == nil {
		panic("discordtest: " + c.name + " is not a thread")
	}
	change(c.th)
	s.dispatchLocked(c.guild.id, "THREAD_UPDATE", mustJSON(c.json()), nil)
	s.notifyLocked()
}

// placeRefusalLocked is how Discord refuses a call to ch whatever the
// call: the bot removed from its guild, or ch hidden from the bot.
func (ch *Channel) placeRefusalLocked() *apiError {
	if ch.guild.botGone || !ch.botCan(discordgo.PermissionViewChannel) {
		return errMissingAccess()
	}
	return nil
}
