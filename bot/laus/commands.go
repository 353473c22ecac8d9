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
	return share.Private(gameName, "scoreboard", board)
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
		users := make([]string, len(table))
		for i, p := range table {
			users[i] = p.User
		}
		names, err := g.env.Store.SeatNames(ctx, in.GuildID, store.KindLaus, users)
		if err != nil {
			g.env.Log.Error("laus table names", "err", err)
			return ui.Rendering{}, ui.EphemeralText(ui.MsgSomethingWrong)
		}
		embeds = append(embeds, allTimeTable(table, names))
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
