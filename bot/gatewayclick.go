package bot

import (
	"encoding/json"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Decoding a click where its frame is read.
//
// Trimmed (gatewaytrim.go), a click's frame still cost 40 µs of CPU and
// 12 kB of garbage between the socket and the handler at 1,000 tables:
// gorilla reads it into a growing buffer, discordgo scans it whole with a
// json.Decoder for its envelope and copies the event's data out, and
// encoding/json scans that data twice more (once to check it, once to
// decode it by reflection). A click is the one event that comes hundreds
// of times a second, and its JSON is flat and always of the same shape,
// so the connection decodes it itself, in one pass over the bytes it has
// already scanned to find the event's type, into the same discordgo values
// decodeClick gives. discordgo then gets a frame whose data is a ticket to
// that decoded click (gatewaypark.go).
//
// What the decoding differs from encoding/json in, on purpose: keys are
// matched as Discord writes them (encoding/json also takes "ID" for "id"),
// and a value it cannot take as the field's type makes it give up on the
// whole click, which then goes the slow way, trimmed, so that discordgo
// and decodeClick decode it and say what was wrong. Fields the bot does not
// read (the guild, the channel, ...) are skipped, as decodeClick skips
// them. TestFastClickDecodingMatchesDecodeClick holds it to decodeClick.

// decodeClickAt decodes the interaction whose JSON object is d.of(p) if it
// is a component click, or returns nil if it is another interaction or
// holds a value the fast decoding does not take.
func decodeClickAt(p []byte, d span) *discordgo.InteractionCreate {
	r := clickReader{p: p}
	i := &discordgo.Interaction{}
	var data *discordgo.MessageComponentInteractionData
	r.object(d, func(k []byte, v span) {
		switch string(k) {
		case "id":
			i.ID = r.str(v)
		case "application_id":
			i.AppID = r.str(v)
		case "type":
			i.Type = discordgo.InteractionType(r.uint(v, 8))
		case "data":
			data = r.componentData(v)
		case "guild_id":
			i.GuildID = r.str(v)
		case "channel_id":
			i.ChannelID = r.str(v)
		case "message":
			i.Message = r.message(v)
		case "app_permissions":
			i.AppPermissions = r.quotedInt(v)
		case "member":
			i.Member = r.member(v)
		case "user":
			i.User = r.user(v)
		case "locale":
			i.Locale = discordgo.Locale(r.str(v))
		case "guild_locale":
			if !r.null(v) {
				l := discordgo.Locale(r.str(v))
				i.GuildLocale = &l
			}
		case "context":
			i.Context = discordgo.InteractionContextType(r.uint(v, 64))
		case "authorizing_integration_owners":
			i.AuthorizingIntegrationOwners = r.owners(v)
		case "token":
			i.Token = r.str(v)
		case "version":
			i.Version = int(r.int(v))
		case "entitlements":
			r.decodeJSON(v, &i.Entitlements) // [] or null on a click
		}
	})
	if r.bad || i.Type != discordgo.InteractionMessageComponent {
		return nil
	}
	if data != nil {
		i.Data = *data
	}
	return &discordgo.InteractionCreate{Interaction: i}
}

// clickReader decodes the JSON values of one payload into discordgo's
// types as encoding/json does, and notes whether any could not be.
type clickReader struct {
	p   []byte
	bad bool
}

// object calls fn with each field of the object v, or notes that v is not one.
func (r *clickReader) object(v span, fn func(key []byte, v span)) {
	if r.null(v) {
		return
	}
	if eachField(r.p, v.from, fn) != v.to {
		r.bad = true
	}
}

func (r *clickReader) null(v span) bool { return string(v.of(r.p)) == "null" }

// str decodes a string, or null as "".
func (r *clickReader) str(v span) string {
	b := v.of(r.p)
	if r.null(v) {
		return ""
	}
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		r.bad = true
		return ""
	}
	if in := b[1 : len(b)-1]; plainString(in) {
		return string(in)
	}
	var s string // escapes, or bytes encoding/json would replace
	r.decodeJSON(v, &s)
	return s
}

// plainString reports whether a JSON string's bytes between its quotes are
// the string itself: no escapes, no control characters, valid UTF-8.
func plainString(b []byte) bool {
	for _, c := range b {
		if c == '\\' || c < 0x20 {
			return false
		}
	}
	return utf8.Valid(b)
}

func (r *clickReader) int(v span) int64 {
	if r.null(v) {
		return 0
	}
	n, err := strconv.ParseInt(string(v.of(r.p)), 10, 64)
	if err != nil {
		r.bad = true
	}
	return n
}

func (r *clickReader) uint(v span, bits int) uint64 {
	if r.null(v) {
		return 0
	}
	n, err := strconv.ParseUint(string(v.of(r.p)), 10, bits)
	if err != nil {
		r.bad = true
	}
	return n
}

// quotedInt decodes an int64 written as a string (`json:",string"`).
func (r *clickReader) quotedInt(v span) int64 {
	b := v.of(r.p)
	if r.null(v) {
		return 0
	}
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		r.bad = true
		return 0
	}
	n, err := strconv.ParseInt(string(b[1:len(b)-1]), 10, 64)
	if err != nil {
		r.bad = true
	}
	return n
}

func (r *clickReader) bool(v span) bool {
	switch string(v.of(r.p)) {
	case "true":
		return true
	case "false", "null":
		return false
	}
	r.bad = true
	return false
}

func (r *clickReader) time(v span) (t time.Time) {
	if t.UnmarshalJSON(v.of(r.p)) != nil { // null leaves it zero
		r.bad = true
	}
	return t
}

func (r *clickReader) timePtr(v span) *time.Time {
	if r.null(v) {
		return nil
	}
	t := r.time(v)
	return &t
}

