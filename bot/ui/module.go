package ui

import (
	"context"

	"github.com/bwmarrin/discordgo"
)

// A Module is one top-level slash command of cardbot and what answers it:
// a game's commands, or the chips commands. The transport registers every
// module's command at start and sends each use of it here.
type Module interface {
	// Command is the slash command's definition, with its subcommands.
	Command() *discordgo.ApplicationCommand
	// HandleCommand answers one use of the command; in.Subcommand says
	// which subcommand.
	HandleCommand(ctx context.Context, in *Input) *Reply
}
