package bot

import (
	"context"
	"fmt"
	"log/slog"
	"runtime/debug"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/lazylog"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/metrics"
	"github.com/cardbot/cardbot/bot/respond"
	"github.com/cardbot/cardbot/bot/ui"
)

// handlerTimeout bounds how long a handler may work on one interaction.
// Discord fails an interaction not answered within 3 s of the click, so a
// handler still busy Options.DeferAfter after the click is answered
// "thinking…" first (see HandleInteraction) and its reply delivered when it
// comes.
const handlerTimeout = 10 * time.Second

// HandleInteraction handles one INTERACTION_CREATE; Listen wires it to a
// session (gateway.go). discordgo calls handlers on a fresh goroutine per
// event and never recovers panics, so this
// is where a bad payload or a bug is contained: it is logged and the user
// gets a clear answer, and the bot and its tables carry on.
//
// It reads top-down (see package respond for the whole walk): refuse what
// cannot be handled, run the handler, and answer through one responder,
// at once or, for a slow handler, deferred. The responder is observed:
// it records every answer's outcome and latency itself.
func (b *Bot) HandleInteraction(s *discordgo.Session, ic *discordgo.InteractionCreate) {
	arrived := time.Now()
	if ic == nil || ic.Interaction == nil || ic.ID == "" || ic.Token == "" || ic.Type == 0 {
		// A malformed payload arrives zero-valued; with no token there is
		// nobody to answer.
		b.log.Warn("dropped a malformed interaction")
		b.opts.Metrics.Interaction(metrics.KindOther, metrics.OutcomeDropped)
		return
	}
	i := ic.Interaction
	log := lazylog.With(b.log, "interaction", i.ID, "type", i.Type.String())
	unobserved := b.responder.For(i, log)
	answer := respond.Observe(unobserved, b.opts.Metrics, i, arrived)
	defer func() {
		if r := recover(); r != nil {
			log.Error("handler panicked", "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
			answer.Now(respond.Answer{Reply: ui.EphemeralText(ui.SomethingWrong(lang.Of(i.Locale))), Outcome: metrics.OutcomePanicked})
		}
	}()
	if b.closing.Load() {
		answer.Now(respond.Answer{Reply: ui.EphemeralText(lang.Of(i.Locale).T("common.restarting")), Outcome: metrics.OutcomeRestarting})
		return
	}
	if reply := b.foreignGuild(log, i); reply != nil {
		unobserved.Now(respond.Answer{Reply: reply}) // not this shard's to count
		return
	}
	in, reply := b.decode(i)
	if reply != nil {
		answer.Now(respond.Answer{Reply: reply, Outcome: metrics.OutcomeRefused})
		return
	}
	done, panicked := b.handle(log, in)
	timer := time.NewTimer(deferIn(in.At, time.Now(), b.opts.DeferAfter))
	defer timer.Stop()
	select {
	case r := <-done:
		err := answer.Now(respond.Answer{Reply: r, Linked: in.Linked(), Outcome: outcomeOf(metrics.OutcomeAnswered, panicked)})
		in.Answered(err == nil && r != nil && !panicked.Load())
	case <-timer.C:
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			// Choices cannot be deferred: send them whenever they come.
			unobserved.Now(respond.Answer{Reply: <-done})
			return
		}
		// Slow (a rate-limited channel, a busy disk): acknowledge now so
		// Discord does not fail the interaction, then deliver the reply.
		derr := answer.Defer()
		r := <-done
		err := answer.Deliver(respond.Answer{Reply: r, Linked: in.Linked(), Outcome: outcomeOf(metrics.OutcomeDeferred, panicked)})
		in.Answered(derr == nil && err == nil && r != nil && r.Data != nil && !panicked.Load())
	}
}

// handle runs in's handler on a goroutine of its own, bounded by
// handlerTimeout, and returns where its reply will come; panicked is set
// before a panic's "something went wrong" reply is sent there.
func (b *Bot) handle(log *slog.Logger, in *ui.Input) (done <-chan *ui.Reply, panicked *atomic.Bool) {
	replies := make(chan *ui.Reply, 1)
	panicked = new(atomic.Bool)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				log.Error("handler panicked", "panic", fmt.Sprint(r), "stack", string(debug.Stack()))
				panicked.Store(true)
				replies <- ui.EphemeralText(ui.SomethingWrong(in.Lang()))
			}
		}()
		ctx, cancel := context.WithTimeout(b.env.Context(), handlerTimeout)
		defer cancel()
		in.ServerLang = b.env.HeardGuild(ctx, in.GuildID, in.GuildLocale)
		replies <- awaitLater(ctx, in.Lang(), b.route(ctx, in))
	}()
	return replies, panicked
}

