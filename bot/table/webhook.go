package table

import (
	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/webhook"
)

// Answering an interaction through its token. The calls themselves, each
// token under a rate-limit bucket of its own, are package webhook's.

// Respond answers interaction i with resp: the interaction callback, which
// Discord takes once per interaction.
func Respond(s *discordgo.Session, i *discordgo.Interaction, resp *discordgo.InteractionResponse) error {
	uri := discordgo.EndpointInteractionResponse(i.ID, i.Token)
	var files []*discordgo.File
	if resp.Data != nil {
		files = resp.Data.Files
	}
	// One call per interaction: a bucket used once and then dropped.
	_, err := webhook.Request(s, discordgo.NewRatelimiter(), "POST", uri, resp, files, uri)
	return err
}

// EditOriginal edits the message that answered interaction i (its
// "original"), through i's token, under the token's own bucket, so no edit
// ever waits for an unrelated one. An edit with files goes as
// multipart/form-data, as Discord takes uploads.
func EditOriginal(s *discordgo.Session, i *discordgo.Interaction, edit *discordgo.WebhookEdit) error {
	return webhook.Edit(s, i, "", edit)
}

// tokenOnly keeps of interaction i only what an edit through its token
// needs, so a table holding a player's hand for 15 minutes does not also hold
// the whole decoded click (member, message, components): about 3 kB a hand.
func tokenOnly(i *discordgo.Interaction) *discordgo.Interaction {
	return &discordgo.Interaction{ID: i.ID, AppID: i.AppID, Token: i.Token}
}
