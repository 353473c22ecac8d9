package laro

import (
	"context"
	"fmt"
	"slices"

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

// finish handles a game that just ended (its settlement is already stored):
// the shared end (table.EndGame), and no claim window or pot left.
func (t *laroTable) finish() {
	t.window, t.choice = nil, nil
	t.pot = 0
	table.EndGame(t)
}

// MinSeats is one: Laro can be played alone, for practice.
func (t *laroTable) MinSeats() int { return 1 }

// BeginNext starts the next game at the table with the winner dealing, once
// everybody seated is in (see table.AfterGameClick), through the shared
// Play again (table.PlayAgain).
func (t *laroTable) BeginNext(ctx context.Context, in *ui.Input) *ui.Reply {
	next := t.settings
	next.GameNo++
	finished := *t
	return table.PlayAgain(ctx, t, in, table.Again{
		Settings: next.marshal(), Final: laroPublic(t.screen(-1)),
		Switch: func(id string) func() {
			t.GameID, t.settings, t.EndSeats = id, next, nil
			return func() { *t = finished }
		},
		Begin: func() *ui.Reply {
			return t.begin(ctx, in.Lang(), in.At, nextDealer(finished.EndSeats, t.Seats, finished.game.NextDealer()))
		},
	})
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
