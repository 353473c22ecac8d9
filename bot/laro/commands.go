package laro

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// rules answers /laro rules with the How to play pages.
func (g *Game) rules(in *ui.Input) *ui.Reply { return guide.OpenIn(in.Lang()) }

// stats answers /laro stats.
func (g *Game) stats(ctx context.Context, in *ui.Input) *ui.Reply {
	who, l := in.Options.User("player"), in.Lang()
	if who == "" {
		who = in.UserID
	}
	st, err := g.env.Store.LaroStats(ctx, in.GuildID, who)
	if err != nil {
		g.env.Log.Error("laro stats", "err", err)
		return ui.EphemeralText(ui.SomethingWrong(l))
	}
	if st.Games == 0 {
		return ui.EphemeralText(l.T("laro.stats.none", "User", who))
	}
	names, err := g.env.Store.SeatNames(ctx, in.GuildID, store.KindLaro, []string{who})
	if err != nil {
		g.env.Log.Error("laro stats names", "err", err)
		return ui.EphemeralText(ui.SomethingWrong(l))
	}
	return g.withChipsChart(ctx, ui.EphemeralMessage("", []*discordgo.MessageEmbed{{
		Title:       l.T("laro.stats.title"),
		Description: ui.NameOr(names, who),
		Color:       0x2b7a78,
		Fields: []*discordgo.MessageEmbedField{
			{Name: l.T("laro.stats.games"), Value: fmt.Sprint(st.Games), Inline: true},
			{Name: l.T("laro.stats.wins"), Value: fmt.Sprintf("%d (%.0f%%)", st.Wins, 100*float64(st.Wins)/float64(st.Games)), Inline: true},
			{Name: l.T("laro.stats.points"), Value: fmt.Sprint(st.Points), Inline: true},
			{Name: l.T("laro.stats.biggest"), Value: fmt.Sprint(st.BiggestHand), Inline: true},
			{Name: l.T("laro.stats.chips_won"), Value: fmt.Sprint(st.ChipsWon), Inline: true},
			{Name: l.T("laro.stats.chips_lost"), Value: fmt.Sprint(st.ChipsLost), Inline: true},
		},
	}}, nil), l, in.GuildID, who)
}
