package bot

import (
	"log/slog"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
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

// sendQuietly sends r quietly, calling bind once Discord has taken the
// callback. If the follow-up fails after that, the player has seen
// nothing: the error is returned, as for a failed reply.
func (b *Bot) sendQuietly(log *slog.Logger, i *discordgo.Interaction, r *ui.Reply, bind func()) error {
	if err := b.respond(i, &discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}); err != nil {
		log.Warn("could not answer interaction", "err", err)
		return err
	}
	// Bound from here on, whatever becomes of the follow-up: the table
	// message is the token's original.
	bind()
	d := r.Data
	err := table.SendFollowup(b.session, i, &discordgo.WebhookParams{
		Content: d.Content, Embeds: d.Embeds, Components: d.Components, Flags: d.Flags, Files: d.Files,
		AllowedMentions: d.AllowedMentions,
	})
	if err != nil {
		log.Warn("could not send a private answer as a follow-up", "err", err)
	}
	return err
}
