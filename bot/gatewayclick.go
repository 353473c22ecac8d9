package bot

import (
	"strconv"

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
// so the connection decodes it itself, in the one pass over the frame that
// finds the event's type (parkClickInto), into the same discordgo values
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

// decodeClickAt decodes the interaction whose JSON object starts at p[at]
// if it is a component click, or returns nil if it is another interaction
// or holds a value the fast decoding does not take; and the index just past
// the object, or -1 if p holds none there.
func decodeClickAt(p []byte, at int) (*discordgo.InteractionCreate, int) {
	r := clickReader{p: p}
	i := &discordgo.Interaction{}
	var data *discordgo.MessageComponentInteractionData
	end := r.object(at, func(k []byte, at int) int {
		switch string(k) { // the objects, each read in one pass
		case "data":
			data, at = r.componentData(at)
			return at
		case "message":
			i.Message, at = r.message(at)
			return at
		case "member":
			i.Member, at = r.member(at)
			return at
		case "user":
			i.User, at = r.user(at)
			return at
		case "authorizing_integration_owners":
			i.AuthorizingIntegrationOwners, at = r.owners(at)
			return at
		}
		v := r.scalar(at)
		switch string(k) {
		case "id":
			i.ID = r.str(v)
		case "application_id":
			i.AppID = r.str(v)
		case "type":
			i.Type = discordgo.InteractionType(r.uint(v, 8))
		case "guild_id":
			i.GuildID = r.str(v)
		case "channel_id":
			i.ChannelID = r.str(v)
		case "app_permissions":
			i.AppPermissions = r.quotedInt(v)
		case "locale":
			i.Locale = discordgo.Locale(r.str(v))
		case "guild_locale":
			if !r.null(v) {
				l := discordgo.Locale(r.str(v))
				i.GuildLocale = &l
			}
		case "context":
			i.Context = discordgo.InteractionContextType(r.uint(v, 64))
		case "token":
			i.Token = r.str(v)
		case "version":
			i.Version = int(r.int(v))
		case "entitlements":
			r.decodeJSON(v, &i.Entitlements) // [] or null on a click
		}
		return v.to
	})
	if r.bad || i.Type != discordgo.InteractionMessageComponent {
		return nil, end
	}
	if data != nil {
		i.Data = *data
	}
	return &discordgo.InteractionCreate{Interaction: i}, end
}

func (r *clickReader) owners(at int) (map[discordgo.ApplicationIntegrationType]string, int) {
	if r.nullAt(at) {
		return nil, at + len("null")
	}
	m := map[discordgo.ApplicationIntegrationType]string{}
	end := r.object(at, func(k []byte, at int) int {
		n, err := strconv.ParseUint(string(k), 10, 64)
		if err != nil {
			r.bad = true
		}
		v := r.scalar(at)
		m[discordgo.ApplicationIntegrationType(n)] = r.str(v)
		return v.to
	})
	return m, end
}

func (r *clickReader) componentData(at int) (*discordgo.MessageComponentInteractionData, int) {
	if r.nullAt(at) {
		return nil, at + len("null")
	}
	d := &discordgo.MessageComponentInteractionData{}
	end := r.object(at, func(k []byte, at int) int {
		if string(k) == "resolved" {
			return r.resolved(at, &d.Resolved)
		}
		v := r.scalar(at)
		switch string(k) {
		case "custom_id":
			d.CustomID = r.str(v)
		case "component_type":
			d.ComponentType = discordgo.ComponentType(r.uint(v, 64))
		case "values":
			d.Values = r.strings(v)
		}
		return v.to
	})
	return d, end
}

// resolved decodes a select's chosen users, members, roles and channels.
// A button's are absent or all null, and are passed over without
// encoding/json, which took a seventh of a click's decoding.
func (r *clickReader) resolved(at int, res *discordgo.MessageComponentInteractionDataResolved) int {
	return r.object(at, func(k []byte, at int) int {
		v := r.scalar(at)
		switch string(k) {
		case "users":
			r.decodeJSON(v, &res.Users)
		case "members":
			r.decodeJSON(v, &res.Members)
		case "roles":
			r.decodeJSON(v, &res.Roles)
		case "channels":
			r.decodeJSON(v, &res.Channels)
		}
		return v.to
	})
}

// message decodes what leanMessage holds of the clicked message; its
// content, embeds and components, most of the frame, are skipped once.
func (r *clickReader) message(at int) (*discordgo.Message, int) {
	if r.nullAt(at) {
		return nil, at + len("null")
	}
	m := &discordgo.Message{}
	end := r.object(at, func(k []byte, at int) int {
		switch string(k) {
		case "author":
			m.Author, at = r.user(at)
			return at
		case "interaction_metadata":
			m.InteractionMetadata, at = r.metadata(at)
			return at
		}
		v := r.scalar(at)
		switch string(k) {
		case "id":
			m.ID = r.str(v)
		case "channel_id":
			m.ChannelID = r.str(v)
		case "guild_id":
			m.GuildID = r.str(v)
		case "webhook_id":
			m.WebhookID = r.str(v)
		case "flags":
			m.Flags = discordgo.MessageFlags(r.int(v))
		}
		return v.to
	})
	return m, end
}

func (r *clickReader) metadata(at int) (*discordgo.MessageInteractionMetadata, int) {
	if r.nullAt(at) {
		return nil, at + len("null")
	}
	m := &discordgo.MessageInteractionMetadata{}
	end := r.object(at, func(k []byte, at int) int {
		switch string(k) {
		case "user":
			m.User, at = r.user(at)
			return at
		case "authorizing_integration_owners":
			m.AuthorizingIntegrationOwners, at = r.owners(at)
			return at
		case "triggering_interaction_metadata":
			m.TriggeringInteractionMetadata, at = r.metadata(at)
			return at
		}
		v := r.scalar(at)
		switch string(k) {
		case "id":
			m.ID = r.str(v)
		case "type":
			m.Type = discordgo.InteractionType(r.uint(v, 8))
		case "original_response_message_id":
			m.OriginalResponseMessageID = r.str(v)
		case "interacted_message_id":
			m.InteractedMessageID = r.str(v)
		}
		return v.to
	})
	return m, end
}

func (r *clickReader) member(at int) (*discordgo.Member, int) {
	if r.nullAt(at) {
		return nil, at + len("null")
	}
	m := &discordgo.Member{}
	end := r.object(at, func(k []byte, at int) int {
		if string(k) == "user" {
			m.User, at = r.user(at)
			return at
		}
		v := r.scalar(at)
		switch string(k) {
		case "guild_id":
			m.GuildID = r.str(v)
		case "joined_at":
			m.JoinedAt = r.time(v)
		case "nick":
			m.Nick = r.str(v)
		case "deaf":
			m.Deaf = r.bool(v)
		case "mute":
			m.Mute = r.bool(v)
		case "avatar":
			m.Avatar = r.str(v)
		case "banner":
			m.Banner = r.str(v)
		case "roles":
			m.Roles = r.strings(v)
		case "premium_since":
			m.PremiumSince = r.timePtr(v)
		case "flags":
			m.Flags = discordgo.MemberFlags(r.int(v))
		case "pending":
			m.Pending = r.bool(v)
		case "permissions":
			m.Permissions = r.quotedInt(v)
		case "communication_disabled_until":
			m.CommunicationDisabledUntil = r.timePtr(v)
		}
		return v.to
	})
	return m, end
}

func (r *clickReader) user(at int) (*discordgo.User, int) {
	if r.nullAt(at) {
		return nil, at + len("null")
	}
	u := &discordgo.User{}
	end := r.object(at, func(k []byte, at int) int {
		v := r.scalar(at)
		switch string(k) {
		case "id":
			u.ID = r.str(v)
		case "email":
			u.Email = r.str(v)
		case "username":
			u.Username = r.str(v)
		case "avatar":
			u.Avatar = r.str(v)
		case "locale":
			u.Locale = r.str(v)
		case "discriminator":
			u.Discriminator = r.str(v)
		case "global_name":
			u.GlobalName = r.str(v)
		case "token":
			u.Token = r.str(v)
		case "verified":
			u.Verified = r.bool(v)
		case "mfa_enabled":
			u.MFAEnabled = r.bool(v)
		case "banner":
			u.Banner = r.str(v)
		case "accent_color":
			u.AccentColor = int(r.int(v))
		case "bot":
			u.Bot = r.bool(v)
		case "public_flags":
			u.PublicFlags = discordgo.UserFlags(r.int(v))
		case "premium_type":
			u.PremiumType = discordgo.UserPremiumType(r.int(v))
		case "system":
			u.System = r.bool(v)
		case "flags":
			u.Flags = int(r.int(v))
		}
		return v.to
	})
	return u, end
}
