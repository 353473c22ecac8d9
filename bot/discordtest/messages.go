package discordtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"
)

// message is one message in the model. Public messages live in their
// channel's list; ephemeral ones (owner set) in their owner's list only.
// Guarded by Server.mu.
type message struct {
	m       *discordgo.Message
	channel *Channel
	owner   *User
	deleted bool
	// in is the interaction whose token created the message, if any; its
	// token may edit the message for as long as the token lives.
	in *interaction
	// allowed is the allowed_mentions a channel post was sent with (nil:
	// none), see mentions.go.
	allowed *discordgo.MessageAllowedMentions
	// enc is m's JSON, kept while m is the version shown (encOf == m):
	// each click sends the message it was made on.
	enc   []byte
	encOf *discordgo.Message
}

// The *discordgo.Message of a stored message is never changed once stored:
// an edit stores a new version (see nextVersion), so the channel's history
// and a pending Callback may hold versions without copying them.

func (m *message) ephemeral() bool { return m.owner != nil }

// payload is a decoded message body from the bot. For each field, nil means
// "absent" (an edit leaves it alone); a pointer to a zero value means the bot
// sent null or an empty value, which clears it.
type payload struct {
	content    *string
	embeds     *[]*discordgo.MessageEmbed
	components *[]discordgo.MessageComponent
	flags      *discordgo.MessageFlags
	files      []upload                        // the request's files[n] parts, in order
	keep       *[]*discordgo.MessageAttachment // the "attachments" field: which to keep, and new files' names
	allowed    *discordgo.MessageAllowedMentions
}

// parsePayload decodes a message object as Discord reads it for create and
// edit calls.
func parsePayload(doc []byte, files []upload) (payload, error) {
	p := payload{files: files}
	doc = bytes.TrimSpace(doc)
	if len(doc) == 0 || string(doc) == "null" {
		return p, nil
	}
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(doc, &fields); err != nil {
		return p, err
	}
	if raw, ok := fields["content"]; ok {
		var c string
		if !isNull(raw) {
			if err := json.Unmarshal(raw, &c); err != nil {
				return p, fmt.Errorf("content: %w", err)
			}
		}
		p.content = &c
	}
	if raw, ok := fields["embeds"]; ok {
		var e []*discordgo.MessageEmbed
		if !isNull(raw) {
			if err := json.Unmarshal(raw, &e); err != nil {
				return p, fmt.Errorf("embeds: %w", err)
			}
		}
		p.embeds = &e
	}
	if raw, ok := fields["components"]; ok {
		var raws []json.RawMessage
		if !isNull(raw) {
			if err := json.Unmarshal(raw, &raws); err != nil {
				return p, fmt.Errorf("components: %w", err)
			}
		}
		comps := make([]discordgo.MessageComponent, 0, len(raws))
		for i, r := range raws {
			c, err := discordgo.MessageComponentFromJSON(r)
			if err != nil {
				return p, fmt.Errorf("components[%d]: %w", i, err)
			}
			comps = append(comps, c)
		}
		p.components = &comps
	}
	if raw, ok := fields["flags"]; ok && !isNull(raw) {
		var f discordgo.MessageFlags
		if err := json.Unmarshal(raw, &f); err != nil {
			return p, fmt.Errorf("flags: %w", err)
		}
		p.flags = &f
	}
	if raw, ok := fields["allowed_mentions"]; ok && !isNull(raw) {
		a, err := parseAllowedMentions(raw)
		if err != nil {
			return p, fmt.Errorf("allowed_mentions: %w", err)
		}
		p.allowed = a
	}
	if raw, ok := fields["attachments"]; ok {
		if err := p.parseAttachments(raw); err != nil {
			return p, err
		}
	}
	return p, nil
}

func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

// apply writes the payload's fields into m. Files become attachments.
func (p payload) apply(s *Server, m *discordgo.Message) {
	if p.content != nil {
		m.Content = *p.content
	}
	if p.embeds != nil {
		m.Embeds = *p.embeds
	}
	if p.components != nil {
		m.Components = *p.components
	}
	p.applyFiles(s, m)
}

// newMessageLocked builds a bot-authored message in ch from p. Callers hold
// s.mu and insert the result where it belongs.
func (s *Server) newMessageLocked(ch *Channel, p payload) *discordgo.Message {
	now := s.now()
	m := &discordgo.Message{
		ID:        s.mint(now),
		ChannelID: ch.id,
		GuildID:   ch.guild.id,
		Author:    s.BotUser(),
		Timestamp: now,
		Type:      discordgo.MessageTypeDefault,
	}
	p.apply(s, m)
	return m
}

// edited stamps an edit time, as Discord does on every edit.
func (s *Server) edited(m *discordgo.Message) {
	t := s.now()
	m.EditedTimestamp = &t
}

// wireMessage adds back the components that discordgo.Message leaves out of
// its JSON (its Components field is tagged "-").
type wireMessage struct {
	*discordgo.Message
	Components []discordgo.MessageComponent `json:"components"`
}

func encodeMessage(m *discordgo.Message) []byte {
	comps := m.Components
	if comps == nil {
		comps = []discordgo.MessageComponent{}
	}
	return mustJSON(wireMessage{Message: m, Components: comps})
}

// json returns the message's JSON as encodeMessage writes it. Callers hold
// s.mu and must not change the bytes.
func (m *message) json() []byte {
	if m.encOf != m.m {
		m.enc, m.encOf = encodeMessage(m.m), m.m
	}
	return m.enc
}

// nextVersion returns a shallow copy of m to edit into the next version:
// only its top-level fields may be set, as payload.apply does, never what
// they point to.
func nextVersion(m *discordgo.Message) *discordgo.Message {
	next := *m
	next.Attachments = slices.Clip(next.Attachments) // appending must not write into m's array
	return &next
}

// copyMessage returns a deep copy of m, exactly what a client would decode
// from its JSON, so callers never share memory with the model.
func copyMessage(m *discordgo.Message) *discordgo.Message { return cloneMessage(m) }

// jsonCopyMessage is copyMessage through a JSON round trip.
func jsonCopyMessage(m *discordgo.Message) *discordgo.Message {
	var out discordgo.Message
	if err := json.Unmarshal(encodeMessage(m), &out); err != nil {
		panic(fmt.Sprintf("discordtest: copy message: %v", err))
	}
	return &out
}

func copyMessages(ms []*message) []*discordgo.Message {
	out := make([]*discordgo.Message, 0, len(ms))
	for _, m := range ms {
		out = append(out, copyMessage(m.m))
	}
	return out
}

// removeMessage drops m from a list, keeping order.
func removeMessage(list []*message, m *message) []*message {
	for i, x := range list {
		if x == m {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}

// deleteLocked removes a message from every view.
func (s *Server) deleteLocked(m *message) {
	m.deleted = true
	delete(s.messages, m.m.ID)
	if m.owner != nil {
		m.owner.eph = removeMessage(m.owner.eph, m)
	} else {
		m.channel.msgs = removeMessage(m.channel.msgs, m)
		m.channel.noteDeletedLocked(m)
	}
	s.observeLocked(m, false, true)
	s.notifyLocked()
}

// timeOrNow is used by options that may leave a time unset.
func timeOrNow(t time.Time, s *Server) time.Time {
	if t.IsZero() {
		return s.now()
	}
	return t
}
