package discordtest

import (
	"net/url"
	"slices"
	"strconv"
	"time"

	"github.com/bwmarrin/discordgo"
)

// DefaultBotPermissions are the bot's permissions in a new channel: what a
// card-game bot is normally invited with.
const DefaultBotPermissions int64 = discordgo.PermissionViewChannel |
	discordgo.PermissionSendMessages |
	discordgo.PermissionEmbedLinks |
	discordgo.PermissionAttachFiles |
	discordgo.PermissionReadMessageHistory |
	discordgo.PermissionManageMessages |
	discordgo.PermissionAddReactions |
	discordgo.PermissionUseExternalEmojis |
	discordgo.PermissionCreatePublicThreads |
	discordgo.PermissionSendMessagesInThreads

// Guild is a server in the fake. Every User is a member of every guild.
type Guild struct {
	s        *Server
	id, name string
	channels []*Channel
	botGone  bool             // the bot was removed from the guild (see RemoveBot)
	locale   discordgo.Locale // the server's preferred locale; guarded by s.mu (see SetLocale)
}

// Channel is a guild channel (text or voice) or a thread, and the messages
// it shows.
type Channel struct {
	s        *Server
	id, name string
	guild    *Guild
	botPerms int64
	kind     discordgo.ChannelType // 0: a text channel
	th       *threadState          // set for a thread (see threads.go)
	msgs     []*message            // in posting order; deleted ones removed
	history  []*discordgo.Message  // every version ever shown (see History); shared, never changed
	deleted  []*message            // messages deleted from it, in that order (see Deleted)
}

// AddGuild creates a guild. If a bot is connected it receives GUILD_CREATE,
// as when a bot is invited.
func (s *Server) AddGuild(name string) *Guild {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addGuildLocked(s.mint(s.now()), name)
}

// addGuildLocked creates the guild with id and tells the connected sessions
// that own it. Callers hold s.mu.
func (s *Server) addGuildLocked(id, name string) *Guild {
	g := &Guild{s: s, id: id, name: name}
	s.guilds = append(s.guilds, g)
	s.guildIDs[g.id] = g
	s.dispatchLocked(g.id, "GUILD_CREATE", mustJSON(g.jsonLocked()), nil)
	s.notifyLocked()
	return g
}

// Guild returns the guild with id, or nil.
func (s *Server) Guild(id string) *Guild {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.guildIDs[id]
}

// Channel returns the channel with id, or nil.
func (s *Server) Channel(id string) *Channel {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.channels[id]
}

// ID returns the guild's snowflake.
func (g *Guild) ID() string { return g.id }

// Name returns the guild's name.
func (g *Guild) Name() string { return g.name }

// AddChannel creates a text channel in which the bot has
// DefaultBotPermissions, and tells a connected bot with CHANNEL_CREATE.
func (g *Guild) AddChannel(name string) *Channel {
	return g.addChannel(name, discordgo.ChannelTypeGuildText)
}

func (g *Guild) addChannel(name string, kind discordgo.ChannelType) *Channel {
	s := g.s
	s.mu.Lock()
	defer s.mu.Unlock()
	c := &Channel{s: s, id: s.mint(s.now()), name: name, guild: g, botPerms: DefaultBotPermissions, kind: kind}
	g.channels = append(g.channels, c)
	s.channels[c.id] = c
	s.dispatchLocked(g.id, "CHANNEL_CREATE", mustJSON(c.json()), nil)
	s.notifyLocked()
	return c
}

// Channels returns the guild's channels in creation order.
func (g *Guild) Channels() []*Channel {
	g.s.mu.Lock()
	defer g.s.mu.Unlock()
	return slices.Clone(g.channels)
}

func (g *Guild) jsonLocked() map[string]any {
	chans := make([]map[string]any, 0, len(g.channels))
	for _, c := range g.channels {
		chans = append(chans, c.json())
	}
	return map[string]any{
		"id": g.id, "name": g.name, "owner_id": g.s.appID, "channels": chans,
		"unavailable": false, "member_count": len(g.s.users) + 1,
		"joined_at": time.UnixMilli(discordEpochMS).UTC().Format(time.RFC3339),
	}
}

