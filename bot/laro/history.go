package laro

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/help"
	"github.com/cardbot/cardbot/bot/history"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// looking is Laro's history and replay: /laro history, /laro replay, their
// clicks and the replay's autocomplete, each a private answer in l, the
// language of whoever asked.
func (g *Game) looking(l lang.Lang) history.Module {
	return history.Module{
		Kind: entry, Games: g.env.Games, Store: g.env.Store, Log: g.env.Log,
		Line: g.historyLine(l),
		ChoiceName: func(e store.HistoryEntry) string {
			return fmt.Sprintf("#%s · %s · %s%s", e.Game.ID, history.ChoiceDate(e.Game.CreatedAt), history.PlayersIn(l, len(e.Game.Seats)), history.ChipsIn(l, e.Net))
		},
		Replay: history.Replays(func(g store.Game, recs []store.ActionRecord) (*laroReplay, error) {
			r, err := loadReplay(g, recs)
			if r != nil {
				r.lang = l
			}
			return r, err
		}),
	}
}

// historyLine draws one game of who's history: its ID, date, seats, who
// won with how many points, and who's chips. The result comes from the
// engine's replay of the log, as the replay shows it, in l.
func (g *Game) historyLine(l lang.Lang) func(ctx context.Context, who string) func(store.HistoryEntry) string {
	return func(ctx context.Context, who string) func(store.HistoryEntry) string {
		return func(e store.HistoryEntry) string {
			return fmt.Sprintf("`%s` · %s · %s · %s%s", e.Game.ID, history.Date(e.Game.CreatedAt), history.PlayersIn(l, len(e.Game.Seats)),
				g.outcome(ctx, l, e.Game, who), history.ChipsIn(l, e.Net))
		}
	}
}

// outcome is the result of a finished game for who, in a few words.
func (g *Game) outcome(ctx context.Context, l lang.Lang, gm store.Game, who string) string {
	_, recs, err := g.env.Store.LoadGame(ctx, gm.ID)
	if err != nil {
		return l.T("laro.history.unknown")
	}
	r, err := loadReplay(gm, recs)
	if err != nil {
		return l.T("laro.history.unknown")
	}
	r.lang = l
	end, err := r.game(r.last())
	if err != nil {
		return l.T("laro.history.unknown")
	}
	seat, points, ok := end.Winner()
	switch {
	case !ok:
		return l.T("laro.history.no_winner")
	case r.seats[seat].UserID == who && !r.seats[seat].Computer:
		return l.T("laro.history.you_won", "Points", l.N("laro.points", points))
	}
	return l.T("laro.history.won", "Name", r.name(seat), "Points", l.N("laro.points", points))
}

// OwnsComponent reports whether a click is on a history page, a replay
// viewer or a How to play page, which belong to no table.
func (g *Game) OwnsComponent(id ui.ComponentID) bool {
	return help.Owns(id) || g.looking(lang.English).OwnsComponent(id)
}

// HandleComponent answers a click on a history page, a replay viewer or
// a How to play page.
func (g *Game) HandleComponent(ctx context.Context, in *ui.Input) *ui.Reply {
	if help.Owns(in.Component) {
		return guide.Turn(in)
	}
	return g.looking(in.Lang()).HandleComponent(ctx, in)
}

// Autocomplete offers the caller's latest finished games for /laro replay.
func (g *Game) Autocomplete(ctx context.Context, in *ui.Input) []*discordgo.ApplicationCommandOptionChoice {
	return g.looking(in.Lang()).Autocomplete(ctx, in)
}
