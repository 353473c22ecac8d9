package laro

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// rules answers /laro rules with the How to play pages.
func (g *Game) rules() *ui.Reply { return guide.Open() }

// stats answers /laro stats.
func (g *Game) stats(ctx context.Context, in *ui.Input) *ui.Reply {
	who := in.Options.User("player")
	if who == "" {
		who = in.UserID
	}
	st, err := g.env.Store.LaroStats(ctx, in.GuildID, who)
	if err != nil {
		g.env.Log.Error("laro stats", "err", err)
		return ui.EphemeralText(ui.MsgSomethingWrong)
	}
	if st.Games == 0 {
		return ui.EphemeralText(fmt.Sprintf("<@%s> has not finished a Laro game in this server yet.", who))
	}
	names, err := g.env.Store.SeatNames(ctx, in.GuildID, store.KindLaro, []string{who})
	if err != nil {
		g.env.Log.Error("laro stats names", "err", err)
		return ui.EphemeralText(ui.MsgSomethingWrong)
	}
	return g.withChipsChart(ctx, ui.EphemeralMessage("", []*discordgo.MessageEmbed{{
		Title:       "Laro stats",
		Description: ui.NameOr(names, who),
		Color:       0x2b7a78,
		Fields: []*discordgo.MessageEmbedField{
			{Name: "Games", Value: fmt.Sprint(st.Games), Inline: true},
			{Name: "Wins", Value: fmt.Sprintf("%d (%.0f%%)", st.Wins, 100*float64(st.Wins)/float64(st.Games)), Inline: true},
			{Name: "Points", Value: fmt.Sprint(st.Points), Inline: true},
			{Name: "Biggest hand", Value: fmt.Sprint(st.BiggestHand), Inline: true},
			{Name: "Chips won", Value: fmt.Sprint(st.ChipsWon), Inline: true},
			{Name: "Chips lost", Value: fmt.Sprint(st.ChipsLost), Inline: true},
		},
	}}, nil), in.GuildID, who)
}