// ID returns the channel's snowflake.
func (c *Channel) ID() string { return c.id }

// Name returns the channel's name.
func (c *Channel) Name() string { return c.name }

// Guild returns the channel's guild.
func (c *Channel) Guild() *Guild { return c.guild }

func (c *Channel) json() map[string]any {
	m := map[string]any{"id": c.id, "guild_id": c.guild.id, "name": c.name, "type": c.kind}
	c.threadJSON(m)
	return m
}

// Messages returns copies of the messages the channel shows now, oldest
// first. Ephemeral messages are never here; see User.Ephemeral.
func (c *Channel) Messages() []*discordgo.Message {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	return copyMessages(c.msgs)
}

// History returns every version of every message the channel has shown,
// oldest first: each post and each edit, even those a later edit replaced
// or a deletion removed. A test scans it for anything that must never have
// been public, however briefly.
func (c *Channel) History() []*discordgo.Message {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	out := make([]*discordgo.Message, len(c.history))
	for i, m := range c.history {
		out[i] = copyMessage(m)
	}
	return out
}

// recordLocked adds a version of a public message to the history. Stored
// versions never change, so the history shares m with the model.
func (c *Channel) recordLocked(m *discordgo.Message) {
	if c.s.cfg.noVersions {
		return
	}
	c.history = append(c.history, m)
}

// Message returns a copy of message id as the channel shows it, or nil if the
// channel does not show it.
func (c *Channel) Message(id string) *discordgo.Message {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	if m := c.s.messages[id]; m != nil && m.channel == c && !m.ephemeral() {
		return copyMessage(m.m)
	}
	return nil
}

// Wait waits until cond holds for the channel's messages (it is re-checked
// after every change in the fake) and returns them.
func (c *Channel) Wait(timeout time.Duration, cond func([]*discordgo.Message) bool) ([]*discordgo.Message, error) {
	var got []*discordgo.Message
	err := c.s.waitFor(timeout, func() bool {
		got = copyMessages(c.msgs)
		return cond(got)
	})
	return got, err
}

// SetBotPermissions sets the bot's permissions in the channel. Without
// SendMessages the bot's channel posts and edits get 403 Missing
// Permissions; interaction responses still work, as on Discord.
func (c *Channel) SetBotPermissions(p int64) {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	c.botPerms = p
}

// BotPermissions returns the bot's permissions in the channel.
func (c *Channel) BotPermissions() int64 {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	return c.botPerms
}

func (c *Channel) botCan(p int64) bool {
	perms := c.effectivePerms()
	if c.th != nil && p&discordgo.PermissionSendMessages != 0 {
		// In a thread, Send Messages in Threads stands for Send Messages.
		p = p&^discordgo.PermissionSendMessages | discordgo.PermissionSendMessagesInThreads
	}
	return perms&discordgo.PermissionAdministrator != 0 || perms&p == p
}

// serveChannel handles /channels/{c}[/messages[/{m}]].
func (s *Server) serveChannel(rc *reqCtx) (result, *apiError) {
	segs := rc.segs
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := s.channels[segs[1]]
	if ch == nil {
		return result{}, errUnknownChannel()
	}
	if e := ch.placeRefusalLocked(); e != nil {
		return result{}, e
	}
	if res, e, ok := s.serveThreadLocked(ch, rc); ok {
		return res, e
	}
	switch {
	case len(segs) == 2 && rc.method == "GET":
		return jsonResult(mustJSON(ch.json())), nil
	case len(segs) == 3 && segs[2] == "messages" && rc.method == "GET":
		return jsonResult(ch.listLocked(rc.query)), nil
	case len(segs) == 3 && segs[2] == "messages" && rc.method == "POST":
		return s.postMessageLocked(ch, rc)
	case len(segs) == 4 && segs[2] == "messages":
		m := s.messages[segs[3]]
		if m == nil || m.channel != ch || m.ephemeral() {
			return result{}, errUnknownMessage()
		}
		switch rc.method {
		case "GET":
			return jsonResult(m.json()), nil
		case "PATCH":
			return s.patchMessageLocked(ch, m, rc)
		case "DELETE":
			if m.m.Author == nil || m.m.Author.ID != s.appID {
				if !ch.botCan(discordgo.PermissionManageMessages) {
					return result{}, errMissingPermissions()
				}
			}
			s.deleteLocked(m)
			return result{status: 204}, nil
		}
	}
	return result{}, errNotFound()
}

