package share

import "github.com/cardbot/cardbot/bot/ui"

// Verb is the custom_id verb of a Share button.
const Verb ui.Verb = "share"

// shareTable fills the key of a Share button's custom_id: a board belongs
// to no table.
const shareTable = "share"

// A Button is the Share button under a private board.
type Button struct {
	Module string // the command that drew the board: "chips", "laus"
	Board  string // which of its boards: "leaderboard"
}

// ID is the button's custom_id.
func (b Button) ID() string {
	return ui.ComponentID{Game: b.Module, Key: shareTable, Verb: Verb, Arg: b.Board}.String()
}

// Owns reports whether a click is on a Share button.
func Owns(id ui.ComponentID) bool { return id.Verb == Verb && id.Key == shareTable }

// ParseButton reads a click that Owns.
func ParseButton(c ui.ComponentID) Button { return Button{Module: c.Game, Board: c.Arg} }
