package screen

import (
	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// FirstTwo returns the values of the first two options of the select menu
// id on m, or nil.
func FirstTwo(m *discordgo.Message, id string) []string {
	var menu *discordgo.SelectMenu
	switch c := discordtest.FindComponent(m, id).(type) {
	case discordgo.SelectMenu:
		menu = &c
	case *discordgo.SelectMenu:
		menu = c
	}
	if menu == nil || len(menu.Options) < 2 {
		return nil
	}
	return []string{menu.Options[0].Value, menu.Options[1].Value}
}
