package golden

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
)

// Unlabelled returns the custom_id of every button of a rendering that
// has no text label, only an emoji or nothing: a screen reader reads an
// emoji's name at best, and a player may not know what a symbol means.
func Unlabelled(r ui.Rendering) []string {
	var ids []string
	for _, c := range r.Components {
		row, ok := c.(discordgo.ActionsRow)
		if !ok {
			continue
		}
		for _, in := range row.Components {
			if b, ok := in.(discordgo.Button); ok && strings.TrimSpace(b.Label) == "" {
				ids = append(ids, b.CustomID)
			}
		}
	}
	return ids
}

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
