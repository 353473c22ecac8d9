package laus

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"

	"github.com/cardbot/cardbot/bot/lang"

	"github.com/cardbot/cardbot/bot/pictures"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/store"
)

// boardPictureName names the chart of board alike in every language:
// Share turns the asker's private board (in their language) into the one
// it posts (in the server's), and that edit sends no file, so its embed
// must point at the picture the private message already holds.
func boardPictureName(board store.LausBoard) string {
	b, _ := json.Marshal(struct {
		G string
		R []store.LausRound
	}{board.Game.ID, board.Rounds}) // plain values always marshal
	sum := sha256.Sum256(b)
	return "laus-totals-" + hex.EncodeToString(sum[:6]) + ".png"
}

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
	return pictures.LausChartIn(l, series, s.Target), true
}
