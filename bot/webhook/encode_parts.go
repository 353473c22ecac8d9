package webhook

import (
	"strconv"

	"github.com/bwmarrin/discordgo"
)

// The parts of a message body, written as discordgo's types marshal
// themselves: each component as its own fields followed by its "type".

// components writes cs, or null for a nil slice, as encoding/json does.
func (e *encoder) components(cs []discordgo.MessageComponent) bool {
	if cs == nil {
		e.b = append(e.b, "null"...)
		return true
	}
	e.b = append(e.b, '[')
	for i, c := range cs {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		if !e.component(c) {
			return false
		}
	}
	e.b = append(e.b, ']')
	return true
}

func (e *encoder) component(c discordgo.MessageComponent) bool {
	switch v := c.(type) {
	case discordgo.ActionsRow:
		return e.row(&v)
	case *discordgo.ActionsRow:
		return v != nil && e.row(v)
	case discordgo.Button:
		e.button(&v)
		return true
	case *discordgo.Button:
		if v == nil {
			return false
		}
		e.button(v)
		return true
	case discordgo.SelectMenu:
		return e.selectMenu(&v)
	case *discordgo.SelectMenu:
		return v != nil && e.selectMenu(v)
	}
	return false
}

func (e *encoder) row(r *discordgo.ActionsRow) bool {
	e.b = append(e.b, `{"components":`...)
	if !e.components(r.Components) {
		return false
	}
	first := false
	e.intField(&first, "id", int64(r.ID))
	e.b = append(e.b, `,"type":`...)
	e.b = strconv.AppendInt(e.b, int64(r.Type()), 10)
	e.b = append(e.b, '}')
	return true
}

func (e *encoder) button(b *discordgo.Button) {
	style := b.Style
	if style == 0 {
		style = discordgo.PrimaryButton // as Button.MarshalJSON does
	}
	e.b = append(e.b, `{"label":`...)
	e.string(b.Label)
	e.b = append(e.b, `,"style":`...)
	e.b = strconv.AppendUint(e.b, uint64(style), 10)
	e.b = append(e.b, `,"disabled":`...)
	e.b = strconv.AppendBool(e.b, b.Disabled)
	first := false
	if b.Emoji != nil {
		e.key(&first, "emoji")
		e.emoji(b.Emoji)
	}
	e.stringField(&first, "url", b.URL)
	e.stringField(&first, "custom_id", b.CustomID)
	e.stringField(&first, "sku_id", b.SKUID)
	e.intField(&first, "id", int64(b.ID))
	e.b = append(e.b, `,"type":`...)
	e.b = strconv.AppendInt(e.b, int64(b.Type()), 10)
	e.b = append(e.b, '}')
}

func (e *encoder) emoji(m *discordgo.ComponentEmoji) {
	e.b = append(e.b, '{')
	first := true
	e.stringField(&first, "name", m.Name)
	e.stringField(&first, "id", m.ID)
	e.boolField(&first, "animated", m.Animated)
	e.b = append(e.b, '}')
}

// selectMenu writes a string select menu; default values and channel types
// (the other kinds of menu) are left to encoding/json.
func (e *encoder) selectMenu(s *discordgo.SelectMenu) bool {
	if len(s.DefaultValues) > 0 || len(s.ChannelTypes) > 0 {
		return false
	}
	e.b = append(e.b, '{')
	first := true
	e.stringField(&first, "custom_id", s.CustomID)
	e.key(&first, "placeholder")
	e.string(s.Placeholder)
	if s.MinValues != nil {
		e.key(&first, "min_values")
		e.b = strconv.AppendInt(e.b, int64(*s.MinValues), 10)
	}
	e.intField(&first, "max_values", int64(s.MaxValues))
	if len(s.Options) > 0 {
		e.key(&first, "options")
		e.b = append(e.b, '[')
		for i := range s.Options {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.option(&s.Options[i])
		}
		e.b = append(e.b, ']')
	}
	e.b = append(e.b, `,"disabled":`...)
	e.b = strconv.AppendBool(e.b, s.Disabled)
	e.intField(&first, "id", int64(s.ID))
	e.b = append(e.b, `,"type":`...)
	e.b = strconv.AppendInt(e.b, int64(s.Type()), 10)
	e.b = append(e.b, '}')
	return true
}

