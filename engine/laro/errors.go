package laro

import "errors"

// Reasons an action is refused. Apply wraps them with %w and detail; test
// with errors.Is. A refused action changes nothing.
var (
	ErrBadConfig     = errors.New("laro: bad table configuration")
	ErrGameOver      = errors.New("laro: the game is over")
	ErrBadSeat       = errors.New("laro: no such seat")
	ErrForfeited     = errors.New("laro: seat has left the game")
	ErrNotYourTurn   = errors.New("laro: not your turn")
	ErrMustDraw      = errors.New("laro: draw a card first")
	ErrMustDiscard   = errors.New("laro: discard a card first")
	ErrNotInHand     = errors.New("laro: card not in hand")
	ErrDiscardEmpty  = errors.New("laro: the discard pile is empty")
	ErrNotCluster    = errors.New("laro: those cards do not form a cluster")
	ErrOwnDiscard    = errors.New("laro: cannot call on your own discard")
	ErrNothingToCall = errors.New("laro: no discard to call on")
	ErrNotWinning    = errors.New("laro: not a winning hand")
	ErrCallIsWin     = errors.New("laro: that call lays your last cards: call it as a win")
	ErrBadAction     = errors.New("laro: not a Laro action")
)
