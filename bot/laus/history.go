package laus

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/history"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// history answers /laus history [player]: their finished matches here.
func (g *Game) history(ctx context.Context, in *ui.Input) *ui.Reply {
	who := in.Options.User("player")
	if who == "" {
		who = in.UserID
	}
	page, err := history.Page(ctx, g.env.Store, lausHistory, in.GuildID, who, 0, g.historyLine(ctx, who))
	if err != nil {
		g.env.Log.Error("laus history", "err", err)
		return ui.EphemeralText(ui.MsgSomethingWrong)
	}
	return ui.EphemeralMessage("", page.Embeds, page.Components)
}

// historyLine draws one match of who's history: its ID, date, seats,
// rounds, who's final total and whether they lost. The results are those
// the match stored with its settlement.
func (g *Game) historyLine(_ context.Context, who string) func(store.HistoryEntry) string {
	return func(e store.HistoryEntry) string {
		return fmt.Sprintf("`%s` · %s · %d players · %d round(s) · %s", e.Game.ID, history.Date(e.Game.CreatedAt),
			len(e.Game.Seats), e.LausRounds, lausOutcome(e))
	}
}

// lausOutcome is a match's result for the player, in a few words.
func lausOutcome(e store.HistoryEntry) string {
	if e.LausLost {
		return fmt.Sprintf("💀 lost with the highest total, %d", e.LausTotal)
	}
	return fmt.Sprintf("finished on %d", e.LausTotal)
}

// replay answers /laus replay match:<id> with the viewer at the deal.
func (g *Game) replay(ctx context.Context, in *ui.Input) *ui.Reply {
	return g.replayStep(ctx, in, in.Options.String("match"), func(int) (int, bool) { return 0, true }, false)
}

// replayStep draws the step pick chooses (of 0..last) of the game raw for
// the viewer, or refuses with one line. update replaces the viewer the click
// came from.
func (g *Game) replayStep(ctx context.Context, in *ui.Input, raw string, pick func(last int) (int, bool), update bool) *ui.Reply {
	gm, recs, refusal := history.Load(ctx, g.env.Store, lausHistory, in.GuildID, raw)
	if refusal != nil {
		return refusal
	}
	r, err := loadLausReplay(gm, recs)
	if err != nil {
		g.env.Log.Error("laus replay", "game", gm.ID, "err", err)
		return ui.EphemeralText(fmt.Sprintf("Match `%s` could not be replayed: its stored log is damaged.", gm.ID))
	}
	step, ok := pick(r.last())
	if !ok {
		return ui.EphemeralText(fmt.Sprintf("Match `%s` has steps 0 to %d only.", gm.ID, r.last()))
	}
	f, err := r.frame(step)
	if err != nil {
		g.env.Log.Error("laus replay", "game", gm.ID, "step", step, "err", err)
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
		page, err := history.Page(ctx, g.env.Store, lausHistory, in.GuildID, id.Table, id.Turn, g.historyLine(ctx, id.Table))
		if err != nil {
			g.env.Log.Error("laus history", "err", err)
			return ui.EphemeralText(ui.MsgSomethingWrong)
		}
		return ui.PrivateUpdate("", page.Embeds, page.Components)
	}
	return g.replayStep(ctx, in, id.Table, func(last int) (int, bool) { return history.Target(in, last) }, true)
}

// Autocomplete offers the caller's latest finished matches for the replay's
// match option.
func (g *Game) Autocomplete(ctx context.Context, in *ui.Input) []*discordgo.ApplicationCommandOptionChoice {
	if in.Subcommand != "replay" || in.Focused != "match" {
		return nil
	}
	return history.Choices(ctx, g.env.Store, lausHistory, in.GuildID, in.UserID, in.Options.String("match"),
		func(e store.HistoryEntry) string {
			return fmt.Sprintf("#%s · %s · %d players · %d round(s)", e.Game.ID, history.ChoiceDate(e.Game.CreatedAt), len(e.Game.Seats), e.LausRounds)
		})
}