// listLocked answers GET /channels/{c}/messages: newest first, as Discord.
func (c *Channel) listLocked(q url.Values) []byte {
	limit := 50
	if n, err := strconv.Atoi(q.Get("limit")); err == nil && n > 0 && n <= 100 {
		limit = n
	}
	buf := []byte{'['}
	for i, n := len(c.msgs)-1, 0; i >= 0 && n < limit; i, n = i-1, n+1 {
		if n > 0 {
			buf = append(buf, ',')
		}
		buf = append(buf, c.msgs[i].json()...)
	}
	return append(buf, ']')
}

func (s *Server) postMessageLocked(ch *Channel, rc *reqCtx) (result, *apiError) {
	if !ch.botCan(discordgo.PermissionSendMessages) {
		return result{}, errMissingPermissions()
	}
	p, err := rc.payload()
	if err != nil {
		return result{}, formError("_", "BASE_TYPE_BAD_JSON", err.Error())
	}
	if e := checkAttach(ch, p); e != nil {
		return result{}, e
	}
	m := s.newMessageLocked(ch, p)
	if p.flags != nil {
		// Only SUPPRESS_EMBEDS and friends apply to channel posts; an
		// ephemeral flag here is ignored by Discord.
		m.Flags = *p.flags &^ (discordgo.MessageFlagsEphemeral | discordgo.MessageFlagsLoading)
	}
	if e := s.validateMessage(m); e != nil {
		return result{}, e
	}
	if pinged := s.pingedLocked(m.Content, p.allowed); len(pinged) > 0 {
		m.Mentions = pinged
	}
	rec := &message{m: m, channel: ch, allowed: p.allowed}
	s.messages[m.ID] = rec
	ch.msgs = append(ch.msgs, rec)
	ch.recordLocked(m)
	s.observeLocked(rec, true, false)
	s.notifyLocked()
	return jsonResult(rec.json()), nil
}

func (s *Server) patchMessageLocked(ch *Channel, m *message, rc *reqCtx) (result, *apiError) {
	if m.m.Author == nil || m.m.Author.ID != s.appID {
		return result{}, errNotAuthor()
	}
	// Discord lets a member without Send Messages edit old messages; the
	// fake asks for it anyway, so revoking it is one lever that stops both
	// posts and edits in a test.
	if !ch.botCan(discordgo.PermissionSendMessages) {
		return result{}, errMissingPermissions()
	}
	p, err := rc.payload()
	if err != nil {
		return result{}, formError("_", "BASE_TYPE_BAD_JSON", err.Error())
	}
	if e := checkAttach(ch, p); e != nil {
		return result{}, e
	}
	if e := s.editLocked(m, p); e != nil {
		return result{}, e
	}
	return jsonResult(m.json()), nil
}

// editLocked applies an edit to a stored message if the result is valid.
// A deferred response's "thinking" state ends with its first edit.
func (s *Server) editLocked(m *message, p payload) *apiError {
	next := nextVersion(m.m)
	p.apply(s, next)
	next.Flags &^= discordgo.MessageFlagsLoading
	if e := s.validateMessage(next); e != nil {
		return e
	}
	s.edited(next)
	m.m = next
	if !m.ephemeral() {
		m.channel.recordLocked(next)
	}
	s.observeLocked(m, false, false)
	s.notifyLocked()
	return nil
}
