package help

import (
	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
)

// Commands answers /cardbot help, privately, in l (the asker's language):
// every command, one short line each, grouped as a newcomer looks for them
// (play, learn, look back). Anyone may ask.
func Commands(l lang.Lang) *ui.Reply {
	return ui.EphemeralMessage("", []*discordgo.MessageEmbed{CommandList(l)}, nil)
}

// CommandList is the embed /cardbot help shows, in l.
func CommandList(l lang.Lang) *discordgo.MessageEmbed {
	return &discordgo.MessageEmbed{Title: l.T("help.commands.title"), Description: l.T("help.commands.list"), Color: 0x5865f2}
}
