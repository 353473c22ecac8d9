package history

import (
	"context"
	"log/slog"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/catalog"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// A Replayer reads a finished game's log for the viewer: the number of its
// last step, and a function that draws any step of 0..last.
type Replayer func(g store.Game, recs []store.ActionRecord) (last int, draw func(step int) (ui.Rendering, error), err error)

// A Replay is one finished game as a game reads it for the viewer.
type Replay interface {
	// Last is the number of its last step.
	Last() int
	// Draw draws step (0..Last) with its controls (see Nav).
	Draw(step int) (ui.Rendering, error)
}

// Replays makes the Replayer of a game from how it reads a finished game's
// log.
func Replays[R Replay](read func(store.Game, []store.ActionRecord) (R, error)) Replayer {
	return func(g store.Game, recs []store.ActionRecord) (int, func(int) (ui.Rendering, error), error) {
		r, err := read(g, recs)
		if err != nil {
			return 0, nil, err
		}
		return r.Last(), r.Draw, nil
	}
}

// Module answers one game's history and replay subcommands, their clicks
// and the autocomplete of the replay's ID option. The game supplies what
// differs: how a game reads in a list, and its replay.
type Module struct {
	Kind Kind
	// Games names the other games, for an ID of another game's replay.
	Games *catalog.Catalog
	Store *store.Store
	Log   *slog.Logger
	// Line draws one game of who's history.
	Line func(ctx context.Context, who string) func(store.HistoryEntry) string
	// ChoiceName names a game among the autocomplete choices (plain text).
	ChoiceName func(store.HistoryEntry) string
	Replay     Replayer
}

// History answers "/<game> history [player]": the player's newest page.
func (m Module) History(ctx context.Context, in *ui.Input) *ui.Reply {
	who := in.Options.User("player")
	if who == "" {
		who = in.UserID
	}
	page, err := Page(ctx, m.Store, m.Kind, in.Lang(), in.GuildID, who, 0, m.Line(ctx, who))
	if err != nil {
		m.Log.Error("history", "game", m.Kind.Command(), "err", err)
		return ui.EphemeralText(ui.SomethingWrong(in.Lang()))
	}
	return ui.EphemeralMessage("", page.Embeds, page.Components)
}

// ReplayCommand answers "/<game> replay <option>:<id>" with the viewer at
// the deal.
func (m Module) ReplayCommand(ctx context.Context, in *ui.Input) *ui.Reply {
	return m.step(ctx, in, in.Options.String(m.Kind.Noun), func(int) (int, bool) { return 0, true }, false)
}

// OwnsComponent reports whether a click is on a history page or a replay
// viewer, which the module answers itself: they belong to no table.
func (m Module) OwnsComponent(id ui.ComponentID) bool {
	return id.Verb == VerbReplay || id.Verb == VerbHistory
}

// HandleComponent answers a click on a history page or a replay viewer.
// Everything is checked again as for the command, since a custom_id may be
// forged: the game's server, that it is over, the step.
func (m Module) HandleComponent(ctx context.Context, in *ui.Input) *ui.Reply {
	if in.Component.Verb == VerbHistory {
		b := ParsePageButton(in.Component)
		page, err := Page(ctx, m.Store, m.Kind, in.Lang(), in.GuildID, b.Player, b.Page, m.Line(ctx, b.Player))
		if err != nil {
			m.Log.Error("history", "game", m.Kind.Command(), "err", err)
			return ui.EphemeralText(ui.SomethingWrong(in.Lang()))
		}
		return ui.PrivateUpdate("", page.Embeds, page.Components)
	}
	return m.step(ctx, in, ParseReplayControl(in.Component).GameID, func(last int) (int, bool) { return Target(in, last) }, true)
}

// Autocomplete offers the caller's latest finished games for the replay's
// ID option.
func (m Module) Autocomplete(ctx context.Context, in *ui.Input) []*discordgo.ApplicationCommandOptionChoice {
	if in.Subcommand != "replay" || in.Focused != m.Kind.Noun {
		return nil
	}
	return Choices(ctx, m.Store, m.Kind, in.GuildID, in.UserID, in.Options.String(m.Kind.Noun), m.ChoiceName)
}

// step draws the step pick chooses (of 0..last) of the game raw for the
// viewer, or refuses with one line. update replaces the viewer the click
// came from.
func (m Module) step(ctx context.Context, in *ui.Input, raw string, pick func(last int) (int, bool), update bool) *ui.Reply {
	l := in.Lang()
	g, recs, refusal := Load(ctx, m.Store, m.Games, m.Kind, l, in.GuildID, raw)
	if refusal != nil {
		return refusal
	}
	last, draw, err := m.Replay(g, recs)
	if err != nil {
		m.Log.Error("replay", "game", g.ID, "err", err)
		return ui.EphemeralText(l.T("history.damaged", "Noun", title(Noun(l, m.Kind)), "ID", g.ID))
	}
	step, ok := pick(last)
	if !ok {
		return ui.EphemeralText(l.T("history.steps", "Noun", title(Noun(l, m.Kind)), "ID", g.ID, "Last", last))
	}
	v, err := draw(step)
	if err != nil {
		m.Log.Error("replay", "game", g.ID, "step", step, "err", err)
		return ui.EphemeralText(ui.SomethingWrong(in.Lang()))
	}
	if update {
		return ui.PrivateUpdate("", v.Embeds, v.Components)
	}
	return ui.EphemeralMessage("", v.Embeds, v.Components)
}
