package discordtest

import (
	"encoding/json"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"
)

// threadState is what a thread has beyond a channel. Guarded by Server.mu.
type threadState struct {
	parent   *Channel
	owner    string // who started it: the bot's or a user's ID
	archived bool
	locked   bool // only members with Manage Threads may post or reopen it
	duration int  // auto-archive duration, in minutes
	created  time.Time
	members  []string // users added with PUT thread-members (see thread_members.go)
}

// validArchiveDurations are the auto-archive durations Discord accepts, in minutes.
var validArchiveDurations = []int{60, 1440, 4320, 10080}

func errThreadArchived() *apiError {
	return &apiError{status: 400, Message: "Thread is archived", Code: 50083}
}

func errWrongChannelType() *apiError {
	return &apiError{status: 400, Message: "Cannot execute action on this channel type", Code: 50024}
}

func errThreadExists() *apiError {
	return &apiError{status: 400, Message: "A thread has already been created for this message", Code: 160004}
}

// AddVoiceChannel creates a voice channel (its text chat takes slash
// commands, but no thread can start there), and tells a connected bot.
func (g *Guild) AddVoiceChannel(name string) *Channel {
	return g.addChannel(name, discordgo.ChannelTypeGuildVoice)
}

// StartThread starts a public thread from msg, as user u would in
// Discord's client, and tells a connected bot with THREAD_CREATE. It
// returns nil if msg is not a message of c or already has a thread.
func (c *Channel) StartThread(u *User, msg *discordgo.Message, name string) *Channel {
	s := c.s
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.messages[msg.ID]
	if m == nil || m.channel != c || m.ephemeral() || m.m.Thread != nil {
		return nil
	}
	return s.startThreadLocked(c, m, name, 1440, u.id)
}

// IsThread reports whether the channel is a thread.
func (c *Channel) IsThread() bool {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	return c.th != nil
}

// Parent returns the channel a thread belongs to (nil for a channel).
func (c *Channel) Parent() *Channel {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	if c.th == nil {
		return nil
	}
	return c.th.parent
}

// Archived reports whether the thread is archived.
func (c *Channel) Archived() bool {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	return c.th != nil && c.th.archived
}

// Threads returns the threads started in the channel, oldest first.
func (c *Channel) Threads() []*Channel {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	var out []*Channel
	for _, ch := range c.s.channels {
		if ch.th != nil && ch.th.parent == c {
			out = append(out, ch)
		}
	}
	slices.SortFunc(out, func(a, b *Channel) int { return a.th.created.Compare(b.th.created) })
	return out
}

// effectivePerms are the bot's permissions in the channel: a thread has
// its parent's.
func (c *Channel) effectivePerms() int64 {
	if c.th != nil {
		return c.th.parent.botPerms
	}
	return c.botPerms
}

// threadJSON adds a thread's fields to its channel object.
func (c *Channel) threadJSON(m map[string]any) {
	if c.th == nil {
		return
	}
	m["parent_id"] = c.th.parent.id
	m["owner_id"] = c.th.owner
	m["thread_metadata"] = map[string]any{
		"archived": c.th.archived, "auto_archive_duration": c.th.duration, "locked": c.th.locked,
		"archive_timestamp": c.th.created.UTC().Format(time.RFC3339),
	}
}

// serveThreadLocked handles the thread routes of /channels/{c}: starting a
// thread from a message, modifying (archiving) a thread, and the refusal
// of posts and edits in an archived thread. ok is false for other routes.
func (s *Server) serveThreadLocked(ch *Channel, rc *reqCtx) (res result, e *apiError, ok bool) {
	segs := rc.segs
	switch {
	case len(segs) == 5 && segs[2] == "messages" && segs[4] == "threads" && rc.method == "POST":
		res, e = s.startThreadRESTLocked(ch, segs[3], rc)
		return res, e, true
	case len(segs) == 4 && segs[2] == "thread-members" && rc.method == "PUT":
		res, e = s.addThreadMemberLocked(ch, segs[3])
		return res, e, true
	case len(segs) == 2 && rc.method == "PATCH":
		res, e = s.modifyChannelLocked(ch, rc)
		return res, e, true
	case ch.th != nil && ch.th.archived && len(segs) >= 3 && segs[2] == "messages" && (rc.method == "POST" || rc.method == "PATCH"):
		return result{}, errThreadArchived(), true
	case ch.th != nil && ch.th.locked && !ch.botCan(discordgo.PermissionManageThreads) && len(segs) >= 3 && segs[2] == "messages" &&
		(rc.method == "POST" || rc.method == "PATCH"):
		return result{}, errThreadLocked(), true
	}
	return result{}, nil, false
}

