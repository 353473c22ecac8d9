package laro

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// Action is one move in a game. The set is closed: Draw, Discard,
// DeclareWin, Call and Forfeit. Every action names the seat that makes it.
//
// An action's String is its compact text form, which ParseAction reads back;
// the bot stores that text in the action log.
type Action interface {
	// ActionSeat returns the seat making the move.
	ActionSeat() int
	String() string
	isAction()
}

// Draw takes the top card of the draw deck, or of the discard pile when
// FromDiscard is set. Text: "draw 2 deck", "draw 2 discard".
type Draw struct {
	Seat        int
	FromDiscard bool
}

// Discard puts a card from the hand face up on the discard pile.
// Text: "discard 2 C+5".
type Discard struct {
	Seat int
	Card Card
}

// DeclareWin ends the game: the seat's nine cards form three clusters.
// Text: "win 2".
type DeclareWin struct {
	Seat int
}

// Call is LARO!: take the card just discarded. Either Pair names the two
// hand cards that lay a cluster with it, or Win is set and the card
// completes the caller's win. Text: "call 2 C+4 V", "call 2 win".
type Call struct {
	Seat int
	Pair [2]Card
	Win  bool
}

// Forfeit removes a seat from the game (the bot does so after three turn
// timeouts in a row). It is legal for any seat still playing, at any moment
// of a running game. Text: "forfeit 2".
type Forfeit struct {
	Seat int
}

// ActionSeat returns the seat making the move.
func (a Draw) ActionSeat() int { return a.Seat }

// ActionSeat returns the seat making the move.
func (a Discard) ActionSeat() int { return a.Seat }

// ActionSeat returns the seat making the move.
func (a DeclareWin) ActionSeat() int { return a.Seat }

// ActionSeat returns the seat making the move.
func (a Call) ActionSeat() int { return a.Seat }

// ActionSeat returns the seat making the move.
func (a Forfeit) ActionSeat() int { return a.Seat }

func (Draw) isAction()       {}
func (Discard) isAction()    {}
func (DeclareWin) isAction() {}
func (Call) isAction()       {}
func (Forfeit) isAction()    {}

// String returns the action's text form.
func (a Draw) String() string {
	if a.FromDiscard {
		return fmt.Sprintf("draw %d discard", a.Seat)
	}
	return fmt.Sprintf("draw %d deck", a.Seat)
}

// String returns the action's text form.
func (a Discard) String() string { return fmt.Sprintf("discard %d %s", a.Seat, a.Card) }

// String returns the action's text form.
func (a DeclareWin) String() string { return fmt.Sprintf("win %d", a.Seat) }

// String returns the action's text form.
func (a Call) String() string {
	if a.Win {
		return fmt.Sprintf("call %d win", a.Seat)
	}
	return fmt.Sprintf("call %d %s %s", a.Seat, a.Pair[0], a.Pair[1])
}

// String returns the action's text form.
func (a Forfeit) String() string { return fmt.Sprintf("forfeit %d", a.Seat) }

// ParseAction reads an action's text form. Voids read as Void cards 0 and
// 1; Apply resolves them to the Voids actually in the hand.
func ParseAction(s string) (Action, error) {
	f := strings.Fields(s)
	bad := fmt.Errorf("%w: %q", ErrBadAction, s)
	if len(f) < 2 {
		return nil, bad
	}
	seat, err := strconv.Atoi(f[1])
	if err != nil || seat < 0 || seat > 99 || f[1] != strconv.Itoa(seat) {
		return nil, bad
	}
	switch {
	case f[0] == "draw" && len(f) == 3 && (f[2] == "deck" || f[2] == "discard"):
		return Draw{Seat: seat, FromDiscard: f[2] == "discard"}, nil
	case f[0] == "discard" && len(f) == 3:
		c, err := ParseCard(f[2])
		if err != nil {
			return nil, fmt.Errorf("%w: %w", bad, err)
		}
		return Discard{Seat: seat, Card: c}, nil
	case f[0] == "win" && len(f) == 2:
		return DeclareWin{Seat: seat}, nil
	case f[0] == "call" && len(f) == 3 && f[2] == "win":
		return Call{Seat: seat, Win: true}, nil
	case f[0] == "call" && len(f) == 4:
		cs, err := ParseCards(f[2] + " " + f[3])
		if err != nil {
			return nil, fmt.Errorf("%w: %w", bad, err)
		}
		return Call{Seat: seat, Pair: [2]Card{cs[0], cs[1]}}, nil
	case f[0] == "forfeit" && len(f) == 2:
		return Forfeit{Seat: seat}, nil
	}
	return nil, bad
}

// Log is an action log. It encodes to JSON as an array of the actions' text
// forms, e.g. ["draw 0 deck","discard 0 C+5"].
type Log []Action

// MarshalJSON encodes the log as an array of text forms.
func (l Log) MarshalJSON() ([]byte, error) {
	texts := make([]string, len(l))
	for i, a := range l {
		if a == nil {
			return nil, fmt.Errorf("%w: nil action at %d", ErrBadAction, i)
		}
		texts[i] = a.String()
	}
	return json.Marshal(texts)
}

// UnmarshalJSON decodes an array of text forms.
func (l *Log) UnmarshalJSON(b []byte) error {
	var texts []string
	if err := json.Unmarshal(b, &texts); err != nil {
		return err
	}
	out := make(Log, len(texts))
	for i, s := range texts {
		a, err := ParseAction(s)
		if err != nil {
			return err
		}
		out[i] = a
	}
	*l = out
	return nil
}
