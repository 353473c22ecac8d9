package bot

import (
	"context"
	"fmt"
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
			b.send(log, i, false, ephemeralText(msgSomethingWrong))
		}
	}()
	if b.closing.Load() {
		b.send(log, i, false, ephemeralText("cardbot is restarting; please click again in a few seconds."))
		return
	}
	in, reply := b.decode(i)
	if reply != nil {
		b.send(log, i, false, reply)
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
		b.send(log, i, in.linked.Load(), r)
	case <-timer.C:
		// Slow (a rate-limited channel, a busy disk): acknowledge now so
		// Discord does not fail the interaction, then deliver the reply.
		b.send(log, i, false, deferral(i))
		r := <-done
		b.deliverLate(log, i, in.linked.Load(), r)
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
		interaction: i, GuildID: i.GuildID, ChannelID: i.ChannelID,
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
