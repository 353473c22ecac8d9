package laus

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cardbot/cardbot/bot/lang"
	rules "github.com/cardbot/cardbot/engine/laus"
)

// A Laus match's log is its start record (the seed) and then one record per
// lausEntry, in the order they happened. Besides the engine's moves, it says
// who made them when that matters after a restart: a move the table made
// because the player's turn timer ran out, and a player taking their seat
// back from the computer. Replaying it rebuilds the match and who plays
// which seat exactly. The records read:
//
//	play 1 QS           a move, in the engine's text form
//	timeout play 1 QS   a move made for seat 1, whose turn timer ran out
//	back 1              seat 1's player pressed "I'm back"
type lausEntry struct {
	action   rules.Action // nil for "back"
	timedOut bool         // the table made the move when the turn timer ran out
	back     int          // the seat whose player came back, for "back"
}

// Prefixes of the records that are not plain engine moves.
const (
	lausTimeoutPrefix = "timeout "
	lausBackPrefix    = "back "
)

// marshal returns the entry's record text.
func (e lausEntry) marshal() ([]byte, error) {
	if e.action == nil {
		return []byte(lausBackPrefix + strconv.Itoa(e.back)), nil
	}
	data, err := rules.MarshalAction(e.action)
	if err != nil {
		return nil, err
	}
	if e.timedOut {
		data = append([]byte(lausTimeoutPrefix), data...)
	}
	return data, nil
}

// parseLausEntry reads a record after the start record of a match of seats
// seats.
func parseLausEntry(data []byte, seats int) (lausEntry, error) {
	text := string(data)
	if rest, ok := strings.CutPrefix(text, lausBackPrefix); ok {
		s, err := strconv.Atoi(rest)
		if err != nil || s < 0 || s >= seats || rest != strconv.Itoa(s) {
			return lausEntry{}, fmt.Errorf("bad record %q", text)
		}
		return lausEntry{back: s}, nil
	}
	rest, timedOut := strings.CutPrefix(text, lausTimeoutPrefix)
	a, err := rules.UnmarshalAction([]byte(rest))
	if err != nil {
		return lausEntry{}, err
	}
	if a.Actor() >= seats {
		return lausEntry{}, fmt.Errorf("bad record %q: the match has %d seats", text, seats)
	}
	return lausEntry{action: a, timedOut: timedOut}, nil
}

// keepSeat updates who plays which seat for an entry the table has made
// or replays, before its move is applied, and returns the event lines that
// tell the table: a timed-out move counts towards the computer taking the
// seat over, a person's own move resets their count, and "I'm back" gives
// the seat back. A move the computer makes for a seat it keeps changes
// nothing.
func (t *lausTable) keepSeat(e lausEntry) []string {
	if e.action == nil {
		s := e.back
		t.afk[s], t.timeouts[s] = false, 0
		return []string{t.Lang.T("laus.event.back", "Who", t.Seats[s].Label())}
	}
	s := e.action.Actor()
	if t.Seats[s].Computer || t.afk[s] {
		return nil
	}
	if !e.timedOut {
		t.timeouts[s] = 0
		return nil
	}
	t.timeouts[s]++
	if t.timeouts[s] >= takeoverAfter {
		t.afk[s] = true
	}
	return timeoutLines(t.Lang, t.Seats[s].Label(), t.afk[s])
}

// timeoutLines are the table's events for a move the computer made for
// name when their time ran out, and, if kept, for the computer keeping
// their seat. Short, as the table message's events are two lines on a
// phone each at most (bot/internal/golden). They are public: l is the
// server's language.
func timeoutLines(l lang.Lang, name string, kept bool) []string {
	lines := []string{l.T("laus.event.timed_out", "Who", name)}
	if kept {
		lines = append(lines, l.T("laus.event.kept", "Who", name, "Turns", takeoverAfter))
	}
	return lines
}

// seatKeeping is a copy of who plays which seat, to put back when a
// change could not be stored.
type seatKeeping struct {
	timeouts []int
	afk      []bool
}

func (t *lausTable) saveSeatKeeping() seatKeeping {
	return seatKeeping{timeouts: append([]int(nil), t.timeouts...), afk: append([]bool(nil), t.afk...)}
}

func (t *lausTable) restoreSeatKeeping(k seatKeeping) { t.timeouts, t.afk = k.timeouts, k.afk }
