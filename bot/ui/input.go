package ui

import (
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
)

// An Input is one decoded interaction: who clicked or typed what, where, and
// when Discord stamped it. Handlers see only this, never the raw payload.
type Input struct {
	// interaction is the raw payload. Table code reaches it only through
	// LinkPrivately, so the router knows which answers must stay private.
	interaction *discordgo.Interaction
	// linked is set once table code keeps the interaction to edit its
	// answer later: the router then never makes that answer public.
	// It is atomic because a handler that outlives its deadline may still
	// set it on the table's goroutine while the router reads it.
	linked      atomic.Bool
	answer      answerHooks // told whether Discord took the answer (see OnAnswered)
	GuildID     string
	ChannelID   string
	UserID      string
	UserName    string // display name for tables and logs
	Permissions int64  // the member's permissions in this channel
	// AppPermissions are the bot's own permissions in this channel, as
	// Discord says with every interaction (0 if it did not say).
	AppPermissions int64
	At             time.Time   // Discord's snowflake time of the interaction: game time
	Command        string      // slash command name ("laro"), for commands
	Subcommand     string      // "new", "balance", ...
	Options        OptionsView // the subcommand's options
	Component      ComponentID // a click's custom_id, read through the route of its verb
	Values         []string    // chosen values of a select menu
	// Focused names the option being typed into, for an autocomplete
	// interaction ("" for every other kind).
	Focused string
	// Locale is the language of the clicker's Discord client, and
	// GuildLocale the server's preferred one, as Discord sends them.
	Locale, GuildLocale discordgo.Locale
	// ServerLang is the language of the server's public messages: the
	// /cardbot settings choice, else GuildLocale (see table.Env.HeardGuild).
	ServerLang lang.Lang
}

// Lang is the language of the clicker: every private answer (a hand, an
// error, help) is written in it.
func (in *Input) Lang() lang.Lang { return lang.Of(in.Locale) }

// OptionsView looks up slash command options by name.
type OptionsView map[string]*discordgo.ApplicationCommandInteractionDataOption

// Int returns the integer option name, or def when it was left out.
func (o OptionsView) Int(name string, def int64) int64 {
	if opt, ok := o[name]; ok && opt.Type == discordgo.ApplicationCommandOptionInteger {
		if f, ok := opt.Value.(float64); ok {
			return int64(f)
		}
	}
	return def
}

// User returns the ID of the user option name, or "" when it was left out.
func (o OptionsView) User(name string) string {
	if opt, ok := o[name]; ok && opt.Type == discordgo.ApplicationCommandOptionUser {
		if s, ok := opt.Value.(string); ok {
			return s
		}
	}
	return ""
}

// UserOf reads the acting user from a guild member or, in a DM, the
// user field: Member is nil outside servers.
func UserOf(i *discordgo.Interaction) *discordgo.User {
	if i.Member != nil && i.Member.User != nil {
		return i.Member.User
	}
	return i.User
}

// OnEphemeral reports whether the click came from a message only the
// clicker sees (their hand, their answer to a LARO! call).
func (in *Input) OnEphemeral() bool {
	if in.interaction == nil {
		return false
	}
	m := in.interaction.Message
	return m != nil && m.Flags&discordgo.MessageFlagsEphemeral != 0
}

// LinkPrivately returns the interaction so that table code can edit its
// answer later (a hand message, the outcome of a LARO! call), and marks it:
// the router then delivers this interaction's answer only to a message
// ephemeral for the clicker (see package bot). It is the only way table
// code gets hold of an interaction.
func (in *Input) LinkPrivately() *discordgo.Interaction {
	in.linked.Store(true)
	return in.interaction
}

// NewInput starts the Input of interaction i: the transport fills in the
// rest as it decodes the interaction.
func NewInput(i *discordgo.Interaction) *Input { return &Input{interaction: i} }

// Linked reports whether table code kept the interaction to edit its
// answer later (LinkPrivately): such an answer must never be public.
func (in *Input) Linked() bool { return in.linked.Load() }

// FollowupTo returns the interaction so that table code can send its user
// ephemeral follow-up messages later (their hand when the game they joined
// starts), within the token's 15 minutes. Unlike LinkPrivately it leaves
// the answer to the interaction itself as it is: a follow-up is a message
// of its own, and one sent with the ephemeral flag is seen only by the
// interaction's user.
func (in *Input) FollowupTo() *discordgo.Interaction { return in.interaction }
