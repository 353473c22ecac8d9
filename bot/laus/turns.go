package laus

import (
	"strconv"
	"time"

	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laus"
	"github.com/cardbot/cardbot/store"
)

// turnTimer is how long a player has for one decision.
func (t *lausTable) turnTimer() time.Duration {
	return time.Duration(t.settings.TurnTimerS) * t.Env.Timing.TurnTimerUnit
}

// nextDeadline is the turn timer of the seat to act: none for a computer
// seat, nor for a seat the computer keeps for an absent player.
func (t *lausTable) nextDeadline() store.Deadline {
	if !t.playing() {
		return store.Deadline{}
	}
	s := t.match.Turn()
	if t.Seats[s].Computer || t.afk[s] {
		return store.Deadline{}
	}
	return store.Deadline{At: time.Now().Add(t.turnTimer()), Kind: "turn"}
}

// armTurn (re)starts the turn timer of the seat to act.
func (t *lausTable) armTurn() {
	dl := t.nextDeadline()
	t.armTurnAt(dl.At)
}

// armTurnAt arms the turn timer for a given deadline (zero: none). Recovery
// uses it to keep the deadline players were shown before a restart.
func (t *lausTable) armTurnAt(at time.Time) {
	if t.StopTurn != nil {
		t.StopTurn()
		t.StopTurn = nil
	}
	t.Deadline = at
	// Each stored action is a new position, so a turn notice ends with
	// its player's move (see table.Core.NoticeTurn).
	seat := -1
	if !at.IsZero() {
		seat = t.match.Turn()
	}
	t.NoticeTurn(seat, strconv.FormatInt(t.Seq, 10))
	if at.IsZero() {
		return
	}
	seq := t.Seq
	t.StopTurn = t.Act.After(time.Until(at), func() {
		if t.Seq == seq && t.playing() {
			t.timeout()
		}
	})
}

// timeout plays for a person whose turn timer ran out; the third time in a
// row the computer keeps their seat until they press "I'm back" (keepSeat).
func (t *lausTable) timeout() {
	s := t.match.Turn()
	if t.Seats[s].Computer || t.afk[s] {
		return
	}
	t.playFor(s, true)
}

// playFor makes the computer player's move for seat s; timedOut marks a
// move made because its player's turn timer ran out.
func (t *lausTable) playFor(s int, timedOut bool) {
	a, ok := rules.Decide(rules.Computer{}, t.match.View(s))
	if !ok {
		return
	}
	if err := t.apply(a, time.Now(), "", timedOut); err != nil {
		t.Env.Log.Warn("computer move failed", "table", t.ID, "seat", s, "err", err)
		t.armTurn()
	}
}

// scheduleComputer lets a computer seat (or a seat the computer keeps for
// an absent player) move after a short, human-readable pause.
func (t *lausTable) scheduleComputer() {
	if !t.playing() {
		return
	}
	s := t.match.Turn()
	if !t.Seats[s].Computer && !t.afk[s] {
		return
	}
	seq := t.Seq
	t.Act.After(t.Env.Timing.ComputerDelay, func() {
		if t.Seq != seq || !t.playing() || !(t.Seats[s].Computer || t.afk[s]) {
			return
		}
		t.playFor(s, false)
	})
}

// back gives a player their seat back from the computer ("I'm back"). It
// is stored in the match's log before the player is told, like a move.
func (t *lausTable) back(in *ui.Input) *ui.Reply {
	s, r := t.MySeat(in)
	if r != nil {
		return r
	}
	l := in.Lang()
	if !t.playing() {
		return table.HandReply(t, in, s, l.T("laus.move.over"))
	}
	if !t.afk[s] {
		return ui.EphemeralText(l.T("laus.back.not_away"))
	}
	e := lausEntry{back: s}
	data, err := e.marshal()
	if err != nil {
		return somethingWrong(l)
	}
	kept := t.saveSeatKeeping()
	lines := t.keepSeat(e)
	rec := store.ActionRecord{Data: data, At: in.At}
	deadline := t.Deadline // another seat's turn keeps its timer
	if t.match.Turn() == s {
		dl := t.nextDeadline()
		rec.Deadline, deadline = &dl, dl.At
	}
	if err := t.Commit(rec, nil, "I'm back"); err != nil {
		t.restoreSeatKeeping(kept)
		return table.HandReply(t, in, s, "⚠️ "+lausRefusal(l, err))
	}
	for _, l := range lines {
		t.Event(l)
	}
	// Timers and computer moves wait for the log position they were armed
	// at: arm them again at the new one.
	t.armTurnAt(deadline)
	t.scheduleComputer()
	t.refreshAll(false, in.UserID)
	return table.HandReply(t, in, s, l.T("laus.back.welcome"))
}
