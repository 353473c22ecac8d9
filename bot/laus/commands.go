package laus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// lausRulesText explains Laus in the bot's own words (the published rule
// texts may not be copied).
const lausRulesText = `**Goal.** Collect as few points as you can. When a total reaches the table's target, the match stops and whoever has the **highest** total loses (a tie loses together).

**Cards.** 32 of them: 7 8 9 10 J Q K A in ♣ ♠ ♥ ♦. The four **jacks are trumps**, strongest first J♣ J♠ J♥ J♦, and they belong to no plain suit. In a plain suit the order is A 10 K Q 9 8 7.

**Points you collect.** A 11 · 10 10 · K 4 · Q 3 · J 2 · 9 8 7 nothing. Queens hurt more: take Q♣ and you add 300, Q♠ 200, Q♥ 100. Q♦ is your shield: taking it wipes out every queen bonus in your pile that round (the 3 points per queen stay).

**Dealing.** The deal moves one seat to the left each round. Four players get eight cards each. Three players get ten each and two go face down as the **skat**.

**The skat (three players).** From the dealer's left round to the dealer, each player either looks (takes the two cards, then lays any two back face down, never a queen or a jack) or passes. Every pass **doubles** the whole round.

**Tricks.** The dealer's left leads. Follow the led suit if you can (a jack lead asks for a jack); otherwise play anything. The best jack wins the trick, else the best card of the led suit. The winner leads next. In the three-player game the skat goes to whoever wins the last trick.

**Scoring.** Your round score is your pile's points plus queen bonuses, doubled for each skat pass and for each player who took no trick at all. Take **every** trick and you score −120 instead (doubled per pass) while the others score 0.

**At the table.** Open **My hand** to see your cards and play: only the cards you may play are offered. Run out of time and the computer plays for you; three times in a row and it keeps your seat until you press **I'm back**.

**Looking back.** ` + "`/laus history`" + ` lists your finished matches in this server; ` + "`/laus replay match:<ID>`" + ` steps through one trick by trick, every hand and the skat shown, with each round's scoring.

**Busy channel?** ` + "`/laus new thread:true`" + ` plays each match in a thread started from the table's message, round summaries included; at the end the thread is archived and the channel message shows the result with a link. A server's defaults (target, turn timer, threads) are set with ` + "`/cardbot settings`" + ` (Manage Server); options you give ` + "`/laus new`" + ` still win.`

// rules answers /laus rules.
func (g *Game) rules() *ui.Reply {
	return ui.EphemeralMessage("", []*discordgo.MessageEmbed{{Title: "How to play Laus", Description: lausRulesText, Color: lausColor}}, nil)
}

// scoreboard answers /laus scoreboard: this channel's current match
// round by round (or, until it has finished a round, the one played there
// before), and the server's all-time table.
func (g *Game) scoreboard(ctx context.Context, in *ui.Input) *ui.Reply {
	var embeds []*discordgo.MessageEmbed
	board, err := g.env.Store.LausScoreboard(ctx, in.GuildID, g.env.HomeChannel(in.ChannelID))
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		g.env.Log.Error("laus scoreboard", "err", err)
		return ui.EphemeralText(ui.MsgSomethingWrong)
	default:
		embeds = append(embeds, matchBoard(board))
	}
	table, err := g.env.Store.LausTable(ctx, in.GuildID)
	if err != nil {
		g.env.Log.Error("laus table", "err", err)
		return ui.EphemeralText(ui.MsgSomethingWrong)
	}
	if len(table) > 0 {
		users := make([]string, len(table))
		for i, p := range table {
			users[i] = p.User
		}
		names, err := g.env.Store.SeatNames(ctx, in.GuildID, store.KindLaus, users)
		if err != nil {
			g.env.Log.Error("laus table names", "err", err)
			return ui.EphemeralText(ui.MsgSomethingWrong)
		}
		embeds = append(embeds, allTimeTable(table, names))
	}
	if len(embeds) == 0 {
		return ui.EphemeralText("Nobody has played Laus here yet. Open a table with `/laus new`.")
	}
	r := ui.PublicMessage("", embeds)
	if png, ok := boardChart(board); ok { // then matchBoard's embed is the first
		r = r.WithPicture(png.Name, png.Data)
	}
	return r
}

