package bot

import (
	"log/slog"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
)

// Private content reaches only messages that are ephemeral for the person
// who clicked. Every answer the bot gives to an interaction, on time or
// late, passes through send and deliverLate below, which enforce it for
// every handler, present and future:
//
//   - A reply is private unless it was built Public (a lobby redrawn, a
//     leaderboard). A private reply to a click on a public message becomes
//     a new ephemeral message; it never updates the public message.
//   - An interaction that table code kept to edit later (Input.LinkPrivately:
//     a hand message, a LARO! caller's answer) is never answered publicly,
//     so every later edit through its token lands on an ephemeral message.
//   - A slow click on a public message is deferred as a private "thinking…"
//     message; only a click on the clicker's own ephemeral message may be
//     deferred as an update of that message.
//
// Discord makes the first answer to an interaction its "original" message,
// which its token edits for 15 minutes: these rules make that message
// ephemeral for its user whenever anything private may be written to it.

// secure returns what may be sent in answer to interaction i: r itself, or
// a private copy of it. linked reports whether table code kept i.
func secure(i *discordgo.Interaction, linked bool, r *ui.Reply) *ui.Reply {
	if r == nil || r.Data == nil || (r.Public && !linked) {
		return r
	}
	data := *r.Data
	out := &ui.Reply{InteractionResponse: discordgo.InteractionResponse{Type: r.Type, Data: &data}}
	if r.Type == discordgo.InteractionResponseUpdateMessage && clickedEphemeral(i) {
		return out // the clicker's own ephemeral message
	}
	if r.Type == discordgo.InteractionResponseUpdateMessage {
		out.Type = discordgo.InteractionResponseChannelMessageWithSource
	}
	data.Flags |= discordgo.MessageFlagsEphemeral
	return out
}

// clickedEphemeral reports whether i is a click on a message only its
// user sees.
func clickedEphemeral(i *discordgo.Interaction) bool {
	return i.Type == discordgo.InteractionMessageComponent && i.Message != nil &&
		i.Message.Flags&discordgo.MessageFlagsEphemeral != 0
}

// deferral is the "thinking…" answer to a slow interaction: an update of
// the clicker's own ephemeral message, or else a new private message. A
// deferred update of a public message would make that public message the
// interaction's original, which later edits would write into.
func deferral(i *discordgo.Interaction) *ui.Reply {
	if clickedEphemeral(i) {
		return &ui.Reply{InteractionResponse: discordgo.InteractionResponse{Type: discordgo.InteractionResponseDeferredMessageUpdate}}
	}
	return &ui.Reply{InteractionResponse: discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral},
	}}
}

// send answers interaction i with r, made safe by secure, and returns
// Discord's refusal, if any.
func (b *Bot) send(log *slog.Logger, i *discordgo.Interaction, linked bool, r *ui.Reply) error {
	if i.Type == discordgo.InteractionApplicationCommandAutocomplete && r != nil &&
		r.Type != discordgo.InteractionApplicationCommandAutocompleteResult {
		// An autocomplete takes only choices: a refusal (restarting, a
		// panic) becomes an empty list rather than an answer Discord rejects.
		r = ui.Choices(nil)
	}
	var bind func()
	if r != nil {
		bind = r.Bind
	}
	r = secure(i, linked, r)
	if r == nil {
		return nil
	}
	if bind != nil && answersQuietly(i, linked, r) {
		return b.sendQuietly(log, i, r, bind) // see quiet.go
	}
	err := b.respond(i, &r.InteractionResponse)
	if err != nil {
		log.Warn("could not answer interaction", "err", err)
	}
	return err
}

// deliverLate sends a reply after the deferral the router sent for it,
// and returns Discord's refusal of the reply, if any.
func (b *Bot) deliverLate(log *slog.Logger, i *discordgo.Interaction, linked bool, r *ui.Reply) error {
	r = secure(i, linked, r)
	placeholder := !clickedEphemeral(i) // deferred as a private "thinking…" message
	if r == nil || r.Data == nil {
		if placeholder {
			// Nothing to say: don't leave "thinking…" up for ever.
			if err := b.session.InteractionResponseDelete(i); err != nil {
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
		return b.editOriginal(log, i, d)
	case placeholder && r.Type == discordgo.InteractionResponseUpdateMessage:
		// A public redraw of the clicked message (secure let it through,
		// so it is marked Public): edit that message, and take the private
		// placeholder away.
		embeds, comps := ui.OrEmpty(d.Embeds, d.Components)
		if err := b.env.Pace.Wait(b.env.Context()); err != nil {
			return err
		}
		_, err := b.session.ChannelMessageEditComplex(&discordgo.MessageEdit{
			ID: i.Message.ID, Channel: i.ChannelID, Content: &d.Content, Embeds: &embeds, Components: &comps, Files: d.Files,
		})
		if err != nil {
			log.Warn("could not deliver a late update", "err", err)
		}
		if err := b.session.InteractionResponseDelete(i); err != nil {
			log.Warn("could not remove a deferral", "err", err)
		}
		return err
	default:
		if placeholder {
			// A public message after a private placeholder: the first
			// follow-up would only replace the placeholder, so settle it
			// first; the next follow-up is a message of its own.
			done := "Done: see the channel."
			if err := table.EditOriginal(b.session, i, &discordgo.WebhookEdit{Content: &done}); err != nil {
				log.Warn("could not settle a deferral", "err", err)
			}
		}
		_, err := b.session.FollowupMessageCreate(i, true, &discordgo.WebhookParams{
			Content: d.Content, Embeds: d.Embeds, Components: d.Components, Flags: d.Flags, Files: d.Files,
		})
		if err != nil {
			log.Warn("could not deliver a late reply", "err", err)
		}
		return err
	}
}

// editOriginal replaces the interaction's original message with d.
func (b *Bot) editOriginal(log *slog.Logger, i *discordgo.Interaction, d *discordgo.InteractionResponseData) error {
	embeds, comps := ui.OrEmpty(d.Embeds, d.Components)
	err := table.EditOriginal(b.session, i, &discordgo.WebhookEdit{Content: &d.Content, Embeds: &embeds, Components: &comps, Files: d.Files})
	if err != nil {
		log.Warn("could not deliver a late reply", "err", err)
	}
	return err
}
