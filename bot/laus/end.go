package laus

import (
	"context"

	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
)

// finish handles a match that just ended (its result is already stored).
func (t *lausTable) finish() { table.EndGame(t) }

// MinSeats is the fewest players a Laus match is played with.
func (t *lausTable) MinSeats() int { return minLausSeats }

// BeginNext starts a new match at the table with its seats, once everybody
// seated is in (see table.AfterGameClick), through the shared Play again
// (table.PlayAgain).
func (t *lausTable) BeginNext(ctx context.Context, in *ui.Input) *ui.Reply {
	next := t.settings
	next.MatchNo++
	finished := *t
	return table.PlayAgain(ctx, t, in, table.Again{
		Settings: next.marshal(), Final: t.public(),
		Switch: func(id string) func() {
			t.GameID, t.settings, t.EndSeats = id, next, nil
			return func() { *t = finished }
		},
		Begin: func() *ui.Reply { return t.begin(ctx, in.At) },
	})
}
