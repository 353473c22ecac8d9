package laus

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/help"
	"github.com/cardbot/cardbot/bot/history"
	"github.com/cardbot/cardbot/bot/share"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// looking is Laus's history and replay: /laus history, /laus replay, their
// clicks and the replay's autocomplete.
func (g *Game) looking() history.Module {
	return history.Module{
		Kind: entry, Games: g.env.Games, Store: g.env.Store, Log: g.env.Log,
		Line: historyLine,
		ChoiceName: func(e store.HistoryEntry) string {
			return fmt.Sprintf("#%s · %s · %d players · %s", e.Game.ID, history.ChoiceDate(e.Game.CreatedAt), len(e.Game.Seats), ui.Count(e.LausRounds, "round", "rounds"))
		},
		Replay: history.Replays(loadLausReplay),
	}
}

// historyLine draws one match of a player's history: its ID, date, seats,
// rounds, the player's final total and whether they lost, as the match
// stored them with its settlement.
func historyLine(context.Context, string) func(store.HistoryEntry) string {
	return func(e store.HistoryEntry) string {
		return fmt.Sprintf("`%s` · %s · %d players · %s · %s", e.Game.ID, history.Date(e.Game.CreatedAt),
			len(e.Game.Seats), ui.Count(e.LausRounds, "round", "rounds"), lausOutcome(e))
	}
}

// lausOutcome is a match's result for the player, in a few words.
func lausOutcome(e store.HistoryEntry) string {
	if e.LausLost {
		return fmt.Sprintf("💀 lost with the highest total, %d", e.LausTotal)
	}
	return fmt.Sprintf("finished on %d", e.LausTotal)
}

// OwnsComponent reports whether a click is on a history page, a replay
// viewer or a How to play page, which belong to no table.
func (g *Game) OwnsComponent(id ui.ComponentID) bool {
	return help.Owns(id) || share.Owns(id) || g.looking().OwnsComponent(id)
}

// HandleComponent answers a click on a history page, a replay viewer, a
// How to play page or the scoreboard's Share button.
func (g *Game) HandleComponent(ctx context.Context, in *ui.Input) *ui.Reply {
	if help.Owns(in.Component) {
		return guide.Turn(in)
	}
	if share.Owns(in.Component) {
		board, r := g.board(ctx, in)
		if r != nil {
			return r
		}
		return share.Post(ctx, g.env, in, board)
	}
	return g.looking().HandleComponent(ctx, in)
}

// Autocomplete offers the caller's latest finished matches for /laus replay.
func (g *Game) Autocomplete(ctx context.Context, in *ui.Input) []*discordgo.ApplicationCommandOptionChoice {
	return g.looking().Autocomplete(ctx, in)
}
