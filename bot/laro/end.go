package laro

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/store"
)

// settlement is the chip movement and stats of a game that just ended.
func (t *laroTable) settlement() *store.Settlement {
	st := &store.Settlement{}
	winner, points, won := t.game.Winner()
	multi := len(t.Seats) > 1
	for i, s := range t.Seats {
		if s.Computer || !multi {
			continue
		}
		r := store.LaroResult{User: s.UserID, Won: won && winner == i}
		if r.Won {
			r.Points = points
		}
		st.Laro = append(st.Laro, r)
	}
	t.result, t.antesBack = nil, false
	if !t.chipsMove() {
		return st
	}
	if !won {
		for _, s := range t.Seats {
			if t.settings.Ante > 0 {
				st.Moves = append(st.Moves, store.ChipMove{User: s.UserID, Reason: store.ReasonRefund, Amount: t.settings.Ante})
			}
		}
		t.antesBack = true // said in each reader's language (see screenOf)
		return st
	}
	deltas := rules.Settle(len(t.Seats), winner, points, t.settings.Stake, t.settings.Ante)
	payout := t.pot
	for i, s := range t.Seats {
		if i == winner {
			continue
		}
		if owed := t.settings.Stake * int64(points); owed > 0 {
			st.Moves = append(st.Moves, store.ChipMove{User: s.UserID, Reason: store.ReasonStake, Amount: owed})
			payout += owed
		}
	}
	if payout > 0 {
		st.Moves = append(st.Moves, store.ChipMove{User: t.Seats[winner].UserID, Reason: store.ReasonPayout, Amount: payout})
	}
	for i, s := range t.Seats {
		t.result = append(t.result, fmt.Sprintf("%s %+d", s.Label(), deltas[i]))
	}
	return st
}

// finish handles a game that just ended (its settlement is already stored).
func (t *laroTable) finish() {
	t.Status = store.StatusFinished
	t.window, t.choice = nil, nil
	t.Deadline = time.Time{}
	t.EndNotices()
	if t.StopTurn != nil {
		t.StopTurn()
	}
	t.pot = 0
	// The game's message keeps showing its seats (and its end picture)
	// while players leave the table after it.
	t.EndSeats = slices.Clone(t.Seats)
	// Players are free to sit elsewhere; Play again seats them anew.
	t.FreeSeats()
	table.ArmIdle(t, t.Env.Timing.LobbyTimeout)
}

// MinSeats is one: Laro can be played alone, for practice.
func (t *laroTable) MinSeats() int { return 1 }

// BeginNext starts the next game at the table with the winner dealing, once
// everybody seated is in (see table.AfterGameClick).
func (t *laroTable) BeginNext(ctx context.Context, in *ui.Input) *ui.Reply {
	next := t.settings
	next.GameNo++
	id, undo, r := t.NextGame(ctx, next.marshal())
	if r != nil {
		return r
	}
	// The finished game's message keeps its final state, without buttons.
	old := table.AfterGameView(t, laroPublic(t.screen(-1))).WithoutButtons()
	finished, lobby, finishedAt := *t, t.Out.MessageID(), t.Out.Channel()
	t.GameID, t.settings, t.EndSeats = id, next, nil
	t.NextThread(ctx, in, t.ThreadName(t.Lang.T("laro.thread_game"), next.GameNo), t.threadHeader())
	table.PostStartThrough(t, in)
	if r := t.begin(ctx, in.Lang(), in.At, nextDealer(finished.EndSeats, t.Seats, finished.game.NextDealer())); r != nil {
		*t = finished
		t.ReturnToLobby(lobby)
		undo()
		return r
	}
	table.DealHands(t, in)
	return table.AnswerStart(t, in, finishedAt, lobby, old)
}

// threadHeader is the channel message the thread of the next game (Play
// again) is started from.
func (t *laroTable) threadHeader() ui.Rendering {
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{{
		Title:       tableTitle(t.Lang, t.ID, t.settings.GameNo),
		Description: t.Lang.T("laro.thread_header", "Game", t.settings.GameNo, "Seated", table.SeatNames(t.Seats)),
		Color:       0x2b7a78,
	}}}
}

// nextDealer turns the finished game's next dealer (a seat of played, the
// game's seats) into a seat of seated, the table's seats now: players may
// have left since. When the dealer left, the next player after them in the
// old seat order who is still seated deals.
func nextDealer(played, seated []table.Seat, dealer int) int {
	if played == nil {
		played = seated
	}
	for k := range played {
		s := played[(dealer+k)%len(played)]
		if i := slices.Index(seated, s); i >= 0 {
			return i
		}
	}
	return 0
}
