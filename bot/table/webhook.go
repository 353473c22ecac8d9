package table

import (
	"github.com/bwmarrin/discordgo"
)

// EditOriginal edits the message that answered interaction i (its
// "original"), through i's token, and returns the edited message.
//
// discordgo's own InteractionResponseEdit files every webhook edit of the
// whole process under one rate-limit bucket and holds it for the round
// trip, so each player's hand update would wait for every other's. Discord
// limits webhook calls per webhook id and token, so this files the edit
// under the interaction's own token: no edit ever waits for an unrelated one.
// An edit with files goes as multipart/form-data, as Discord takes uploads.
func EditOriginal(s *discordgo.Session, i *discordgo.Interaction, edit *discordgo.WebhookEdit) error {
	uri := discordgo.EndpointWebhookMessage(i.AppID, i.Token, "@original")
	bucket := discordgo.EndpointWebhookToken(i.AppID, i.Token)
	if len(edit.Files) > 0 {
		contentType, body, err := discordgo.MultipartBodyWithJSON(edit, edit.Files)
		if err != nil {
			return err
		}
		_, err = s.RequestRaw("PATCH", uri, contentType, body, bucket, 0)
		return err
	}
	_, err := s.RequestWithBucketID("PATCH", uri, edit, bucket)
	return err
}
