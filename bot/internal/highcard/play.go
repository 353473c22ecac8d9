package highcard

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// start begins the table's first game (LobbyClick checked the host clicked).
func (t *hcTable) start(ctx context.Context, in *ui.Input) *ui.Reply {
	if len(t.Seats) < minSeats {
		return ui.EphemeralText(fmt.Sprintf("High card needs %d to %d players: wait for someone to **Join**, or add a computer.", minSeats, maxSeats))
	}
	return table.StartGame(ctx, t, in, func() *ui.Reply { return t.begin(ctx, in.At) })
}

// staked reports whether chips move: a stake, and no computer seat.
func (t *hcTable) staked() bool { return t.settings.Stake > 0 && !table.HasComputer(t.Seats) }

// begin deals a game and takes every player's stake in the same
// transaction as the deal; it returns a refusal, or nil.
func (t *hcTable) begin(ctx context.Context, at time.Time) *ui.Reply {
	seed := t.Env.Timing.NewSeed()
	var moves []store.ChipMove
	if t.staked() {
		for _, s := range t.Seats {
			moves = append(moves,
				store.ChipMove{User: s.UserID, Reason: store.ReasonEscrowHold, Amount: t.settings.Stake},
				store.ChipMove{User: s.UserID, Reason: store.ReasonAnte, Amount: t.settings.Stake})
		}
	}
	t.game, t.Events = deal(len(t.Seats), seed), nil
	dl := t.nextDeadline()
	rec := store.ActionRecord{GameID: t.GameID, Seq: 1, Data: []byte(startRecord(seed)), At: at, Status: store.StatusPlaying, Deadline: &dl}
	if err := t.Env.Store.AppendAction(ctx, rec, moves); err != nil {
		t.game = nil
		if _, ok := store.MissingChips(err); ok {
			var ice *store.InsufficientChipsError
			errors.As(err, &ice)
			return ui.EphemeralText(fmt.Sprintf("<@%s> does not have the %d chips of the stake, so the game cannot start.", ice.User, t.settings.Stake))
		}
		t.Env.Log.Error("starting a game", "table", t.ID, "err", err)
		return ui.EphemeralText(ui.SomethingWrong(t.Lang))
	}
	t.Seq, t.Status = 1, store.StatusPlaying
	if t.StopIdle != nil {
		t.StopIdle()
	}
	t.Event(fmt.Sprintf("Game %d dealt.", t.settings.GameNo))
	t.afterMove(true, "")
	return nil
}

// play answers a card's button on a player's hand.
func (t *hcTable) play(ctx context.Context, in *ui.Input) *ui.Reply {
	seat, r := t.MySeat(in)
	if r != nil {
		return r
	}
	card, err := strconv.Atoi(in.Component.Arg)
	if err != nil || t.game.turn() != seat {
		return table.HandReply(t, in, seat, "⚠️ It is not your turn.")
	}
	if err := t.apply(seat, card, in.At, in.UserID); err != nil {
		return table.HandReply(t, in, seat, "⚠️ That card could not be played.")
	}
	return table.HandReply(t, in, seat, "")
}

// apply plays seat's card, stores it (the last play with the game's result
// and its chips, in one transaction) and only then lets the game move on.
func (t *hcTable) apply(seat, card int, at time.Time, actor string) error {
	before := *t.game
	before.hands = slices.Clone(before.hands)
	before.hands[seat] = slices.Clone(before.hands[seat])
	before.played, before.order = slices.Clone(before.played), slices.Clone(before.order)
	if err := t.game.play(seat, card); err != nil {
		return err
	}
	rec := store.ActionRecord{Data: []byte(playRecord(seat, card)), At: at}
	var ended *store.Settlement
	if t.game.over() {
		ended = t.settlement()
	} else {
		dl := t.nextDeadline()
		rec.Deadline = &dl
	}
	if err := t.Commit(rec, ended, "a play"); err != nil {
		*t.game = before
		return err
	}
	t.describe(seat, card)
	t.afterMove(false, actor)
	return nil
}

// describe adds a play, and the result after the last, to the recent events.
func (t *hcTable) describe(seat, card int) {
	t.Event(fmt.Sprintf("%s plays %d.", t.Seats[seat].Label(), card))
	if t.game.over() {
		w := t.game.winner()
		t.Event(fmt.Sprintf("🏆 %s wins with %d.", t.Seats[w].Label(), t.game.played[w]))
	}
}

// settlement pays the pot to the winner.
func (t *hcTable) settlement() *store.Settlement {
	st := &store.Settlement{}
	if t.staked() {
		pot := t.settings.Stake * int64(len(t.Seats))
		st.Moves = []store.ChipMove{{User: t.Seats[t.game.winner()].UserID, Reason: store.ReasonPayout, Amount: pot}}
	}
	return st
}

// afterMove arms the next turn or ends the game, and redraws the messages.
func (t *hcTable) afterMove(fresh bool, actor string) {
	if t.game.over() {
		t.finish()
	} else if !t.scheduleComputer() {
		t.armTurn(time.Now().Add(t.turnTimer()))
	}
	t.Out.SetPublic(t.public(), fresh)
	table.RefreshHands(t, actor)
}

// finish ends a game whose result is stored: the table stays open for
// Play again until its idle deadline (table.EndGame).
func (t *hcTable) finish() { table.EndGame(t) }

// BeginNext deals the next game once everyone is in, through the shared
// Play again (table.PlayAgain).
func (t *hcTable) BeginNext(ctx context.Context, in *ui.Input) *ui.Reply {
	next := t.settings
	next.GameNo++
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