// startThreadRESTLocked answers POST /channels/{c}/messages/{m}/threads.
func (s *Server) startThreadRESTLocked(ch *Channel, msgID string, rc *reqCtx) (result, *apiError) {
	if ch.th != nil || ch.kind != discordgo.ChannelTypeGuildText {
		return result{}, errWrongChannelType()
	}
	if !ch.botCan(discordgo.PermissionCreatePublicThreads | discordgo.PermissionReadMessageHistory) {
		return result{}, errMissingPermissions()
	}
	m := s.messages[msgID]
	if m == nil || m.channel != ch || m.ephemeral() {
		return result{}, errUnknownMessage()
	}
	if m.m.Thread != nil {
		return result{}, errThreadExists()
	}
	var body struct {
		Name     string `json:"name"`
		Duration int    `json:"auto_archive_duration"`
	}
	if err := json.Unmarshal(rc.body, &body); err != nil {
		return result{}, formError("_", "BASE_TYPE_BAD_JSON", err.Error())
	}
	if n := runes(body.Name); n < 1 || n > 100 {
		return result{}, badLength("name", 1, 100)
	}
	if body.Duration == 0 {
		body.Duration = 4320 // the channel's default, as Discord uses
	}
	if !slices.Contains(validArchiveDurations, body.Duration) {
		return result{}, formError("auto_archive_duration", "BASE_TYPE_CHOICES", "Value must be one of (60, 1440, 4320, 10080).")
	}
	th := s.startThreadLocked(ch, m, body.Name, body.Duration, s.appID)
	return jsonResult(mustJSON(th.json())), nil
}

// startThreadLocked makes a public thread from m: it shares m's ID, as on
// Discord, and m shows it in its thread field.
func (s *Server) startThreadLocked(ch *Channel, m *message, name string, duration int, owner string) *Channel {
	th := &Channel{
		s: s, id: m.m.ID, name: name, guild: ch.guild, kind: discordgo.ChannelTypeGuildPublicThread,
		th: &threadState{parent: ch, owner: owner, duration: duration, created: s.now()},
	}
	s.channels[th.id] = th
	next := nextVersion(m.m)
	next.Thread = &discordgo.Channel{
		ID: th.id, GuildID: ch.guild.id, ParentID: ch.id, Name: name, Type: discordgo.ChannelTypeGuildPublicThread,
	}
	next.Flags |= discordgo.MessageFlagsHasThread
	m.m = next
	ch.recordLocked(next)
	s.dispatchLocked(ch.guild.id, "THREAD_CREATE", mustJSON(th.json()), nil)
	s.notifyLocked()
	return th
}

// modifyChannelLocked answers PATCH /channels/{c}: the fake supports what a
// bot does to its own threads, archiving and unarchiving them.
func (s *Server) modifyChannelLocked(ch *Channel, rc *reqCtx) (result, *apiError) {
	if ch.th == nil {
		return result{}, errMissingPermissions() // the bot may not edit channels
	}
	var body struct {
		Archived *bool `json:"archived"`
	}
	if err := json.Unmarshal(rc.body, &body); err != nil {
		return result{}, formError("_", "BASE_TYPE_BAD_JSON", err.Error())
	}
	// The thread's creator may archive it; anyone else needs Manage Threads.
	if ch.th.owner != s.appID && !ch.botCan(discordgo.PermissionManageThreads) {
		return result{}, errMissingPermissions()
	}
	// Reopening needs the right to post there, and Manage Threads once a
	// moderator has locked the thread (Discord's Modify Channel).
	if body.Archived != nil && !*body.Archived && ch.th.archived &&
		(!ch.botCan(discordgo.PermissionSendMessages) || ch.th.locked && !ch.botCan(discordgo.PermissionManageThreads)) {
		return result{}, errMissingPermissions()
	}
	if body.Archived != nil && *body.Archived != ch.th.archived {
		ch.th.archived = *body.Archived
		s.dispatchLocked(ch.guild.id, "THREAD_UPDATE", mustJSON(ch.json()), nil)
		s.notifyLocked()
	}
	return jsonResult(mustJSON(ch.json())), nil
}
