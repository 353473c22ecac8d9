package golden

import (
	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
)

// CustomIDs returns the custom_id of every button and select menu of a
// rendering, in display order, and the options of its select menus.
func CustomIDs(r ui.Rendering) (ids []string, options []discordgo.SelectMenuOption) {
	for _, c := range r.Components {
		row, ok := c.(discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, in := range row.Components {
			switch x := in.(type) {
			case discordgo.Button:
				ids = append(ids, x.CustomID)
			case discordgo.SelectMenu:
				ids = append(ids, x.CustomID)
				options = append(options, x.Options...)
			}
		}
	}
	return ids, options
}
