package laus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/share"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// rules answers /laus rules with the How to play pages.
func (g *Game) rules() *ui.Reply { return guide.Open() }

// scoreboard answers /laus scoreboard: this channel's current match
// round by round (or, until it has finished a round, the one played there
// before), and the server's all-time table. It answers privately, with a
// Share button that posts it in the channel.
func (g *Game) scoreboard(ctx context.Context, in *ui.Input) *ui.Reply {
	board, r := g.board(ctx, in)
	if r != nil {
		return r
	}
	return share.Private("laus", "scoreboard", board)
}

// board renders the scoreboard as it is now, or a reply saying why there
// is none.
func (g *Game) board(ctx context.Context, in *ui.Input) (ui.Rendering, *ui.Reply) {
	var embeds []*discordgo.MessageEmbed
	board, err := g.env.Store.LausScoreboard(ctx, in.GuildID, g.env.HomeChannel(in.ChannelID))
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		g.env.Log.Error("laus scoreboard", "err", err)
		return ui.Rendering{}, ui.EphemeralText(ui.MsgSomethingWrong)
	default:
		embeds = append(embeds, matchBoard(board))
	}
	table, err := g.env.Store.LausTable(ctx, in.GuildID)
	if err != nil {
		g.env.Log.Error("laus table", "err", err)
		return ui.Rendering{}, ui.EphemeralText(ui.MsgSomethingWrong)
	}
	if len(table) > 0 {
		embeds = append(embeds, allTimeTable(table))
	}
	if len(embeds) == 0 {
		return ui.Rendering{}, ui.EphemeralText("Nobody has played Laus here yet. Open a table with `/laus new`.")
	}
	r := ui.Rendering{Embeds: embeds}
	if png, ok := boardChart(board); ok { // then matchBoard's embed is the first
		r = r.AttachPicture(png.Name, png.Data)
	}
	return r, nil
}

// maxBoardRounds is how many rounds the scoreboard lists.
const maxBoardRounds = 25

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
	var rows strings.Builder
	shown := board.Rounds
	if len(shown) > maxBoardRounds {
		// An embed holds 4096 characters: a long match shows its latest rounds.
		fmt.Fprintf(&rows, "(%d earlier rounds not shown)\n", len(shown)-maxBoardRounds)
		shown = shown[len(shown)-maxBoardRounds:]
	}
	for _, r := range shown {
		parts := make([]string, len(r.Scores))
		for i, sc := range r.Scores {
			parts[i] = fmt.Sprintf("%d (%+d)", sc.Total, sc.Score)
		}
		fmt.Fprintf(&rows, "Round %d ×%d: %s\n", r.Round, r.Multiplier, strings.Join(parts, " · "))
	}
	last := board.Rounds[len(board.Rounds)-1]
	var totals strings.Builder
	top := slices.MaxFunc(last.Scores, func(a, b store.LausSeatScore) int { return a.Total - b.Total }).Total
	for _, sc := range last.Scores {
		name := "seat " + fmt.Sprint(sc.Seat+1)
		if sc.Seat < len(seats) {
			name = seats[sc.Seat].Mention()
		}
		fmt.Fprintf(&totals, "%s: total **%d**", name, sc.Total)
		if slices.Contains(board.Losers, sc.Seat) {
			totals.WriteString(" · lost")
		} else if sc.Total == top && board.Game.Status == store.StatusPlaying {
			fmt.Fprintf(&totals, " · closest to the target (%d to go)", max(s.Target-sc.Total, 0))
		}
		totals.WriteString("\n")
	}
	e.Description = "Totals after each round, seat by seat (round score in brackets):\n" + rows.String()
	e.Fields = []*discordgo.MessageEmbedField{{Name: "Totals", Value: totals.String()}}
	return e
}

// allTimeTable renders the server's all-time Laus table.
func allTimeTable(table []store.LausPlayerStats) *discordgo.MessageEmbed {
	var b strings.Builder
	for i, p := range table {
		if i == 20 {
			break
		}
		fmt.Fprintf(&b, "%d. <@%s> — %d match(es), %d lost · %d round(s), average %.1f · %d slam(s) · %d queen(s) taken\n",
			i+1, p.User, p.Matches, p.Losses, p.Rounds, p.AvgRoundScore, p.Slams, p.QueensTaken)
	}
	return &discordgo.MessageEmbed{
		Title:       "Laus · all-time table of this server (lowest average round score first)",
		Description: b.String(),
		Color:       lausColor,
	}
}
