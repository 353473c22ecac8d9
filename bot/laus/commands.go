package laus

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/share"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// rules answers /laus rules with the How to play pages, in l.
func (g *Game) rules(l lang.Lang) *ui.Reply { return guide.OpenIn(l) }

// scoreboard answers /laus scoreboard: this channel's current match
// round by round (or, until it has finished a round, the one played there
// before), and the server's all-time table. It answers privately, with a
// Share button that posts it in the channel.
func (g *Game) scoreboard(ctx context.Context, in *ui.Input) *ui.Reply {
	board, r := g.board(ctx, in, in.Lang())
	if r != nil {
		return r
	}
	return share.PrivateIn(in.Lang(), gameName, "scoreboard", board)
}

// board renders the scoreboard as it is now in l, or a reply in the
// clicker's language saying why there is none.
func (g *Game) board(ctx context.Context, in *ui.Input, l lang.Lang) (ui.Rendering, *ui.Reply) {
	var embeds []*discordgo.MessageEmbed
	board, err := g.env.Store.LausScoreboard(ctx, in.GuildID, g.env.HomeChannel(in.ChannelID))
	switch {
	case errors.Is(err, store.ErrNotFound):
	case err != nil:
		g.env.Log.Error("laus scoreboard", "err", err)
		return ui.Rendering{}, somethingWrong(in.Lang())
	default:
		embeds = append(embeds, matchBoard(l, board))
	}
	table, err := g.env.Store.LausTable(ctx, in.GuildID)
	if err != nil {
		g.env.Log.Error("laus table", "err", err)
		return ui.Rendering{}, somethingWrong(in.Lang())
	}
	if len(table) > 0 {
		users := make([]string, len(table))
		for i, p := range table {
			users[i] = p.User
		}
		names, err := g.env.Store.SeatNames(ctx, in.GuildID, store.KindLaus, users)
		if err != nil {
			g.env.Log.Error("laus table names", "err", err)
			return ui.Rendering{}, somethingWrong(in.Lang())
		}
		embeds = append(embeds, allTimeTable(l, table, names))
	}
	if len(embeds) == 0 {
		return ui.Rendering{}, ui.EphemeralText(in.Lang().T("laus.board.nobody_yet"))
	}
	r := ui.Rendering{Embeds: embeds}
	if png, ok := boardChart(l, board); ok { // then matchBoard's embed is the first
		r = r.AttachPicture(boardPictureName(board), png.Data)
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

// matchBoard renders, in l, one match's totals after every round.
func matchBoard(l lang.Lang, board store.LausBoard) *discordgo.MessageEmbed {
	var s lausSettings
	_ = json.Unmarshal(board.Game.Settings, &s) // settings the bot wrote itself
	seats := table.SeatsFromStore(board.Game.Seats)
	state := "laus.board.running"
	switch board.Game.Status {
	case store.StatusFinished:
		state = "laus.board.finished"
	case store.StatusLobby:
		state = "laus.board.waiting"
	case store.StatusCancelled:
		state = "laus.board.cancelled"
	}
	e := &discordgo.MessageEmbed{
		Title: l.T("laus.board.title", "Table", board.Game.TableID, "Match", s.MatchNo, "State", l.T(state), "Target", s.Target),
		Color: lausColor,
	}
	if len(board.Rounds) == 0 {
		e.Description = l.T("laus.board.no_round")
		return e
	}
	name := func(seat int) string {
		if seat < len(seats) {
			return seats[seat].Label()
		}
		return l.T("laus.board.seat", "Seat", seat+1)
	}
	var lines []string
	for _, r := range board.Rounds {
		parts := make([]string, len(r.Scores))
		for i, sc := range r.Scores {
			parts[i] = fmt.Sprintf("%s %d (%+d)", name(sc.Seat), sc.Total, sc.Score)
		}
		lines = append(lines, l.T("laus.board.row", "Round", r.Round, "Factor", r.Multiplier, "Scores", strings.Join(parts, " · ")))
	}
	// An embed holds 4096 characters: a long match, or long names, show
	// the latest rounds.
	shown, earlier := lines, 0
	for len(shown) > maxBoardRounds || len(shown) > 1 && utf8.RuneCountInString(strings.Join(shown, "\n")) > maxBoardText {
		shown, earlier = shown[1:], earlier+1
	}
	var rows strings.Builder
	if earlier > 0 {
		rows.WriteString(l.N("laus.board.earlier", earlier) + "\n")
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
		totals.WriteString(l.T("laus.board.total", "Who", name(sc.Seat), "Total", sc.Total))
		if slices.Contains(board.Losers, sc.Seat) {
			totals.WriteString(" · " + l.T("laus.board.lost"))
		} else if sc.Total == top && board.Game.Status == store.StatusPlaying {
			totals.WriteString(" · " + l.T("laus.board.closest", "ToGo", max(s.Target-sc.Total, 0)))
		}
		totals.WriteString("\n")
	}
	e.Description = l.T("laus.board.intro") + "\n" + rows.String()
	e.Fields = []*discordgo.MessageEmbedField{{Name: l.T("laus.board.totals"), Value: totals.String()}}
	return e
}

// allTimeTable renders, in l, the server's all-time Laus table, best
// average first, naming each player by the name they last sat down with
// (names); a player the store knows no name for is mentioned instead.
func allTimeTable(l lang.Lang, table []store.LausPlayerStats, names map[string]string) *discordgo.MessageEmbed {
	var b strings.Builder
	for i, p := range table {
		if i == 20 {
			break
		}
		who := ui.NameOr(names, p.User)
		b.WriteString(l.T("laus.board.player", "Place", i+1, "Who", who, "Matches", l.N("laus.count.matches", p.Matches),
			"Lost", p.Losses, "Rounds", l.N("laus.count.rounds", p.Rounds), "Average", decimal(l, p.AvgRoundScore),
			"Slams", l.N("laus.count.slams", p.Slams), "Queens", l.N("laus.count.queens", p.QueensTaken)) + "\n")
	}
	return &discordgo.MessageEmbed{
		Title:       l.T("laus.board.all_time"),
		Description: b.String(),
		Color:       lausColor,
	}
}

// decimal writes x with one decimal as l does: 12.5, in German 12,5.
func decimal(l lang.Lang, x float64) string {
	return strings.Replace(strconv.FormatFloat(x, 'f', 1, 64), ".", l.T("laus.decimal_point"), 1)
}
