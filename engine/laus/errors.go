package laus

import "errors"

// Sentinel errors returned (possibly wrapped with detail) by ParseCard,
// NewMatch, Apply and UnmarshalAction. Test for them with errors.Is; a
// refused action never changes the match.
var (
	ErrBadCard       = errors.New("laus: not a card")
	ErrBadConfig     = errors.New("laus: bad match configuration")
	ErrNoSuchSeat    = errors.New("laus: no such seat")
	ErrMatchOver     = errors.New("laus: the match is over")
	ErrNotYourTurn   = errors.New("laus: not your turn")
	ErrNoSkat        = errors.New("laus: there is no skat with four players")
	ErrSkatDone      = errors.New("laus: the skat has been settled")
	ErrSkatPending   = errors.New("laus: decide on the skat first")
	ErrMustLayBack   = errors.New("laus: lay back two cards first")
	ErrNotLooking    = errors.New("laus: nothing to lay back")
	ErrLayBackQJ     = errors.New("laus: cannot lay back a queen or jack")
	ErrSameCard      = errors.New("laus: lay back two different cards")
	ErrNotInHand     = errors.New("laus: card not in hand")
	ErrMustFollow    = errors.New("laus: must follow suit")
	ErrUnknownAction = errors.New("laus: unknown action")
	ErrBadActionText = errors.New("laus: malformed action")
)
