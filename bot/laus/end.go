package laus

import (
	"context"
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

// BeginNext starts a new match at the table with its seats, once everybody
// seated is in (see table.AfterGameClick).
func (t *lausTable) BeginNext(ctx context.Context, in *ui.Input) *ui.Reply {
	next := t.settings
	next.MatchNo++
	id, undo, r := t.NextGame(ctx, next.marshal())
	if r != nil {
		return r
	}
	// The finished match's message keeps its final state, without buttons.
	old := table.AfterGameView(t, t.public()).WithoutButtons()
	finished, lobby, finishedAt := *t, t.Out.MessageID(), t.Out.Channel()
	t.GameID, t.settings, t.EndSeats = id, next, nil
	t.NextThread(ctx, in, t.ThreadName(t.Lang.T("laus.match_noun"), next.MatchNo), t.threadHeader())
	table.PostStartThrough(t, in)
	if r := t.begin(ctx, in.At); r != nil {
		*t = finished
		t.ReturnToLobby(lobby)
		undo()
		return r
	}
	table.DealHands(t, in)
	return table.AnswerStart(t, in, finishedAt, lobby, old)
}

// threadHeader is the channel message the thread of the next match (Play
// again) is started from.
func (t *lausTable) threadHeader() ui.Rendering {
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{{
		Title:       t.Lang.T("laus.thread.title", "Table", t.ID, "Match", t.settings.MatchNo),
		Description: t.Lang.T("laus.thread.header", "Match", t.settings.MatchNo, "Seated", table.SeatNames(t.Seats)),
		Color:       lausColor,
	}}}
}
