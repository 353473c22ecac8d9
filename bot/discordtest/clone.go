package discordtest

import (
	"slices"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// The fake hands out copies of its messages (Channel.Messages, the
// observer's Change, a Callback...) so that callers never share memory with
// the model, and each copy must be exactly what a client decoding the
// message's JSON would hold. A JSON round trip gives that but costs a
// load test most of its CPU, so cloneMessage copies by hand the fields the
// fake fills in, normalised as the round trip would, and falls back on the
// round trip for any message carrying something else.

// cloneMessage returns a deep copy of m equal to jsonCopyMessage(m).
func cloneMessage(m *discordgo.Message) *discordgo.Message {
	if !plainMessage(m) {
		return jsonCopyMessage(m)
	}
	var c cloner
	out := *m
	out.Timestamp = jsonTime(m.Timestamp)
	if m.EditedTimestamp != nil {
		t := jsonTime(*m.EditedTimestamp)
		out.EditedTimestamp = &t
	}
	out.Author = c.user(m.Author)
	out.Attachments = c.attachments(m.Attachments)
	out.Embeds = c.embeds(m.Embeds)
	out.Components = c.components(m.Components)
	if md := m.InteractionMetadata; md != nil {
		cp := *md
		cp.User = c.user(md.User)
		out.InteractionMetadata = &cp
	}
	c.str(m.ID, m.ChannelID, m.GuildID, m.Content, m.WebhookID)
	if c.odd {
		return jsonCopyMessage(m)
	}
	return &out
}

// plainMessage reports whether every reference field of m that cloner does
// not copy is unset, as on every message the fake builds today.
func plainMessage(m *discordgo.Message) bool {
	md := m.InteractionMetadata
	return m.MentionRoles == nil && m.Mentions == nil && m.Reactions == nil && m.Member == nil &&
		m.MentionChannels == nil && m.Activity == nil && m.Application == nil && m.MessageReference == nil &&
		m.ReferencedMessage == nil && m.MessageSnapshots == nil && m.Interaction == nil && m.Thread == nil &&
		m.StickerItems == nil && m.Poll == nil &&
		(md == nil || md.AuthorizingIntegrationOwners == nil && md.TriggeringInteractionMetadata == nil)
}

// jsonTime is t as encoding/json decodes it from its own encoding: without
// a monotonic reading, and in UTC when the offset is zero.
func jsonTime(t time.Time) time.Time {
	if _, off := t.Zone(); off == 0 {
		return t.Round(0).UTC()
	}
	b, err := t.MarshalJSON()
	if err != nil {
		panic("discordtest: copy message: " + err.Error()) // jsonCopyMessage would fail too
	}
	var out time.Time
	if err := out.UnmarshalJSON(b); err != nil {
		panic("discordtest: copy message: " + err.Error())
	}
	return out
}

// cloner copies the parts of a message. It notes anything the JSON round
// trip would change in a way it does not mimic (odd), so that the caller
// falls back on the round trip.
type cloner struct{ odd bool }

// str notes strings that are not valid UTF-8: encoding/json replaces their
// bad bytes.
func (c *cloner) str(ss ...string) {
	for _, s := range ss {
		if !utf8.ValidString(s) {
			c.odd = true
		}
	}
}

func (c *cloner) user(u *discordgo.User) *discordgo.User {
	if u == nil {
		return nil
	}
	cp := *u
	c.str(u.ID, u.Email, u.Username, u.Avatar, u.Locale, u.Discriminator, u.GlobalName, u.Token, u.Banner)
	return &cp
}

func (c *cloner) attachments(as []*discordgo.MessageAttachment) []*discordgo.MessageAttachment {
	if as == nil {
		return nil
	}
	out := make([]*discordgo.MessageAttachment, len(as))
	for i, a := range as {
		if a != nil {
			cp := *a
			c.str(a.ID, a.URL, a.ProxyURL, a.Filename, a.ContentType, a.Waveform)
			out[i] = &cp
		}
	}
	return out
}

func (c *cloner) embeds(es []*discordgo.MessageEmbed) []*discordgo.MessageEmbed {
	if es == nil {
		return nil
	}
	out := make([]*discordgo.MessageEmbed, len(es))
	for i, e := range es {
		if e != nil {
			out[i] = c.embed(e)
		}
	}
	return out
}

func (c *cloner) embed(e *discordgo.MessageEmbed) *discordgo.MessageEmbed {
	cp := *e
	c.str(e.URL, string(e.Type), e.Title, e.Description, e.Timestamp)
	cp.Footer = clonePtr(e.Footer)
	cp.Image = clonePtr(e.Image)
	cp.Thumbnail = clonePtr(e.Thumbnail)
	cp.Video = clonePtr(e.Video)
	cp.Provider = clonePtr(e.Provider)
	cp.Author = clonePtr(e.Author)
	if f := e.Footer; f != nil {
		c.str(f.Text, f.IconURL, f.ProxyIconURL)
	}
	if x := e.Image; x != nil {
		c.str(x.URL, x.ProxyURL)
	}
	if x := e.Thumbnail; x != nil {
		c.str(x.URL, x.ProxyURL)
	}
	if x := e.Video; x != nil {
		c.str(x.URL)
	}
	if x := e.Provider; x != nil {
		c.str(x.URL, x.Name)
	}
	if x := e.Author; x != nil {
		c.str(x.URL, x.Name, x.IconURL, x.ProxyIconURL)
	}
	cp.Fields = nil // "fields" is omitempty: an empty list comes back nil
	if len(e.Fields) > 0 {
		cp.Fields = make([]*discordgo.MessageEmbedField, len(e.Fields))
		for i, f := range e.Fields {
			if f != nil {
				c.str(f.Name, f.Value)
				cp.Fields[i] = clonePtr(f)
			}
		}
	}
	return &cp
}

// clonePtr copies the struct p points to; the struct must hold no
// references.
func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	cp := *p
	return &cp
}