// outcomeOf is the outcome of a handled interaction: ok, unless its
// handler panicked.
func outcomeOf(ok metrics.Outcome, panicked *atomic.Bool) metrics.Outcome {
	if panicked.Load() {
		return metrics.OutcomePanicked
	}
	return ok
}

// deferIn is how long the router may wait, at now, for a handler before it
// answers "thinking…": after, of the click made at clicked (its snowflake
// time), when Discord counts its 3 seconds from. A click that reached the
// bot late (a slow gateway, a replay after RESUME) has less time left, and
// one already past after is deferred at once. A clock running behind
// Discord's never earns a click more than after.
func deferIn(clicked, now time.Time, after time.Duration) time.Duration {
	return min(max(after-now.Sub(clicked), 0), after)
}

// awaitLater returns r, or, for a reply whose answer comes later, that
// answer once it comes (nil if ctx ends first: the tables are stopping, or
// the table never answered). The answer may itself come later again (a
// waiting draw's hand, held behind an older edit of it).
func awaitLater(ctx context.Context, l lang.Lang, r *ui.Reply) *ui.Reply {
	for r != nil && r.Later != nil {
		select {
		case r = <-r.Later:
		case <-ctx.Done():
			return ui.EphemeralText(l.T("common.table_busy_hand"))
		}
	}
	return r
}

// decode turns a raw interaction into an Input, or returns the reply that
// explains why it cannot be handled, in the clicker's language.
func (b *Bot) decode(i *discordgo.Interaction) (*ui.Input, *ui.Reply) {
	l := lang.Of(i.Locale)
	u := ui.UserOf(i)
	if u == nil || u.ID == "" {
		return nil, ui.EphemeralText(l.T("common.who_are_you"))
	}
	if i.GuildID == "" {
		return nil, ui.EphemeralText(l.T("common.no_dms"))
	}
	at, err := discordgo.SnowflakeTimestamp(i.ID)
	if err != nil {
		return nil, ui.EphemeralText(l.T("common.bad_id"))
	}
	in := ui.NewInput(i)
	in.GuildID, in.ChannelID, in.UserID, in.UserName, in.At = i.GuildID, i.ChannelID, u.ID, ui.DisplayName(i), at
	if i.Member != nil {
		in.Permissions = i.Member.Permissions
	}
	in.AppPermissions = i.AppPermissions
	in.Locale = i.Locale
	if i.GuildLocale != nil {
		in.GuildLocale = *i.GuildLocale
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		data, ok := i.Data.(discordgo.ApplicationCommandInteractionData)
		if !ok {
			return nil, ui.EphemeralText(l.T("common.garbled_command"))
		}
		in.Command = data.Name
		in.Options = ui.OptionsView{}
		opts := data.Options
		if len(opts) == 1 && opts[0].Type == discordgo.ApplicationCommandOptionSubCommand {
			in.Subcommand = opts[0].Name
			opts = opts[0].Options
		}
		for _, o := range opts {
			if o != nil {
				in.Options[o.Name] = o
				if o.Focused && i.Type == discordgo.InteractionApplicationCommandAutocomplete {
					in.Focused = o.Name
				}
			}
		}
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete && in.Focused == "" {
			// Nothing to complete; an empty list is the harmless answer.
			return nil, ui.Choices(nil)
		}
	case discordgo.InteractionMessageComponent:
		data, ok := i.Data.(discordgo.MessageComponentInteractionData)
		if !ok {
			return nil, ui.EphemeralText(l.T("common.garbled_click"))
		}
		id, err := ui.ParseComponentID(data.CustomID, b.names...)
		if err != nil {
			return nil, ui.EphemeralText(l.T("common.stale_button"))
		}
		in.Component = id
		in.Values = data.Values
	default:
		return nil, ui.EphemeralText(l.T("common.unknown_kind"))
	}
	return in, nil
}

// route sends a command to its module and a click to its table.
// A click that belongs to no table (a history page, a replay step) goes
// to its module instead, and so does an autocomplete.
func (b *Bot) route(ctx context.Context, in *ui.Input) *ui.Reply {
	if in.Command == "" {
		if m, ok := b.modules[in.Component.Game].(ui.ComponentModule); ok && m.OwnsComponent(in.Component) {
			return m.HandleComponent(ctx, in)
		}
		return b.env.Route(ctx, in)
	}
	m, ok := b.modules[in.Command]
	if in.Focused != "" {
		if ac, ok := m.(ui.AutocompleteModule); ok {
			return ui.Choices(ac.Autocomplete(ctx, in))
		}
		return ui.Choices(nil)
	}
	if !ok {
		return ui.EphemeralText(in.Lang().T("common.unknown_command"))
	}
	return m.HandleCommand(ctx, in)
}
