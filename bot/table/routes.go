package table

import (
	"strconv"

	"github.com/cardbot/cardbot/bot/ui"
)

// The typed routes every table shares. A table's buttons put the table's
// ID in the custom_id's key, so that the registry finds the table of any
// click (TableOf); what the number and the argument mean is each route's.

// Verbs of a lobby's buttons.
const (
	VerbJoin     ui.Verb = "join"
	VerbComputer ui.Verb = "computer" // the host adds a computer player
	VerbStart    ui.Verb = "start"
	VerbCancel   ui.Verb = "cancel"
)

// Verbs of the buttons between games; VerbLeave is also the lobby's Leave.
const (
	VerbAgain    ui.Verb = "again"    // Play again, then I'm in
	VerbStartNow ui.Verb = "startnow" // the host starts with those who are in
	VerbLeave    ui.Verb = "leave"    // Leave table
)

// Verbs of the buttons on a table message that open the clicker's hand
// in a new private message.
const (
	VerbHand ui.Verb = "hand" // My hand
	VerbBack ui.Verb = "back" // I'm back, for a player the computer stands in for
)

// TableOf is the table a click belongs to: its game's name and its ID.
// Every table route keeps the table's ID in the key.
func TableOf(c ui.ComponentID) (game, tableID string) { return c.Game, c.Key }

// A LobbyButton is a button under a lobby message: Join, Leave, Add
// computer, Start, Cancel. It carries no game number, since a lobby comes
// before the table's first game.
type LobbyButton struct {
	Game  string // the game's name: "laro"
	Table string // the table's ID
	Verb  ui.Verb
}

// ID is the button's custom_id.
func (b LobbyButton) ID() string {
	return ui.ComponentID{Game: b.Game, Key: b.Table, Verb: b.Verb}.String()
}

// ParseLobbyButton reads a lobby button; ok is false for a button drawn
// for a game (it carries a game number), such as Leave table under a
// finished game.
func ParseLobbyButton(c ui.ComponentID) (b LobbyButton, ok bool) {
	return LobbyButton{Game: c.Game, Table: c.Key, Verb: c.Verb}, c.Stamp == 0
}

// A GameButton is a button that belongs to one game (or match) of a
// table: My hand, LARO!, I'm back, Play again, I'm in, Start now, Leave
// table. A click on one drawn for an earlier game is refused.
type GameButton struct {
	Game   string // the game's name: "laro"
	Table  string // the table's ID
	Verb   ui.Verb
	GameNo int // the table's game (or match) number it was drawn for, from 1
	// Round is the round of the match the message showed (1 for the
	// first), 0 for none. Laus's table message is edited from round to
	// round, and its My hand and I'm back carry the round so that their
	// custom_id changes with it; a click from an earlier round still opens
	// the hand of this one.
	Round int
}

// ID is the button's custom_id.
func (b GameButton) ID() string {
	c := ui.ComponentID{Game: b.Game, Key: b.Table, Stamp: b.GameNo, Verb: b.Verb}
	if b.Round > 0 {
		c.Arg = strconv.Itoa(b.Round)
	}
	return c.String()
}

// ParseGameButton reads a game's button. A round that is not a number
// reads as 0: the round never decides what a click does.
func ParseGameButton(c ui.ComponentID) GameButton {
	round, _ := strconv.Atoi(c.Arg)
	return GameButton{Game: c.Game, Table: c.Key, Verb: c.Verb, GameNo: c.Stamp, Round: max(round, 0)}
}