// components copies a component list as discordgo decodes it: never nil,
// every component a pointer. Kinds the fake never sends (layout components
// of Components V2) make the copy odd.
func (c *cloner) components(cs []discordgo.MessageComponent) []discordgo.MessageComponent {
	out := make([]discordgo.MessageComponent, len(cs))
	for i, x := range cs {
		switch v := x.(type) {
		case *discordgo.ActionsRow:
			out[i] = c.row(*v)
		case discordgo.ActionsRow:
			out[i] = c.row(v)
		case *discordgo.Button:
			out[i] = c.button(*v)
		case discordgo.Button:
			out[i] = c.button(v)
		case *discordgo.SelectMenu:
			out[i] = c.selectMenu(*v)
		case discordgo.SelectMenu:
			out[i] = c.selectMenu(v)
		case *discordgo.TextInput:
			out[i] = c.textInput(*v)
		case discordgo.TextInput:
			out[i] = c.textInput(v)
		default:
			c.odd = true
		}
	}
	return out
}

func (c *cloner) row(r discordgo.ActionsRow) *discordgo.ActionsRow {
	r.Components = c.components(r.Components)
	return &r
}

func (c *cloner) button(b discordgo.Button) *discordgo.Button {
	if b.Style == 0 {
		b.Style = discordgo.PrimaryButton // as Button.MarshalJSON writes it
	}
	b.Emoji = c.emoji(b.Emoji)
	c.str(b.Label, b.URL, b.CustomID, b.SKUID)
	return &b
}

func (c *cloner) emoji(e *discordgo.ComponentEmoji) *discordgo.ComponentEmoji {
	if e != nil {
		c.str(e.Name, e.ID)
	}
	return clonePtr(e)
}

func (c *cloner) selectMenu(m discordgo.SelectMenu) *discordgo.SelectMenu {
	// SelectMenu.MarshalJSON writes Type() as "type", which decodes into
	// MenuType; the omitempty lists come back nil when empty.
	m.MenuType = discordgo.SelectMenuType(m.Type())
	m.MinValues = clonePtr(m.MinValues)
	c.str(m.CustomID, m.Placeholder)
	if len(m.DefaultValues) == 0 {
		m.DefaultValues = nil
	} else {
		m.DefaultValues = slices.Clone(m.DefaultValues)
		for _, d := range m.DefaultValues {
			c.str(d.ID, string(d.Type))
		}
	}
	if len(m.Options) == 0 {
		m.Options = nil
	} else {
		m.Options = slices.Clone(m.Options)
		for i := range m.Options {
			o := &m.Options[i]
			c.str(o.Label, o.Value, o.Description)
			o.Emoji = c.emoji(o.Emoji)
		}
	}
	if len(m.ChannelTypes) == 0 {
		m.ChannelTypes = nil
	} else {
		m.ChannelTypes = slices.Clone(m.ChannelTypes)
	}
	return &m
}

func (c *cloner) textInput(t discordgo.TextInput) *discordgo.TextInput {
	c.str(t.CustomID, t.Label, t.Placeholder, t.Value)
	return &t
}
