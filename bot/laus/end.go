package laus

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// finish handles a match that just ended (its result is already stored).
func (t *lausTable) finish() {
	t.Status = store.StatusFinished
	t.Deadline = time.Time{}
	t.EndNotices()
	if t.StopTurn != nil {
		t.StopTurn()
	}
	// The match's message keeps showing its seats while players leave the
	// table after it.
	t.EndSeats = slices.Clone(t.Seats)
	// Players are free to sit elsewhere; Play again seats them anew.
	t.FreeSeats()
	table.ArmIdle(t, t.Env.Timing.LobbyTimeout)
}

// MinSeats is the fewest players a Laus match is played with.
func (t *lausTable) MinSeats() int { return minLausSeats }

// BeginNext starts the next match at the table, once everybody seated is
// in (see table.AfterGameClick), through the shared Play again
// (table.Core.PlayAgain).
func (t *lausTable) BeginNext(ctx context.Context, in *ui.Input) *ui.Reply {
	next := t.settings
	next.MatchNo++
	return t.PlayAgain(ctx, in, table.Again{
		Settings: next.marshal(), Final: t.public(),
		Noun: "match", Number: next.MatchNo, Header: t.threadHeader,
		Switch: func(id string) func() {
			finished := *t
			t.GameID, t.settings, t.EndSeats = id, next, nil
			return func() { *t = finished }
		},
		Begin: func() *ui.Reply { return t.begin(ctx, in.At) },
	})
}

// threadHeader is the channel message the thread of the next match (Play
// again) is started from.
func (t *lausTable) threadHeader() ui.Rendering {
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{{
		Title:       fmt.Sprintf("Laus · table %s · match %d", t.ID, t.settings.MatchNo),
		Description: fmt.Sprintf("Match %d is played in the thread below. Seated: %s", t.settings.MatchNo, table.SeatNames(t.Seats)),
		Color:       lausColor,
	}}}
}
