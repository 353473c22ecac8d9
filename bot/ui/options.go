package ui

import "github.com/bwmarrin/discordgo"

// ManageGuild is the Manage Server permission bit.
const ManageGuild int64 = discordgo.PermissionManageGuild

// The builders below leave descriptions out: Localized fills every
// description, and the German names, from the message catalogue by the
// option's path in its command (see localize.go).

// IntOption is an integer option limited to lo..hi, which Discord's
// client enforces (handlers check again: a forged request skips it).
func IntOption(name string, lo, hi int) *discordgo.ApplicationCommandOption {
	low := float64(lo)
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionInteger, Name: name, MinValue: &low, MaxValue: float64(hi),
	}
}

// Subcommand is one subcommand with its options.
func Subcommand(name string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Options: opts}
}

// UserOption is an option naming a member of the server.
func UserOption(name string, required bool) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{Type: discordgo.ApplicationCommandOptionUser, Name: name, Required: required}
}

// GuildCommand is a top-level slash command that works in servers only.
func GuildCommand(name string, subs ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommand {
	guildOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	return &discordgo.ApplicationCommand{Name: name, Contexts: &guildOnly, Options: subs}
}
