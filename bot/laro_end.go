package bot

import (
	"context"
	"fmt"
	"time"

	"github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/store"
)

// settlement is the chip movement and stats of a game that just ended.
func (t *laroTable) settlement() *store.Settlement {
	st := &store.Settlement{}
	winner, points, won := t.game.Winner()
	multi := len(t.seats) > 1
	for i, s := range t.seats {
		if s.Computer || !multi {
			continue
		}
		r := store.LaroResult{User: s.UserID, Won: won && winner == i}
		if r.Won {
			r.Points = points
		}
		st.Laro = append(st.Laro, r)
	}
	t.result = nil
	if !t.chipsMove() {
		return st
	}
	if !won {
		for _, s := range t.seats {
			if t.settings.Ante > 0 {
				st.Moves = append(st.Moves, store.ChipMove{User: s.UserID, Reason: store.ReasonRefund, Amount: t.settings.Ante})
			}
		}
		t.result = []string{"antes returned"}
		return st
	}
	deltas := laro.Settle(len(t.seats), winner, points, t.settings.Stake, t.settings.Ante)
	payout := t.pot
	for i, s := range t.seats {
		if i == winner {
			continue
		}
		if owed := t.settings.Stake * int64(points); owed > 0 {
			st.Moves = append(st.Moves, store.ChipMove{User: s.UserID, Reason: store.ReasonStake, Amount: owed})
			payout += owed
		}
	}
	if payout > 0 {
		st.Moves = append(st.Moves, store.ChipMove{User: t.seats[winner].UserID, Reason: store.ReasonPayout, Amount: payout})
	}
	for i, s := range t.seats {
		t.result = append(t.result, fmt.Sprintf("%s %+d", s.mention(), deltas[i]))
	}
	return st
}

// finish handles a game that just ended (its settlement is already stored).
func (t *laroTable) finish() {
	t.status = store.StatusFinished
	t.window, t.choice = nil, nil
	t.deadline = time.Time{}
	if t.stopTurn != nil {
		t.stopTurn()
	}
	t.pot = 0
	// Players are free to sit elsewhere; Play again seats them anew.
	t.freeSeats()
	armIdle(t, t.b.opts.LobbyTimeout)
}

// playAgain starts the next game at the table with the winner dealing.
func (t *laroTable) playAgain(ctx context.Context, in *Input) *Reply {
	if _, r := t.mySeat(in); r != nil {
		return r
	}
	if t.playing() {
		return ephemeralText("The next game is already running.")
	}
	next := t.settings
	next.GameNo++
	id, undo, r := t.nextGame(ctx, next.marshal())
	if r != nil {
		return r
	}
	// The finished game's message keeps its final state, without buttons.
	old := laroPublic(t.screen(-1)).withoutButtons()
	finished := *t
	t.gameID, t.settings = id, next
	if r := t.begin(ctx, in.At, finished.game.NextDealer()); r != nil {
		*t = finished
		undo()
		return r
	}
	return updateMessage("", old.Embeds, old.Components)
}

// leaveAfterGame takes a player off the table between games.
func (t *laroTable) leaveAfterGame(ctx context.Context, in *Input) *Reply {
	i, r := t.mySeat(in)
	if r != nil {
		return r
	}
	if t.playing() {
		return ephemeralText("You cannot leave in the middle of a game.")
	}
	t.seats = append(append([]seat{}, t.seats[:i]...), t.seats[i+1:]...)
	t.b.releaseSeat("laro", t.guild, in.UserID, t.id)
	next, ok := firstHuman(t.seats)
	if !ok {
		closeTable(t)
		t.out.SetPublic(laroPublic(t.screen(-1)).withoutButtons(), false)
		return ephemeralText("You left. Nobody is left at the table, so it has closed.")
	}
	if in.UserID == t.host {
		t.host = next
	}
	return ephemeralText(fmt.Sprintf("You left table **%s**.", t.id))
}
