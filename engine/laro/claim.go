package laro

import (
	"fmt"
	"time"
)

// Window is a table's claim window setting: the least time a discard stays
// open to LARO! calls, and the grace after the close for calls still in
// flight before the contest is settled.
type Window struct {
	Min   time.Duration
	Grace time.Duration
}

// Limits and defaults of the claim window.
const (
	DefaultMinWindow = 3 * time.Second
	DefaultGrace     = 400 * time.Millisecond
	MaxMinWindow     = 15 * time.Second
	// ComputerReaction is how long after a discard a computer seat's call
	// is stamped, so a quick human can beat it.
	ComputerReaction = 1500 * time.Millisecond
)

// DefaultWindow is the window a table gets unless its host changes it.
var DefaultWindow = Window{Min: DefaultMinWindow, Grace: DefaultGrace}

// Validate reports a setting outside the rules: Min must be 0..15 s and
// Grace not negative.
func (w Window) Validate() error {
	if w.Min < 0 || w.Min > MaxMinWindow || w.Grace < 0 {
		return fmt.Errorf("%w: claim window %v, grace %v", ErrBadConfig, w.Min, w.Grace)
	}
	return nil
}

// Close returns when the window on a card discarded at discardAt closes:
// max(discardAt+Min, drawAt), where drawAt is when the seat to move pressed
// draw. Pass the zero time while nobody has pressed it. It takes no calls
// into account: see CloseAt.
func (w Window) Close(discardAt, drawAt time.Time) time.Time {
	c := discardAt.Add(w.Min)
	if !drawAt.IsZero() && drawAt.After(c) {
		return drawAt
	}
	return c
}

// CloseAt returns when the window on a card discarded at discardAt closes,
// given drawAt, when the seat to move pressed draw, and firstCallAt, the
// earliest stamp among the LARO! calls on the card (the zero time for
// either while there is none):
//
//	close = max(discardAt+Min, min(drawAt, firstCallAt+Grace))
//
// So once Min has passed, the first call does not close the window at
// once: calls stamped up to Grace after it still take part, and the rules,
// not the faster click, pick between them. A draw closes it sooner if it
// comes first. With neither a draw nor a call the window has not closed:
// closed is false and close is the earliest it can close, discardAt+Min.
// This is the close a contest is decided at; Close is the same rule before
// any call is in.
func (w Window) CloseAt(discardAt, drawAt, firstCallAt time.Time) (close time.Time, closed bool) {
	earliest := discardAt.Add(w.Min)
	var end time.Time
	switch {
	case drawAt.IsZero() && firstCallAt.IsZero():
		return earliest, false
	case firstCallAt.IsZero():
		end = drawAt
	case drawAt.IsZero():
		end = firstCallAt.Add(w.Grace)
	default:
		end = drawAt
		if byCall := firstCallAt.Add(w.Grace); byCall.Before(end) {
			end = byCall
		}
	}
	if end.After(earliest) {
		return end, true
	}
	return earliest, true
}

// SettleAt returns when a contest closing at close is settled: after the
// grace, so calls stamped in time but still travelling can arrive.
func (w Window) SettleAt(close time.Time) time.Time { return close.Add(w.Grace) }

// Claim is one LARO! call in a contest: who called, the call's own
// timestamp (Discord's snowflake time, not arrival time), and how it ranks:
// the best cluster the caller could lay, and whether it wins the game.
type Claim struct {
	Seat int
	At   time.Time
	Kind Kind
	Win  bool
}

// Contest settles the calls on one discard. Calls stamped after close are
// refused and listed in tooLate (in the order given). Of the rest, a winning
// call beats every call that does not; then the better cluster kind wins;
// then the caller first in turn order after the discarder. Claims by the
// discarder, by seats outside 0..seats-1, or ranking no cluster are ignored:
// the bot checks each call with CallOptions before it joins a contest.
//
// A call beats the draw pending at the close: when ok, the bot applies the
// winner's Call and cancels that draw.
func Contest(discarder, seats int, claims []Claim, close time.Time) (winner int, ok bool, tooLate []int) {
	var best Claim
	winner = -1
	for _, c := range claims {
		if c.Seat < 0 || c.Seat >= seats || c.Seat == discarder || (c.Kind == NoKind && !c.Win) {
			continue
		}
		if c.At.After(close) {
			tooLate = append(tooLate, c.Seat)
			continue
		}
		if winner < 0 || beats(c, best, discarder, seats) {
			best, winner = c, c.Seat
		}
	}
	return winner, winner >= 0, tooLate
}

func beats(a, b Claim, discarder, seats int) bool {
	if a.Win != b.Win {
		return a.Win
	}
	if a.Kind != b.Kind {
		return a.Kind > b.Kind
	}
	order := func(s int) int { return (s - discarder + seats) % seats }
	return order(a.Seat) < order(b.Seat)
}