func (e *encoder) option(o *discordgo.SelectMenuOption) {
	e.b = append(e.b, '{')
	first := true
	e.stringField(&first, "label", o.Label)
	e.key(&first, "value")
	e.string(o.Value)
	e.b = append(e.b, `,"description":`...)
	e.string(o.Description)
	if o.Emoji != nil {
		e.key(&first, "emoji")
		e.emoji(o.Emoji)
	}
	e.b = append(e.b, `,"default":`...)
	e.b = strconv.AppendBool(e.b, o.Default)
	e.b = append(e.b, '}')
}

// embeds writes es, or null for a nil slice.
func (e *encoder) embeds(es []*discordgo.MessageEmbed) bool {
	if es == nil {
		e.b = append(e.b, "null"...)
		return true
	}
	e.b = append(e.b, '[')
	for i, m := range es {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		if m == nil {
			e.b = append(e.b, "null"...)
			continue
		}
		if !e.embed(m) {
			return false
		}
	}
	e.b = append(e.b, ']')
	return true
}

func (e *encoder) embed(m *discordgo.MessageEmbed) bool {
	if m.Video != nil || m.Provider != nil {
		return false
	}
	e.b = append(e.b, '{')
	first := true
	e.stringField(&first, "url", m.URL)
	e.stringField(&first, "type", string(m.Type))
	e.stringField(&first, "title", m.Title)
	e.stringField(&first, "description", m.Description)
	e.stringField(&first, "timestamp", m.Timestamp)
	e.intField(&first, "color", int64(m.Color))
	if f := m.Footer; f != nil {
		e.key(&first, "footer")
		e.b = append(e.b, '{')
		inner := true
		e.stringField(&inner, "text", f.Text)
		e.stringField(&inner, "icon_url", f.IconURL)
		e.stringField(&inner, "proxy_icon_url", f.ProxyIconURL)
		e.b = append(e.b, '}')
	}
	if im := m.Image; im != nil {
		e.key(&first, "image")
		e.picture(im.URL, im.ProxyURL, im.Width, im.Height)
	}
	if th := m.Thumbnail; th != nil {
		e.key(&first, "thumbnail")
		e.picture(th.URL, th.ProxyURL, th.Width, th.Height)
	}
	if a := m.Author; a != nil {
		e.key(&first, "author")
		e.b = append(e.b, '{')
		inner := true
		e.stringField(&inner, "url", a.URL)
		e.key(&inner, "name")
		e.string(a.Name)
		e.stringField(&inner, "icon_url", a.IconURL)
		e.stringField(&inner, "proxy_icon_url", a.ProxyIconURL)
		e.b = append(e.b, '}')
	}
	if len(m.Fields) > 0 {
		e.key(&first, "fields")
		e.b = append(e.b, '[')
		for i, f := range m.Fields {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			if f == nil {
				e.b = append(e.b, "null"...)
				continue
			}
			e.b = append(e.b, `{"name":`...)
			e.string(f.Name)
			e.b = append(e.b, `,"value":`...)
			e.string(f.Value)
			inner := false
			e.boolField(&inner, "inline", f.Inline)
			e.b = append(e.b, '}')
		}
		e.b = append(e.b, ']')
	}
	e.b = append(e.b, '}')
	return true
}

// picture writes an embed's image or thumbnail.
func (e *encoder) picture(url, proxy string, w, h int) {
	e.b = append(e.b, `{"url":`...)
	e.string(url)
	first := false
	e.stringField(&first, "proxy_url", proxy)
	e.intField(&first, "width", int64(w))
	e.intField(&first, "height", int64(h))
	e.b = append(e.b, '}')
}
