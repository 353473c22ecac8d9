package laro

import (
	"context"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// laroRulesText explains Laro in the bot's own words (the published rule
// texts may not be copied).
const laroRulesText = `**Goal.** Be the first to hold three *clusters*: your eight cards plus the one you just took, in three groups of three.

**The deck.** 63 cards: three suits (● circle, ▲ triangle, ■ square), each with a plus and a minus half numbered 1–10, plus three wild **Void** cards.

**Clusters** (best first):
• **Void** — all three Voids: 9 points
• **Pure** — three in a row, same suit and same half (●+4 ●+5 ●+6): 3 points
• **Wild** — two of a pure run plus a Void filling the gap (●+4 ●+6 V): 2 points
• **Corrupt** — three in a row in one suit, halves mixed (●+4 ●−5 ●+6): 1 point
Runs stop at 10; 10-1-2 is not a run.

**Your turn.** The dealer starts. Draw the top of the deck or the top discard, then either declare your win (if your nine cards make three clusters) or discard one card.

**LARO!** When someone discards, anyone else may hit **LARO!** on the table to grab that card if it completes a cluster with two of their cards (or wins them the game). They lay that cluster face up, discard, and play continues after them: anyone in between is skipped. Several calls on one card? A winning call beats all, then the better cluster, then whoever sits first after the discarder. Calls count by the moment you clicked, within the table's window.

**Chips.** Each loser pays the winner *stake × points*; the winner also takes the antes. No winner after the deck runs out three times: antes go back.

**Looking back.** ` + "`/laro history`" + ` lists your finished games in this server; ` + "`/laro replay game:<ID>`" + ` steps through one move by move, every hand shown, with each LARO! contest explained.

**Busy channel?** ` + "`/laro new thread:true`" + ` plays each game in a thread started from the table's message; at the end the thread is archived and the channel message shows the result with a link. A server's defaults for new tables (stake, ante, LARO! window, turn timer, threads) are set with ` + "`/cardbot settings`" + ` (Manage Server); options you give ` + "`/laro new`" + ` still win.`

// rules answers /laro rules.
func (g *Game) rules() *ui.Reply {
	return ui.EphemeralMessage("", []*discordgo.MessageEmbed{{Title: "How to play Laro", Description: laroRulesText, Color: 0x2b7a78}}, nil)
}

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
