package respond

import (
	"log/slog"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/metrics"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/bot/webhook"
)

// An Answer is what the router hands the responder to send.
type Answer struct {
	// Reply is the handler's answer; nil or without data says nothing
	// (a late one then takes the "thinking…" placeholder away).
	Reply *ui.Reply
	// Linked reports that table code kept the interaction to edit its
	// message later (ui.Input.LinkPrivately): it is never answered
	// publicly.
	Linked bool
	// Outcome is how the answer came about, for the observers: the
	// responder that talks to Discord does not read it.
	Outcome metrics.Outcome
}

// A Responder answers one interaction: Now, once; or Defer at once and
// Deliver when the answer comes. Every method returns Discord's refusal,
// if any.
type Responder interface {
	// Now sends the interaction's one callback.
	Now(a Answer) error
	// Defer answers "thinking…", so that Discord does not fail an
	// interaction whose handler is slow.
	Defer() error
	// Deliver sends the answer after Defer.
	Deliver(a Answer) error
}

// Discord makes the responders that answer through the bot's session.
type Discord struct {
	Session *discordgo.Session
	// Budget waits for the bot's global REST budget; it is spent by a
	// late public redraw, which edits a channel message rather than
	// going through the interaction's token.
	Budget func() error
}

// For returns the responder of interaction i, which logs to log.
func (d *Discord) For(i *discordgo.Interaction, log *slog.Logger) Responder {
	return &discordAnswer{d: d, i: i, log: log}
}

// discordAnswer answers one interaction through the session.
type discordAnswer struct {
	d   *Discord
	i   *discordgo.Interaction
	log *slog.Logger
}

// Now sends a.Reply, made safe by secure, as the callback.
func (ans *discordAnswer) Now(a Answer) error {
	reply := a.Reply
	if ans.i.Type == discordgo.InteractionApplicationCommandAutocomplete && reply != nil &&
		reply.Type != discordgo.InteractionApplicationCommandAutocompleteResult {
		// An autocomplete takes only choices: a refusal (restarting, a
		// panic) becomes an empty list rather than an answer Discord rejects.
		reply = ui.Choices(nil)
	}
	var bind func()
	if reply != nil {
		bind = reply.Bind
	}
	reply = secure(ans.i, a.Linked, reply)
	if reply == nil {
		return nil
	}
	if bind != nil && answersQuietly(ans.i, a.Linked, reply) {
		return ans.quietly(reply, bind) // see quiet.go
	}
	err := ans.callback(&reply.InteractionResponse)
	if err != nil {
		ans.log.Warn("could not answer interaction", "err", err)
	}
	return err
}

// Defer sends the interaction's deferral as its callback: already
// private, it needs no securing.
func (ans *discordAnswer) Defer() error {
	err := ans.callback(&deferral(ans.i).InteractionResponse)
	if err != nil {
		ans.log.Warn("could not answer interaction", "err", err)
	}
	return err
}

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
		embeds, comps := ui.OrEmpty(webhook.OwnEmbeds(d.Embeds), d.Components)
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
			done := lang.Of(i.Locale).T("common.done_see_channel")
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
