package laus

import (
	"context"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/help"
	"github.com/cardbot/cardbot/bot/history"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/share"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// looking is Laus's history and replay: /laus history, /laus replay, their
// clicks and the replay's autocomplete, each a private answer in l, the
// language of whoever asked.
func (g *Game) looking(l lang.Lang) history.Module {
	return history.Module{
		Kind: entry, Games: g.env.Games, Store: g.env.Store, Log: g.env.Log,
		Line: historyLine(l),
		ChoiceName: func(e store.HistoryEntry) string {
			return l.T("laus.history.choice", "ID", e.Game.ID, "Date", history.ChoiceDate(e.Game.CreatedAt),
				"Players", len(e.Game.Seats), "Rounds", l.N("laus.count.rounds", e.LausRounds))
		},
		Replay: history.Replays(func(g store.Game, recs []store.ActionRecord) (*lausReplay, error) {
			r, err := loadLausReplay(g, recs)
			if r != nil {
				r.lang = l
			}
			return r, err
		}),
	}
}

// historyLine draws, in l, one match of a player's history: its ID, date,
// seats, rounds, the player's final total and whether they lost, as the
// match stored them with its settlement.
func historyLine(l lang.Lang) func(context.Context, string) func(store.HistoryEntry) string {
	return func(context.Context, string) func(store.HistoryEntry) string {
		return func(e store.HistoryEntry) string {
			return l.T("laus.history.line", "ID", e.Game.ID, "Date", history.Date(e.Game.CreatedAt),
				"Players", len(e.Game.Seats), "Rounds", l.N("laus.count.rounds", e.LausRounds), "Outcome", lausOutcome(l, e))
		}
	}
}

// lausOutcome is a match's result for the player, in a few words.
func lausOutcome(l lang.Lang, e store.HistoryEntry) string {
	if e.LausLost {
		return l.T("laus.history.lost", "Total", e.LausTotal)
	}
	return l.T("laus.history.finished", "Total", e.LausTotal)
}

// OwnsComponent reports whether a click is on a history page, a replay
// viewer or a How to play page, which belong to no table.
func (g *Game) OwnsComponent(id ui.ComponentID) bool {
	return help.Owns(id) || share.Owns(id) || g.looking(lang.English).OwnsComponent(id)
}

// HandleComponent answers a click on a history page, a replay viewer, a
// How to play page or the scoreboard's Share button.
func (g *Game) HandleComponent(ctx context.Context, in *ui.Input) *ui.Reply {
	if help.Owns(in.Component) {
		return guide.Turn(in)
	}
	if share.Owns(in.Component) {
		// Shared, the board is public: the server's language.
		board, r := g.board(ctx, in, in.ServerLang)
		if r != nil {
			return r
		}
		return share.Post(ctx, g.env, in, board)
	}
	return g.looking(in.Lang()).HandleComponent(ctx, in)
}

// Autocomplete offers the caller's latest finished matches for /laus replay.
func (g *Game) Autocomplete(ctx context.Context, in *ui.Input) []*discordgo.ApplicationCommandOptionChoice {
	return g.looking(in.Lang()).Autocomplete(ctx, in)
}