// maxBoardRounds is how many rounds the scoreboard lists, and
// maxBoardText how long they may be, leaving room in the 4096 characters
// of an embed's description for its first lines.
const (
	maxBoardRounds = 25
	maxBoardText   = 3900
)

// matchBoard renders one match's totals after every round.
func matchBoard(board store.LausBoard) *discordgo.MessageEmbed {
	var s lausSettings
	_ = json.Unmarshal(board.Game.Settings, &s) // settings the bot wrote itself
	seats := table.SeatsFromStore(board.Game.Seats)
	state := "running"
	switch board.Game.Status {
	case store.StatusFinished:
		state = "finished"
	case store.StatusLobby:
		state = "waiting to start"
	case store.StatusCancelled:
		state = "cancelled"
	}
	e := &discordgo.MessageEmbed{
		Title: fmt.Sprintf("Laus · table %s · match %d (%s) · target %d", board.Game.TableID, s.MatchNo, state, s.Target),
		Color: lausColor,
	}
	if len(board.Rounds) == 0 {
		e.Description = "No round has finished yet."
		return e
	}
	name := func(seat int) string {
		if seat < len(seats) {
			return seats[seat].Label()
		}
		return fmt.Sprintf("seat %d", seat+1)
	}
	var lines []string
	for _, r := range board.Rounds {
		parts := make([]string, len(r.Scores))
		for i, sc := range r.Scores {
			parts[i] = fmt.Sprintf("%s %d (%+d)", name(sc.Seat), sc.Total, sc.Score)
		}
		lines = append(lines, fmt.Sprintf("Round %d ×%d: %s", r.Round, r.Multiplier, strings.Join(parts, " · ")))
	}
	// An embed holds 4096 characters: a long match, or long names, show
	// the latest rounds.
	shown, earlier := lines, 0
	for len(shown) > maxBoardRounds || len(shown) > 1 && utf8.RuneCountInString(strings.Join(shown, "\n")) > maxBoardText {
		shown, earlier = shown[1:], earlier+1
	}
	var rows strings.Builder
	if earlier > 0 {
		fmt.Fprintf(&rows, "(%s not shown)\n", ui.Count(earlier, "earlier round", "earlier rounds"))
	}
	rows.WriteString(strings.Join(shown, "\n") + "\n")
	last := board.Rounds[len(board.Rounds)-1]
	var totals strings.Builder
	top := slices.MaxFunc(last.Scores, func(a, b store.LausSeatScore) int { return a.Total - b.Total }).Total
	// Lowest total first: in Laus the highest total loses, so the leader
	// heads the list, as on any scoreboard.
	standings := slices.Clone(last.Scores)
	slices.SortStableFunc(standings, func(a, b store.LausSeatScore) int { return a.Total - b.Total })
	for _, sc := range standings {
		fmt.Fprintf(&totals, "%s: total **%d**", name(sc.Seat), sc.Total)
		if slices.Contains(board.Losers, sc.Seat) {
			totals.WriteString(" · lost")
		} else if sc.Total == top && board.Game.Status == store.StatusPlaying {
			fmt.Fprintf(&totals, " · closest to the target (%d to go)", max(s.Target-sc.Total, 0))
		}
		totals.WriteString("\n")
	}
	e.Description = "Totals after each round (round score in brackets):\n" + rows.String()
	e.Fields = []*discordgo.MessageEmbedField{{Name: "Totals, lowest first", Value: totals.String()}}
	return e
}

// allTimeTable renders the server's all-time Laus table, best average
// first, naming each player by the name they last sat down with (names);
// a player the store knows no name for is mentioned instead.
func allTimeTable(table []store.LausPlayerStats, names map[string]string) *discordgo.MessageEmbed {
	var b strings.Builder
	for i, p := range table {
		if i == 20 {
			break
		}
		who := ui.NameOr(names, p.User)
		fmt.Fprintf(&b, "%d. %s — %s, %d lost · %s, average %.1f · %s · %s taken\n",
			i+1, who, ui.Count(p.Matches, "match", "matches"), p.Losses, ui.Count(p.Rounds, "round", "rounds"), p.AvgRoundScore,
			ui.Count(p.Slams, "slam", "slams"), ui.Count(p.QueensTaken, "queen", "queens"))
	}
	return &discordgo.MessageEmbed{
		Title:       "Laus · all-time table of this server (lowest average round score first)",
		Description: b.String(),
		Color:       lausColor,
	}
}
