package webhook

import (
	"bytes"
	"encoding/json"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Encoding a click's answer and a hand or table edit with encoding/json
// was a tenth of the bot's CPU at 500 clicks a second, and a tenth of what
// it allocated: discordgo's components each marshal themselves (a struct
// wrapped around the component, marshalled by reflection into a buffer of
// its own), and the outer encoder then scans and copies every component's
// bytes again. So the bodies of the hot calls, an InteractionResponse and a
// WebhookEdit made of embeds, action rows, buttons and select menus, are
// written here directly into one buffer. Anything else, or any field these
// shapes do not cover (a poll, attachments, other component types), goes to
// encoding/json as before. TestLeanBodiesMatchEncodingJSON holds the two to
// the same JSON value.
//
// The one difference in the bytes: '<', '>' and '&' are written as they are
// rather than as \u003c, \u003e and \u0026 (encoding/json's escaping for
// HTML pages; both are the same JSON string). A card emoji in a hand is
// <:name:id>, so this also makes a hand's body a fifth smaller.

// encodeBody returns body as JSON, in a slice of its own exact size: the
// HTTP client may still read it after the call has returned, so only the
// scratch space it is written in is reused.
func encodeBody(body any) ([]byte, error) {
	e := scratch.Get().(*encoder)
	defer scratch.Put(e)
	e.b = e.b[:0]
	ok := false
	switch v := body.(type) {
	case *discordgo.InteractionResponse:
		ok = v != nil && e.response(v)
	case *discordgo.WebhookEdit:
		ok = v != nil && e.webhookEdit(v)
	}
	if !ok {
		return json.Marshal(body)
	}
	if cap(e.b) > maxScratch {
		out := e.b
		e.b = nil // one huge body does not pin its buffer for ever
		return out, nil
	}
	return bytes.Clone(e.b), nil
}

// scratch holds encoders whose buffers have grown to a hand's size.
var scratch = sync.Pool{New: func() any { return &encoder{b: make([]byte, 0, 8<<10)} }}

// maxScratch is the largest buffer kept for reuse.
const maxScratch = 64 << 10

// encoder appends JSON to b. Each method reports false, having written
// something incomplete, when its value holds what it does not encode.
type encoder struct{ b []byte }

func (e *encoder) response(r *discordgo.InteractionResponse) bool {
	e.b = append(e.b, '{')
	first := true
	if r.Type != 0 {
		e.key(&first, "type")
		e.b = strconv.AppendInt(e.b, int64(r.Type), 10)
	}
	if r.Data != nil {
		e.key(&first, "data")
		if !e.responseData(r.Data) {
			return false
		}
	}
	e.b = append(e.b, '}')
	return true
}

func (e *encoder) responseData(d *discordgo.InteractionResponseData) bool {
	if d.Attachments != nil || d.Poll != nil || len(d.Choices) > 0 {
		return false
	}
	e.b = append(e.b, `{"tts":`...)
	e.b = strconv.AppendBool(e.b, d.TTS)
	e.b = append(e.b, `,"content":`...)
	e.string(d.Content)
	e.b = append(e.b, `,"components":`...)
	if !e.components(d.Components) {
		return false
	}
	e.b = append(e.b, `,"embeds":`...)
	if !e.embeds(d.Embeds) {
		return false
	}
	first := false
	if d.AllowedMentions != nil {
		e.key(&first, "allowed_mentions")
		e.mentions(d.AllowedMentions)
	}
	e.intField(&first, "flags", int64(d.Flags))
	e.stringField(&first, "custom_id", d.CustomID)
	e.stringField(&first, "title", d.Title)
	e.b = append(e.b, '}')
	return true
}

func (e *encoder) webhookEdit(w *discordgo.WebhookEdit) bool {
	if w.Attachments != nil {
		return false
	}
	e.b = append(e.b, '{')
	first := true
	if w.Content != nil {
		e.key(&first, "content")
		e.string(*w.Content)
	}
	if w.Components != nil {
		e.key(&first, "components")
		if !e.components(*w.Components) {
			return false
		}
	}
	if w.Embeds != nil {
		e.key(&first, "embeds")
		if !e.embeds(*w.Embeds) {
			return false
		}
	}
	if w.AllowedMentions != nil {
		e.key(&first, "allowed_mentions")
		e.mentions(w.AllowedMentions)
	}
	e.b = append(e.b, '}')
	return true
}

func (e *encoder) mentions(m *discordgo.MessageAllowedMentions) {
	e.b = append(e.b, `{"parse":`...)
	if m.Parse == nil {
		e.b = append(e.b, "null"...)
	} else {
		e.b = append(e.b, '[')
		for i, p := range m.Parse {
			if i > 0 {
				e.b = append(e.b, ',')
			}
			e.string(string(p))
		}
		e.b = append(e.b, ']')
	}
	first := false
	e.stringsField(&first, "roles", m.Roles)
	e.stringsField(&first, "users", m.Users)
	e.b = append(e.b, `,"replied_user":`...)
	e.b = strconv.AppendBool(e.b, m.RepliedUser)
	e.b = append(e.b, '}')
}

// key writes a field's name, after a comma unless it is the object's first.
func (e *encoder) key(first *bool, name string) {
	if !*first {
		e.b = append(e.b, ',')
	}
	*first = false
	e.b = append(e.b, '"')
	e.b = append(e.b, name...)
	e.b = append(e.b, '"', ':')
}

// stringField, intField, boolField and stringsField write an omitempty
// field: nothing for the zero value.
func (e *encoder) stringField(first *bool, name, v string) {
	if v != "" {
		e.key(first, name)
		e.string(v)
	}
}

func (e *encoder) intField(first *bool, name string, v int64) {
	if v != 0 {
		e.key(first, name)
		e.b = strconv.AppendInt(e.b, v, 10)
	}
}

func (e *encoder) boolField(first *bool, name string, v bool) {
	if v {
		e.key(first, name)
		e.b = append(e.b, "true"...)
	}
}

func (e *encoder) stringsField(first *bool, name string, v []string) {
	if len(v) == 0 {
		return
	}
	e.key(first, name)
	e.b = append(e.b, '[')
	for i, s := range v {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.string(s)
	}
	e.b = append(e.b, ']')
}

// string writes s as a JSON string as encoding/json does with HTML
// escaping off: invalid UTF-8 becomes U+FFFD, and U+2028 and U+2029 are
// escaped, for JavaScript's sake.
func (e *encoder) string(s string) {
	const hex = "0123456789abcdef"
	e.b = append(e.b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			e.b = append(e.b, s[start:i]...)
			switch c {
			case '"', '\\':
				e.b = append(e.b, '\\', c)
			case '\b':
				e.b = append(e.b, '\\', 'b')
			case '\f':
				e.b = append(e.b, '\\', 'f')
			case '\n':
				e.b = append(e.b, '\\', 'n')
			case '\r':
				e.b = append(e.b, '\\', 'r')
			case '\t':
				e.b = append(e.b, '\\', 't')
			default:
				e.b = append(e.b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			e.b = append(e.b, s[start:i]...)
			e.b = append(e.b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			e.b = append(e.b, s[start:i]...)
			e.b = append(e.b, '\\', 'u', '2', '0', '2', hex[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	e.b = append(e.b, s[start:]...)
	e.b = append(e.b, '"')
}
