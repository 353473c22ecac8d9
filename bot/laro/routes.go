package laro

import (
	"strconv"

	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// gameName is Laro's name in its custom_ids.
const gameName = "laro"

// Laro's own buttons. My hand and LARO! are table.GameButtons (they carry
// the game number); the lobby's and the between-games buttons are the
// table's.
const (
	verbLaro    ui.Verb = "laro"    // LARO!, on the table and in a hand that could call
	verbRefresh ui.Verb = "refresh" // a hand's Refresh
	verbDraw    ui.Verb = "draw"
	verbDiscard ui.Verb = "discard"
	verbWin     ui.Verb = "win" // Declare win
	verbLay     ui.Verb = "lay" // a caller's choice of the cluster to lay
)

// Sources a draw takes from, as a draw button's argument says them.
const (
	fromDeck    = "deck"
	fromDiscard = "discard"
)

// refreshButton is a hand's Refresh. It is right at any moment, so it
// carries no number: a waiting hand then looks the same from one move to
// the next unless its content changes.
type refreshButton struct{ Table string }

// ID is the button's custom_id.
func (b refreshButton) ID() string {
	return ui.ComponentID{Game: gameName, Key: b.Table, Verb: verbRefresh}.String()
}

// moveButton is a button of a hand message that makes a move. Only the
// fields of its verb are set.
type moveButton struct {
	Table string
	Verb  ui.Verb
	Move  int // the table's move count it was drawn at: a click from an earlier one is refused
	// FromDiscard is a draw's source: the discard pile's top, or the deck.
	FromDiscard bool
	Card        rules.Card // the card a discard throws
	Option      int        // which of a caller's clusters a lay lays, from 0
}

// ID is the button's custom_id.
func (b moveButton) ID() string {
	c := ui.ComponentID{Game: gameName, Key: b.Table, Stamp: b.Move, Verb: b.Verb}
	switch b.Verb {
	case verbDraw:
		c.Arg = fromDeck
		if b.FromDiscard {
			c.Arg = fromDiscard
		}
	case verbDiscard:
		c.Arg = b.Card.String()
	case verbLay:
		c.Arg = strconv.Itoa(b.Option)
	}
	return c.String()
}

// parseMoveButton reads a move's click. ok is false for an argument this
// bot never drew (a forged custom_id); b.Move is read even then, so a
// stale click is told it is stale first.
func parseMoveButton(c ui.ComponentID) (b moveButton, ok bool) {
	b = moveButton{Table: c.Key, Verb: c.Verb, Move: c.Stamp}
	switch c.Verb {
	case verbDraw:
		b.FromDiscard = c.Arg == fromDiscard
		return b, c.Arg == fromDeck || c.Arg == fromDiscard
	case verbDiscard:
		card, err := rules.ParseCard(c.Arg)
		b.Card = card
		return b, err == nil
	case verbLay:
		n, err := strconv.Atoi(c.Arg)
		b.Option = n
		return b, err == nil && n >= 0
	}
	return b, c.Verb == verbWin && c.Arg == ""
}

// gameButton is My hand or LARO! on the table message (LARO! also in a
// hand that could call) of the game numbered gameNo.
func gameButton(tableID string, verb ui.Verb, gameNo int) table.GameButton {
	return table.GameButton{Game: gameName, Table: tableID, Verb: verb, GameNo: gameNo}
}