// strings decodes a list of strings: null as nil, [] as an empty list.
func (r *clickReader) strings(v span) []string {
	if r.null(v) {
		return nil
	}
	out := []string{}
	if eachElement(r.p, v.from, func(e span) { out = append(out, r.str(e)) }) != v.to {
		r.bad = true
	}
	return out
}

// decodeJSON decodes v into dst by encoding/json, for the fields a click
// carries empty or not at all.
func (r *clickReader) decodeJSON(v span, dst any) {
	if !r.null(v) && json.Unmarshal(v.of(r.p), dst) != nil {
		r.bad = true
	}
}

func (r *clickReader) owners(v span) map[discordgo.ApplicationIntegrationType]string {
	if r.null(v) {
		return nil
	}
	m := map[discordgo.ApplicationIntegrationType]string{}
	r.object(v, func(k []byte, f span) {
		n, err := strconv.ParseUint(string(k), 10, 64)
		if err != nil {
			r.bad = true
		}
		m[discordgo.ApplicationIntegrationType(n)] = r.str(f)
	})
	return m
}

func (r *clickReader) componentData(v span) *discordgo.MessageComponentInteractionData {
	if r.null(v) {
		return nil
	}
	d := &discordgo.MessageComponentInteractionData{}
	r.object(v, func(k []byte, f span) {
		switch string(k) {
		case "custom_id":
			d.CustomID = r.str(f)
		case "component_type":
			d.ComponentType = discordgo.ComponentType(r.uint(f, 64))
		case "resolved":
			r.decodeJSON(f, &d.Resolved) // a select's choices; a button's are all null
		case "values":
			d.Values = r.strings(f)
		}
	})
	return d
}

// message decodes what leanMessage holds of the clicked message.
func (r *clickReader) message(v span) *discordgo.Message {
	if r.null(v) {
		return nil
	}
	m := &discordgo.Message{}
	r.object(v, func(k []byte, f span) {
		switch string(k) {
		case "id":
			m.ID = r.str(f)
		case "channel_id":
			m.ChannelID = r.str(f)
		case "guild_id":
			m.GuildID = r.str(f)
		case "author":
			m.Author = r.user(f)
		case "webhook_id":
			m.WebhookID = r.str(f)
		case "flags":
			m.Flags = discordgo.MessageFlags(r.int(f))
		case "interaction_metadata":
			m.InteractionMetadata = r.metadata(f)
		}
	})
	return m
}

func (r *clickReader) metadata(v span) *discordgo.MessageInteractionMetadata {
	if r.null(v) {
		return nil
	}
	m := &discordgo.MessageInteractionMetadata{}
	r.object(v, func(k []byte, f span) {
		switch string(k) {
		case "id":
			m.ID = r.str(f)
		case "type":
			m.Type = discordgo.InteractionType(r.uint(f, 8))
		case "user":
			m.User = r.user(f)
		case "authorizing_integration_owners":
			m.AuthorizingIntegrationOwners = r.owners(f)
		case "original_response_message_id":
			m.OriginalResponseMessageID = r.str(f)
		case "interacted_message_id":
			m.InteractedMessageID = r.str(f)
		case "triggering_interaction_metadata":
			m.TriggeringInteractionMetadata = r.metadata(f)
		}
	})
	return m
}

func (r *clickReader) member(v span) *discordgo.Member {
	if r.null(v) {
		return nil
	}
	m := &discordgo.Member{}
	r.object(v, func(k []byte, f span) {
		switch string(k) {
		case "guild_id":
			m.GuildID = r.str(f)
		case "joined_at":
			m.JoinedAt = r.time(f)
		case "nick":
			m.Nick = r.str(f)
		case "deaf":
			m.Deaf = r.bool(f)
		case "mute":
			m.Mute = r.bool(f)
		case "avatar":
			m.Avatar = r.str(f)
		case "banner":
			m.Banner = r.str(f)
		case "user":
			m.User = r.user(f)
		case "roles":
			m.Roles = r.strings(f)
		case "premium_since":
			m.PremiumSince = r.timePtr(f)
		case "flags":
			m.Flags = discordgo.MemberFlags(r.int(f))
		case "pending":
			m.Pending = r.bool(f)
		case "permissions":
			m.Permissions = r.quotedInt(f)
		case "communication_disabled_until":
			m.CommunicationDisabledUntil = r.timePtr(f)
		}
	})
	return m
}

func (r *clickReader) user(v span) *discordgo.User {
	if r.null(v) {
		return nil
	}
	u := &discordgo.User{}
	r.object(v, func(k []byte, f span) {
		switch string(k) {
		case "id":
			u.ID = r.str(f)
		case "email":
			u.Email = r.str(f)
		case "username":
			u.Username = r.str(f)
		case "avatar":
			u.Avatar = r.str(f)
		case "locale":
			u.Locale = r.str(f)
		case "discriminator":
			u.Discriminator = r.str(f)
		case "global_name":
			u.GlobalName = r.str(f)
		case "token":
			u.Token = r.str(f)
		case "verified":
			u.Verified = r.bool(f)
		case "mfa_enabled":
			u.MFAEnabled = r.bool(f)
		case "banner":
			u.Banner = r.str(f)
		case "accent_color":
			u.AccentColor = int(r.int(f))
		case "bot":
			u.Bot = r.bool(f)
		case "public_flags":
			u.PublicFlags = discordgo.UserFlags(r.int(f))
		case "premium_type":
			u.PremiumType = discordgo.UserPremiumType(r.int(f))
		case "system":
			u.System = r.bool(f)
		case "flags":
			u.Flags = int(r.int(f))
		}
	})
	return u
}
