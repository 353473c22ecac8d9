package highcard

import (
	"time"

	"github.com/cardbot/cardbot/store"
)

// turnTimer is how long a player has for a turn.
func (t *hcTable) turnTimer() time.Duration {
	return time.Duration(t.settings.TurnTimerS) * t.Env.Timing.TurnTimerUnit
}

// nextDeadline is the stored deadline of the turn that a move starts.
func (t *hcTable) nextDeadline() store.Deadline {
	return store.Deadline{At: time.Now().Add(t.turnTimer()), Kind: "turn"}
}

// armTurn arms the turn timer for at: when it fires with nobody having
// moved, the table plays the seat's lowest card for them. Recovery keeps the
// deadline the players were shown before a restart.
func (t *hcTable) armTurn(at time.Time) {
	if t.StopTurn != nil {
		t.StopTurn()
	}
	t.Deadline = at
	seq := t.Seq
	t.StopTurn = t.Act.After(time.Until(at), func() {
		if t.Seq == seq && t.game != nil && !t.game.over() {
			t.playFor(t.game.turn())
		}
	})
}

// playFor plays the lowest card of seat: a timed-out player, or a computer.
func (t *hcTable) playFor(seat int) {
	if err := t.apply(seat, t.game.hands[seat][0], time.Now(), ""); err != nil {
		t.Env.Log.Error("playing for a seat", "table", t.ID, "err", err)
	}
}

// scheduleComputer has a computer seat whose turn it is play, and reports
// whether it is a computer's turn (which needs no turn timer).
func (t *hcTable) scheduleComputer() bool {
	s := t.game.turn()
	if s < 0 || !t.Seats[s].Computer {
		return false
	}
	if t.StopTurn != nil {
		t.StopTurn()
	}
	seq := t.Seq
	t.StopTurn = t.Act.After(t.Env.Timing.ComputerDelay, func() {
		if t.Seq == seq {
			t.playFor(s)
		}
	})
	return true
}
