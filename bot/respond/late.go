package respond

import (
	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/bot/webhook"
)

// Deliver sends a.Reply after the deferral Defer sent for it.
func (ans *discordAnswer) Deliver(a Answer) error {
	i, log, s := ans.i, ans.log, ans.d.Session
	r := secure(i, a.Linked, a.Reply)
	placeholder := !clickedEphemeral(i) // deferred as a private "thinking…" message
	if r == nil || r.Data == nil {
		if placeholder {
			// Nothing to say: don't leave "thinking…" up for ever.
			if err := s.InteractionResponseDelete(i); err != nil {
				log.Warn("could not remove a deferral", "err", err)
				return err
			}
		}
		return nil
	}
	d := r.Data
	switch {
	case !placeholder && r.Type == discordgo.InteractionResponseUpdateMessage,
		placeholder && d.Flags&discordgo.MessageFlagsEphemeral != 0:
		// The deferred message is the clicker's own ephemeral one, or the
		// private placeholder: the reply replaces it.
		return ans.editOriginal(d)
	case placeholder && r.Type == discordgo.InteractionResponseUpdateMessage:
		// A public redraw of the clicked message (secure let it through,
		// so it is marked Public): edit that message, and take the private
		// placeholder away.
		embeds, comps := ui.OrEmpty(d.Embeds, d.Components)
		if err := ans.d.Budget(); err != nil {
			return err
		}
		_, err := s.ChannelMessageEditComplex(&discordgo.MessageEdit{
			ID: i.Message.ID, Channel: i.ChannelID, Content: &d.Content, Embeds: &embeds, Components: &comps, Files: d.Files,
		})
		if err != nil {
			log.Warn("could not deliver a late update", "err", err)
		}
		if err := s.InteractionResponseDelete(i); err != nil {
			log.Warn("could not remove a deferral", "err", err)
		}
		return err
	default:
		if placeholder {
			// A public message after a private placeholder: the first
			// follow-up would only replace the placeholder, so settle it
			// first; the next follow-up is a message of its own.
			done := "Done: see the channel."
			if err := webhook.Edit(s, i, "", &discordgo.WebhookEdit{Content: &done}); err != nil {
				log.Warn("could not settle a deferral", "err", err)
			}
		}
		_, err := s.FollowupMessageCreate(i, true, &discordgo.WebhookParams{
			Content: d.Content, Embeds: d.Embeds, Components: d.Components, Flags: d.Flags, Files: d.Files,
		})
		if err != nil {
			log.Warn("could not deliver a late reply", "err", err)
		}
		return err
	}
}

// editOriginal replaces the interaction's original message with d,
// through the interaction's token under the token's own bucket
// (webhook.Edit), which the table's edits of a hand share.
func (ans *discordAnswer) editOriginal(d *discordgo.InteractionResponseData) error {
	embeds, comps := ui.OrEmpty(d.Embeds, d.Components)
	err := webhook.Edit(ans.d.Session, ans.i, "", &discordgo.WebhookEdit{Content: &d.Content, Embeds: &embeds, Components: &comps, Files: d.Files})
	if err != nil {
		ans.log.Warn("could not deliver a late reply", "err", err)
	}
	return err
}
