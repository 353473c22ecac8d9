package table

import (
	"github.com/bwmarrin/discordgo"
)

// tokenOnly keeps of interaction i only what an edit through its token
// needs, so a table holding a player's hand for 15 minutes does not also hold
// the whole decoded click (member, message, components): about 3 kB a hand.
func tokenOnly(i *discordgo.Interaction) *discordgo.Interaction {
	return &discordgo.Interaction{ID: i.ID, AppID: i.AppID, Token: i.Token}
}
