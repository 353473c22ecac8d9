package discordtest

import (
	"encoding/json"
	"regexp"
	"slices"

	"github.com/bwmarrin/discordgo"
)

// Mentions, pings and deletions: what a test needs to see of a message
// meant to notify someone.
//
// Discord notifies the users a message's content mentions (<@id> or
// <@!id>), as filtered by the message's allowed_mentions: without the
// field every user mention pings; with it, only users it allows, by
// "parse": ["users"] or by its "users" list. A mention inside an embed
// never pings. The fake puts the users pinged in the message's mentions
// field, as Discord does, so a test reads who was notified off the
// message itself.

var userMention = regexp.MustCompile(`<@!?([0-9]+)>`)

// parseAllowedMentions decodes a message body's allowed_mentions field.
func parseAllowedMentions(raw []byte) (*discordgo.MessageAllowedMentions, error) {
	var a discordgo.MessageAllowedMentions
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, err
	}
	return &a, nil
}

// pingedLocked lists the users a message with content and allowed
// mentions a notifies, in the order the content names them. Callers hold
// s.mu.
func (s *Server) pingedLocked(content string, a *discordgo.MessageAllowedMentions) []*discordgo.User {
	var out []*discordgo.User
	seen := map[string]bool{}
	for _, m := range userMention.FindAllStringSubmatch(content, -1) {
		id := m[1]
		if seen[id] {
			continue
		}
		allowed := a == nil || slices.Contains(a.Parse, discordgo.AllowedMentionTypeUsers) || slices.Contains(a.Users, id)
		u := s.users[id]
		if !allowed || u == nil {
			continue
		}
		seen[id] = true
		out = append(out, u.discordUser())
	}
	return out
}

// AllowedMentions returns the allowed_mentions the bot sent when it posted
// message id in the channel (nil: none sent), whether the channel still
// shows the message or it was deleted.
func (c *Channel) AllowedMentions(id string) *discordgo.MessageAllowedMentions {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	for _, list := range [][]*message{c.msgs, c.deleted} {
		for _, m := range list {
			if m.m.ID == id && m.allowed != nil {
				a := *m.allowed
				a.Parse, a.Users, a.Roles = slices.Clone(a.Parse), slices.Clone(a.Users), slices.Clone(a.Roles)
				return &a
			}
		}
	}
	return nil
}

// Deleted returns the messages deleted from the channel, oldest deletion
// first, each as it was last shown. A server made WithoutPastVersions
// keeps none.
func (c *Channel) Deleted() []*discordgo.Message {
	c.s.mu.Lock()
	defer c.s.mu.Unlock()
	return copyMessages(c.deleted)
}

// noteDeletedLocked keeps a deleted channel message for Deleted.
func (c *Channel) noteDeletedLocked(m *message) {
	if !c.s.cfg.noVersions {
		c.deleted = append(c.deleted, m)
	}
}
