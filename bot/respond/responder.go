package respond

import (
	"log/slog"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/metrics"
	"github.com/cardbot/cardbot/bot/ui"
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
	reply = secure(ans.i, a.Linked, reply)
	if reply == nil {
		return nil
	}
	err := ans.callback(&reply.InteractionResponse)
	if err != nil {
		ans.log.Warn("could not answer interaction", "err", err)
	}
	return err
}

// Defer sends the interaction's deferral as its callback.
func (ans *discordAnswer) Defer() error { return ans.Now(Answer{Reply: deferral(ans.i)}) }
