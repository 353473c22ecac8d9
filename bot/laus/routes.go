package laus

import (
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
	rules "github.com/cardbot/cardbot/engine/laus"
)

// gameName is Laus's name in its custom_ids.
const gameName = "laus"

// Laus's own buttons. My hand, I'm back, Refresh and a hand's I'm back are
// table.GameButtons (they carry the match number); the lobby's and the
// between-matches buttons are the table's.
const (
	verbRefresh ui.Verb = "refresh" // a hand's Refresh
	verbResume  ui.Verb = "resume"  // a hand's I'm back
	verbLook    ui.Verb = "look"    // look at the skat
	verbPass    ui.Verb = "pass"
	verbLay     ui.Verb = "lay" // the menu of two cards to lay back
	verbPlay    ui.Verb = "play"
)

// matchButton is a button of the match numbered matchNo: on the table
// message (My hand, I'm back, drawn in round; 0 for none) or in a hand
// (Refresh, I'm back), which mean the same at any moment of the match.
func matchButton(tableID string, verb ui.Verb, matchNo, round int) table.GameButton {
	return table.GameButton{Game: gameName, Table: tableID, Verb: verb, GameNo: matchNo, Round: round}
}

// moveControl is a button or the lay-back menu of a hand message: a move.
type moveControl struct {
	Table string
	Verb  ui.Verb
	Seq   int        // the table's action sequence it was drawn at: a click from an earlier one is refused
	Card  rules.Card // the card a play plays; the lay-back menu's cards are its chosen values
}

// ID is the control's custom_id.
func (m moveControl) ID() string {
	c := ui.ComponentID{Game: gameName, Key: m.Table, Stamp: m.Seq, Verb: m.Verb}
	if m.Verb == verbPlay {
		c.Arg = m.Card.String()
	}
	return c.String()
}

// parseMoveControl reads a move's click. ok is false for a card this bot
// never drew (a forged custom_id); m.Seq is read even then, so a stale
// click is told it is stale first.
func parseMoveControl(c ui.ComponentID) (m moveControl, ok bool) {
	m = moveControl{Table: c.Key, Verb: c.Verb, Seq: c.Stamp}
	if c.Verb != verbPlay {
		return m, true
	}
	card, err := rules.ParseCard(c.Arg)
	m.Card = card
	return m, err == nil
}
