package laro

import (
	"strconv"
	"time"

	rules "github.com/cardbot/cardbot/engine/laro"
	"github.com/cardbot/cardbot/store"
)

// turnTimer is how long a player has for a move.
func (t *laroTable) turnTimer() time.Duration {
	return time.Duration(t.settings.TurnTimerS) * t.Env.Timing.TurnTimerUnit
}

// nextDeadline is the turn timer of the seat to move (none for computers).
func (t *laroTable) nextDeadline() store.Deadline {
	if !t.playing() || t.Seats[t.game.Turn()].Computer {
		return store.Deadline{}
	}
	return store.Deadline{At: time.Now().Add(t.turnTimer()), Kind: "turn"}
}

// armTurn (re)starts the turn timer of the seat to move.
func (t *laroTable) armTurn() {
	if t.StopTurn != nil {
		t.StopTurn()
	}
	dl := t.nextDeadline()
	t.Deadline = dl.At
	t.noticeTurn(dl)
	if dl.At.IsZero() {
		return
	}
	moves := t.moves
	t.StopTurn = t.Act.After(time.Until(dl.At), func() {
		if t.moves == moves && t.playing() {
			t.timeout()
		}
	})
}

// noticeTurn tells the table's turn notice whose turn it is: the seat with
// deadline dl, or nobody to ping when it has none (a computer, a game over).
// Each move is a new position, so a notice ends with its player's move.
func (t *laroTable) noticeTurn(dl store.Deadline) {
	seat := -1
	if !dl.At.IsZero() {
		seat = t.game.Turn()
	}
	t.NoticeTurn(seat, strconv.Itoa(t.moves))
}

// timeout plays for a person whose turn timer ran out, or, the third time
// in a row, removes them from the game.
func (t *laroTable) timeout() {
	if t.choice != nil || (t.window != nil && t.window.draw != nil) {
		return // the move is already on its way
	}
	s := t.game.Turn()
	if t.autoplay[s] {
		// The computer already plays this turn for them and its next move
		// is late (it waits out ComputerDelay, which a busy machine can
		// stretch past a short turn timer): the move is made now, and a
		// turn counts as missed once.
		t.playFor(s)
		if !t.playing() || t.game.Turn() != s {
			t.autoplay[s] = false
		}
		return
	}
	t.timeouts[s]++
	if t.timeouts[s] >= 3 {
		if err := t.apply(rules.Forfeit{Seat: s}, time.Now(), ""); err != nil {
			t.armTurn()
		}
		return
	}
	t.Event(t.Lang.T("laro.event.timed_out", "Name", t.Seats[s].Label()))
	t.autoplay[s] = true
	t.playFor(s)
}

// playFor makes the computer player's move for seat s.
func (t *laroTable) playFor(s int) {
	a, ok := rules.Choose(rules.Computer{}, t.game.View(s))
	if !ok {
		return
	}
	if d, isDraw := a.(rules.Draw); isDraw {
		t.requestDraw(nil, s, time.Now(), d.FromDiscard)
		return
	}
	if err := t.apply(a, time.Now(), ""); err != nil {
		t.Env.Log.Warn("computer move failed", "table", t.ID, "seat", s, "err", err)
		t.armTurn()
	}
}

// scheduleComputer lets a computer seat (or a player being played for
// after a timeout) move after a short, human-readable pause.
func (t *laroTable) scheduleComputer() {
	if !t.playing() || t.choice != nil {
		return
	}
	s := t.game.Turn()
	if !t.Seats[s].Computer && !(t.autoplay[s] && t.game.Phase() != rules.PhaseDraw) {
		return
	}
	moves := t.moves
	t.Act.After(t.Env.Timing.ComputerDelay, func() {
		if t.moves != moves || !t.playing() || t.choice != nil || (t.window != nil && t.window.draw != nil) {
			return
		}
		t.playFor(s)
		if !t.Seats[s].Computer {
			t.autoplay[s] = false
		}
	})
}
