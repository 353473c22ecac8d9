package laro

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/history"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// history answers /laro history [player]: their finished games here.
func (g *Game) history(ctx context.Context, in *ui.Input) *ui.Reply {
	who := in.Options.User("player")
	if who == "" {
		who = in.UserID
	}
	page, err := history.Page(ctx, g.env.Store, laroHistory, in.GuildID, who, 0, g.historyLine(ctx, who))
	if err != nil {
		g.env.Log.Error("laro history", "err", err)
		return ui.EphemeralText(ui.MsgSomethingWrong)
	}
	return ui.EphemeralMessage("", page.Embeds, page.Components)
}

// historyLine draws one game of who's history: its ID, date, seats, and
// who won with how many points, and who's chips. The result comes from the
// engine's replay of the log, as the replay shows it.
func (g *Game) historyLine(ctx context.Context, who string) func(store.HistoryEntry) string {
	return func(e store.HistoryEntry) string {
		line := fmt.Sprintf("`%s` · %s · %d players · %s%s", e.Game.ID, history.Date(e.Game.CreatedAt), len(e.Game.Seats),
			g.outcome(ctx, e.Game, who), history.Chips(e.Net))
		return line
	}
}

// outcome is the result of a finished game for who, in a few words.
func (g *Game) outcome(ctx context.Context, gm store.Game, who string) string {
	_, recs, err := g.env.Store.LoadGame(ctx, gm.ID)
	if err != nil {
		return "result unknown"
	}
	r, err := loadReplay(gm, recs)
	if err != nil {
		return "result unknown"
	}
	end, err := r.game(r.last())
	if err != nil {
		return "result unknown"
	}
	seat, points, ok := end.Winner()
	switch {
	case !ok:
		return "no winner"
	case r.seats[seat].UserID == who && !r.seats[seat].Computer:
		return fmt.Sprintf("🏆 won with %d points", points)
	}
	return fmt.Sprintf("%s won with %d points", r.name(seat), points)
}

// replay answers /laro replay game:<id> with the viewer at the deal.
func (g *Game) replay(ctx context.Context, in *ui.Input) *ui.Reply {
	return g.replayStep(ctx, in, in.Options.String("game"), func(int) (int, bool) { return 0, true }, false)
}

// replayStep draws the step pick chooses (of 0..last) of the game raw for
// the viewer, or refuses with one line. update replaces the viewer the click
// came from.
func (g *Game) replayStep(ctx context.Context, in *ui.Input, raw string, pick func(last int) (int, bool), update bool) *ui.Reply {
	gm, recs, refusal := history.Load(ctx, g.env.Store, laroHistory, in.GuildID, raw)
	if refusal != nil {
		return refusal
	}
	r, err := loadReplay(gm, recs)
	if err != nil {
		g.env.Log.Error("laro replay", "game", gm.ID, "err", err)
		return ui.EphemeralText(fmt.Sprintf("Game `%s` could not be replayed: its stored log is damaged.", gm.ID))
	}
	step, ok := pick(r.last())
	if !ok {
		return ui.EphemeralText(fmt.Sprintf("Game `%s` has steps 0 to %d only.", gm.ID, r.last()))
	}
	f, err := r.frame(step)
	if err != nil {
		g.env.Log.Error("laro replay", "game", gm.ID, "step", step, "err", err)
		return ui.EphemeralText(ui.MsgSomethingWrong)
	}
	v := replayView(r, f)
	if update {
		return ui.PrivateUpdate("", v.Embeds, v.Components)
	}
	return ui.EphemeralMessage("", v.Embeds, v.Components)
}

// OwnsComponent reports whether a click is on a history page or a replay
// viewer, which the module answers itself: they belong to no table.
func (g *Game) OwnsComponent(id ui.ComponentID) bool {
	return id.Verb == history.VerbReplay || id.Verb == history.VerbHistory
}

// HandleComponent answers a click on a history page or a replay viewer.
// Everything is checked again as for the command (the custom_id may be
// forged): the game's server, that it is over, the step.
func (g *Game) HandleComponent(ctx context.Context, in *ui.Input) *ui.Reply {
	id := in.Component
	if id.Verb == history.VerbHistory {
		page, err := history.Page(ctx, g.env.Store, laroHistory, in.GuildID, id.Table, id.Turn, g.historyLine(ctx, id.Table))
		if err != nil {
			g.env.Log.Error("laro history", "err", err)
			return ui.EphemeralText(ui.MsgSomethingWrong)
		}
		return ui.PrivateUpdate("", page.Embeds, page.Components)
	}
	return g.replayStep(ctx, in, id.Table, func(last int) (int, bool) { return history.Target(in, last) }, true)
}

// Autocomplete offers the caller's latest finished games for the replay's
// game option.
func (g *Game) Autocomplete(ctx context.Context, in *ui.Input) []*discordgo.ApplicationCommandOptionChoice {
	if in.Subcommand != "replay" || in.Focused != "game" {
		return nil
	}
	return history.Choices(ctx, g.env.Store, laroHistory, in.GuildID, in.UserID, in.Options.String("game"),
		func(e store.HistoryEntry) string {
			return fmt.Sprintf("#%s · %s · %d players%s", e.Game.ID, history.ChoiceDate(e.Game.CreatedAt), len(e.Game.Seats), history.Chips(e.Net))
		})
}
