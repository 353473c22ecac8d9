package laus

import (
	"encoding/json"

	"github.com/cardbot/cardbot/bot/lang"

	"github.com/cardbot/cardbot/bot/pictures"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/store"
)

// boardChart draws a match's totals round by round against its target, for
// /laus scoreboard; ok is false before the first round has finished. The
// scoreboard's text lists the same totals. Players are named by their
// display names (a mention would show as a number in a picture).
func boardChart(l lang.Lang, board store.LausBoard) (png pictures.PNG, ok bool) {
	if len(board.Rounds) == 0 {
		return pictures.PNG{}, false
	}
	var s lausSettings
	_ = json.Unmarshal(board.Game.Settings, &s) // settings the bot wrote itself
	seats := table.SeatsFromStore(board.Game.Seats)
	n := len(board.Rounds[0].Scores)
	series := make([]pictures.LausSeries, n)
	for i := range series {
		series[i].Name = l.T("laus.board.seat", "Seat", i+1)
		if i < len(seats) && seats[i].Name != "" {
			series[i].Name = seats[i].Name
		}
	}
	for _, r := range board.Rounds {
		for _, sc := range r.Scores {
			if sc.Seat >= 0 && sc.Seat < n {
				series[sc.Seat].Totals = append(series[sc.Seat].Totals, sc.Total)
			}
		}
	}
	return pictures.LausChart(series, s.Target), true
}
