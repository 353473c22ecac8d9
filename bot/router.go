package bot

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"time"

	"github.com/bwmarrin/discordgo"
)

// A handler answers one decoded interaction. It never talks to Discord
// itself: it returns the reply, and the router sends it.
type handler func(ctx context.Context, in *Input) *Reply

// handlerTimeout bounds how long a handler may work on one interaction.
// Discord fails an interaction not answered within 3 s, so a handler still
// busy after Options.DeferAfter is answered "thinking…" first (see
// HandleInteraction) and its reply delivered when it comes.
const handlerTimeout = 10 * time.Second

// msgSomethingWrong is what a user sees when the bot itself failed.
const msgSomethingWrong = "Something went wrong on our side, and nothing was changed. Please try again."

// HandleInteraction is the discordgo handler for INTERACTION_CREATE. discordgo
// calls it on a fresh goroutine per event and never recovers panics, so this
// is where a bad payload or a bug is contained: it is logged and the user
// gets a clear answer, and the bot and its tables carry on.
func (b *Bot) HandleInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	if ic == nil || ic.Interaction == nil || ic.ID == "" || ic.Token == "" || ic.Type == 0 {
		// A malformed payload arrives zero-valued; with no token there is
		// nobody to answer.
		b.log.Warn("dropped a malformed interaction")
		return
	}
	i := ic.Interaction
	log := b.log.With("interaction", i.ID, "type", i.Type.String())
	defer func() {
		if r := recover(); r != nil {
			log.Error("handler panicked", "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			b.respond(log, i, ephemeralText(msgSomethingWrong))
		}
	}()
	if b.closing.Load() {
		b.respond(log, i, ephemeralText("cardbot is restarting; please click again in a few seconds."))
		return
	}
	in, reply := b.decode(i)
	if reply != nil {
		b.respond(log, i, reply)
		return
	}
	done := make(chan *Reply, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				log.Error("handler panicked", "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
				done <- ephemeralText(msgSomethingWrong)
			}
		}()
		ctx, cancel := context.WithTimeout(b.ctx, handlerTimeout)
		defer cancel()
		done <- b.route(ctx, in)
	}()
	timer := time.NewTimer(b.opts.DeferAfter)
	defer timer.Stop()
	select {
	case r := <-done:
		if r != nil {
			b.respond(log, i, r)
		}
	case <-timer.C:
		// Slow (a rate-limited channel, a busy disk): acknowledge now so
		// Discord does not fail the interaction, then deliver the reply.
		b.respond(log, i, deferral(i))
		b.deliverLate(log, i, <-done)
	}
}

// deferral is the "thinking…" answer to a slow interaction: private for a
// command (most answers are), a silent acknowledgement for a click.
func deferral(i *discordgo.Interaction) *Reply {
	if i.Type == discordgo.InteractionApplicationCommand {
		return &Reply{Type: discordgo.InteractionResponseDeferredChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Flags: discordgo.MessageFlagsEphemeral}}
	}
	return deferUpdate()
}

// deliverLate sends a reply after its deferral: an edit of the deferred
// message where the reply is one, else a follow-up message.
func (b *Bot) deliverLate(log *slog.Logger, i *discordgo.Interaction, r *Reply) {
	if r == nil || r.Data == nil {
		return
	}
	d := r.Data
	ephemeral := d.Flags&discordgo.MessageFlagsEphemeral != 0
	isCommand := i.Type == discordgo.InteractionApplicationCommand
	if (isCommand && ephemeral) || (!isCommand && r.Type == discordgo.InteractionResponseUpdateMessage) {
		embeds, comps := d.Embeds, d.Components
		if embeds == nil {
			embeds = []*discordgo.MessageEmbed{}
		}
		if comps == nil {
			comps = []discordgo.MessageComponent{}
		}
		if _, err := b.session.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &d.Content, Embeds: &embeds, Components: &comps}); err != nil {
			log.Warn("could not deliver a late reply", "err", err)
		}
		return
	}
	if isCommand {
		// A public reply to a command deferred privately: the first
		// follow-up would only replace the private placeholder, so settle
		// the placeholder first; the next follow-up is a message of its own.
		done := "Done: see the channel."
		if _, err := b.session.InteractionResponseEdit(i, &discordgo.WebhookEdit{Content: &done}); err != nil {
			log.Warn("could not settle a deferral", "err", err)
		}
	}
	if _, err := b.session.FollowupMessageCreate(i, true, &discordgo.WebhookParams{
		Content: d.Content, Embeds: d.Embeds, Components: d.Components, Flags: d.Flags,
	}); err != nil {
		log.Warn("could not deliver a late reply", "err", err)
	}
}

// respond sends a reply, logging (never panicking on) a failure.
func (b *Bot) respond(log *slog.Logger, i *discordgo.Interaction, r *Reply) {
	if err := b.session.InteractionRespond(i, r); err != nil {
		log.Warn("could not answer interaction", "err", err)
	}
}

// decode turns a raw interaction into an Input, or returns the reply that
// explains why it cannot be handled.
func (b *Bot) decode(i *discordgo.Interaction) (*Input, *Reply) {
	u := interactionUser(i)
	if u == nil || u.ID == "" {
		return nil, ephemeralText("Discord did not say who you are; please try again.")
	}
	if i.GuildID == "" {
		return nil, ephemeralText("cardbot plays in server channels, not in direct messages. Use its commands in a server.")
	}
	at, err := discordgo.SnowflakeTimestamp(i.ID)
	if err != nil {
		return nil, ephemeralText("That interaction had no valid ID; please try again.")
	}
	in := &Input{
		Interaction: i, GuildID: i.GuildID, ChannelID: i.ChannelID,
		UserID: u.ID, UserName: displayName(i), At: at,
	}
	if i.Member != nil {
		in.Permissions = i.Member.Permissions
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand:
		data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok {
			return nil, ephemeralText("That command arrived garbled; please try again.")
		}
		in.Command = data.Name
		in.Options = optionsView{}
		opts := data.Options
		if len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
			in.Subcommand = opts[0].Name
			opts = opts[0].Options
		}
		for _, o := range opts {
			if o != nil {
				in.Options[o.Name] = o
			}
		}
	case discordgo.InteractionMessageComponent:
		data, ok := i.Data.(discordgo.MessageComponentInteractionData)
		if !ok {
			return nil, ephemeralText("That click arrived garbled; please try again.")
		}
		id, err := ParseComponentID(data.CustomID)
		if err != nil {
			return nil, ephemeralText("That button is not one of cardbot's current buttons. Open a fresh view of the table and try again.")
		}
		in.Component = id
		in.Values = data.Values
	default:
		return nil, ephemeralText("cardbot does not handle that kind of interaction.")
	}
	return in, nil
}

// route finds the handler for an input and runs it.
func (b *Bot) route(ctx context.Context, in *Input) *Reply {
	if in.Command != "" {
		h, ok := b.commands[in.Command+" "+in.Subcommand]
		if !ok {
			return ephemeralText("That command is not known to this version of cardbot.")
		}
		return h(ctx, in)
	}
	return b.routeComponent(ctx, in)
}
