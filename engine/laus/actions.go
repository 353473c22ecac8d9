package laus

import (
	"fmt"
	"strconv"
	"strings"
)

// Action is one move by one seat. The set is closed: Look, Pass, LayBack and
// Play are the only actions.
type Action interface {
	// Actor returns the seat making the move.
	Actor() int
	// String returns the action's text form (see MarshalAction).
	String() string
	isAction()
}

// Look takes the skat into the hand (three players, skat phase). The same seat
// must then lay back two cards.
type Look struct{ Seat int }

// Pass leaves the skat untouched and doubles the round (three players, skat phase).
type Pass struct{ Seat int }

// LayBack puts two cards from the hand face down as the new skat, after a
// Look. Neither may be a queen or a jack; their order does not matter.
type LayBack struct {
	Seat  int
	Cards [2]Card
}

// Play plays a card to the current trick.
type Play struct {
	Seat int
	Card Card
}

// Actor returns the seat that looks.
func (a Look) Actor() int { return a.Seat }

// Actor returns the seat that passes.
func (a Pass) Actor() int { return a.Seat }

// Actor returns the seat that lays back.
func (a LayBack) Actor() int { return a.Seat }

// Actor returns the seat that plays.
func (a Play) Actor() int { return a.Seat }

func (Look) isAction()    {}
func (Pass) isAction()    {}
func (LayBack) isAction() {}
func (Play) isAction()    {}

// String returns "look <seat>".
func (a Look) String() string { return "look " + strconv.Itoa(a.Seat) }

// String returns "pass <seat>".
func (a Pass) String() string { return "pass " + strconv.Itoa(a.Seat) }

// String returns "layback <seat> <card> <card>".
func (a LayBack) String() string {
	return "layback " + strconv.Itoa(a.Seat) + " " + a.Cards[0].String() + " " + a.Cards[1].String()
}

// String returns "play <seat> <card>".
func (a Play) String() string { return "play " + strconv.Itoa(a.Seat) + " " + a.Card.String() }

// MarshalAction encodes a for the action log as short text: "look 0",
// "pass 1", "layback 2 7C AD", "play 3 10H". The form is stable: stored logs
// are replayed with UnmarshalAction.
func MarshalAction(a Action) ([]byte, error) {
	switch a := a.(type) {
	case Look, Pass:
		return []byte(a.String()), nil
	case LayBack:
		if !a.Cards[0].Valid() || !a.Cards[1].Valid() {
			return nil, fmt.Errorf("%w: %v", ErrBadCard, a)
		}
		return []byte(a.String()), nil
	case Play:
		if !a.Card.Valid() {
			return nil, fmt.Errorf("%w: %v", ErrBadCard, a)
		}
		return []byte(a.String()), nil
	}
	return nil, fmt.Errorf("%w: %T", ErrUnknownAction, a)
}

// UnmarshalAction decodes what MarshalAction produced.
func UnmarshalAction(b []byte) (Action, error) {
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return nil, fmt.Errorf("%w: %q", ErrBadActionText, b)
	}
	seat, err := strconv.Atoi(f[1])
	if err != nil || seat < 0 || seat > 3 || f[1] != strconv.Itoa(seat) {
		return nil, fmt.Errorf("%w: seat in %q", ErrBadActionText, b)
	}
	cardsAt := func(want int) ([]Card, error) {
		if len(f) != 2+want {
			return nil, fmt.Errorf("%w: %q", ErrBadActionText, b)
		}
		out := make([]Card, want)
		for i := range out {
			c, err := ParseCard(f[2+i])
			if err != nil {
				return nil, fmt.Errorf("%w: %q: %w", ErrBadActionText, b, err)
			}
			out[i] = c
		}
		return out, nil
	}
	switch f[0] {
	case "look", "pass":
		if _, err := cardsAt(0); err != nil {
			return nil, err
		}
		if f[0] == "look" {
			return Look{Seat: seat}, nil
		}
		return Pass{Seat: seat}, nil
	case "layback":
		cs, err := cardsAt(2)
		if err != nil {
			return nil, err
		}
		return LayBack{Seat: seat, Cards: [2]Card{cs[0], cs[1]}}, nil
	case "play":
		cs, err := cardsAt(1)
		if err != nil {
			return nil, err
		}
		return Play{Seat: seat, Card: cs[0]}, nil
	}
	return nil, fmt.Errorf("%w: %q", ErrUnknownAction, f[0])
}
