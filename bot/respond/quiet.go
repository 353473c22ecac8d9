package respond

import (
	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/bot/webhook"
)

// A private answer to a click on a table message may be sent "quietly"
// (ui.Reply.Bind): the click is acknowledged with DEFERRED_UPDATE_MESSAGE
// (6), which changes nothing anyone sees but makes the table message the
// original of the click's token, and the answer follows as an ephemeral
// follow-up on that token, the same message the player would have got as
// an ephemeral reply (4). The table can then edit its message through the
// token, outside Discord's global limit. The price is one more round trip
// before the player sees the answer; the table asks for it only when its
// token is old (see table.Outbox.WantsToken).

// answersQuietly reports whether r, already made safe by secure, may be
// sent quietly in answer to i: a new ephemeral message in answer to a
// click on a public message.
func answersQuietly(i *discordgo.Interaction, linked bool, r *ui.Reply) bool {
	return !linked && i.Type == discordgo.InteractionMessageComponent && i.Message != nil && !clickedEphemeral(i) &&
		r.Type == discordgo.InteractionResponseChannelMessageWithSource && r.Data != nil &&
		r.Data.Flags&discordgo.MessageFlagsEphemeral != 0
}

// quietly sends r quietly, calling bind once Discord has taken the
// callback. If the follow-up fails after that, the player has seen
// nothing: the error is returned, as for a failed reply.
func (ans *discordAnswer) quietly(r *ui.Reply, bind func()) error {
	log := ans.log
	if err := ans.callback(&discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
		log.Warn("could not answer interaction", "err", err)
		return err
	}
	// Bound from here on, whatever becomes of the follow-up: the table
	// message is the token's original.
	bind()
	d := r.Data
	err := followup(ans.d.Session, ans.i, &discordgo.WebhookParams{
		Content: d.Content, Embeds: d.Embeds, Components: d.Components, Flags: d.Flags, Files: d.Files,
		AllowedMentions: d.AllowedMentions,
	})
	if err != nil {
		log.Warn("could not send a private answer as a follow-up", "err", err)
	}
	return err
}

// followup sends p as a follow-up message of interaction i (POST
// /webhooks/{app}/{token}), under a bucket that no other token shares and
// that is forgotten once idle, as webhook.Edit does.
func followup(s *discordgo.Session, i *discordgo.Interaction, p *discordgo.WebhookParams) error {
	key := discordgo.EndpointWebhookToken(i.AppID, i.Token)
	// Without ?wait=true Discord answers 204: there is no body to read.
	_, err := webhook.Request(s, webhook.Limiter(key), "POST", key, p, p.Files, key)
	return err
}
