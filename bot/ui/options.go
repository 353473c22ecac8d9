package ui

import "github.com/bwmarrin/discordgo"

// ManageGuild is the Manage Server permission bit.
const ManageGuild int64 = discordgo.PermissionManageGuild

// IntOption is an integer option limited to lo..hi, which Discord's
// client enforces (handlers check again: a forged request skips it).
func IntOption(name, desc string, lo, hi int) *discordgo.ApplicationCommandOption {
	low := float64(lo)
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionInteger, Name: name, Description: desc,
		MinValue: &low, MaxValue: float64(hi),
	}
}

// Subcommand is one subcommand with its options.
func Subcommand(name, desc string, opts ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionSubCommand, Name: name, Description: desc, Options: opts,
	}
}

// UserOption is an option naming a member of the server.
func UserOption(name, desc string, required bool) *discordgo.ApplicationCommandOption {
	return &discordgo.ApplicationCommandOption{
		Type: discordgo.ApplicationCommandOptionUser, Name: name, Description: desc, Required: required,
	}
}

// GuildCommand is a top-level slash command that works in servers only.
func GuildCommand(name, desc string, subs ...*discordgo.ApplicationCommandOption) *discordgo.ApplicationCommand {
	guildOnly := []discordgo.InteractionContextType{discordgo.InteractionContextGuild}
	return &discordgo.ApplicationCommand{Name: name, Description: desc, Contexts: &guildOnly, Options: subs}
}
