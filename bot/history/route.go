package history

import "github.com/cardbot/cardbot/bot/ui"

// VerbReplay and VerbHistory are the custom_id verbs of a replay viewer's
// controls and of a history's page buttons.
const (
	VerbReplay  ui.Verb = "replay"
	VerbHistory ui.Verb = "history"
)

// ControlJump is the Control of a replay's jump menu.
const ControlJump = "jump"

// A ReplayControl is a control of a replay viewer: First, Back, Next,
// Last, or the jump menu. On the wire it reads
// "v1/<game>/<game ID>/<step>/replay/<control>".
type ReplayControl struct {
	Game   string // the game's name: "laro"
	GameID string // the stored game shown, base 36
	// Step is the step the control leads to; for the jump menu, the step
	// shown (the chosen value says where to go).
	Step int
	// Control is "first", "prev", "next", "last" or ControlJump: it keeps
	// the custom_ids of controls leading to the same step apart.
	Control string
}

// ID is the control's custom_id.
func (c ReplayControl) ID() string {
	return ui.ComponentID{Game: c.Game, Key: c.GameID, Stamp: c.Step, Verb: VerbReplay, Arg: c.Control}.String()
}

// ParseReplayControl reads a click with VerbReplay.
func ParseReplayControl(c ui.ComponentID) ReplayControl {
	return ReplayControl{Game: c.Game, GameID: c.Key, Step: c.Stamp, Control: c.Arg}
}

// A PageButton is Newer or Older under a player's history. On the wire it
// reads "v1/<game>/<player>/<page>/history/<prev|next>".
type PageButton struct {
	Game   string // the game's name: "laro"
	Player string // whose history: a Discord user ID
	Page   int    // the page it opens, from 0 (the newest games)
	Dir    string // "prev" or "next": keeps the two buttons' custom_ids apart
}

// ID is the button's custom_id.
func (b PageButton) ID() string {
	return ui.ComponentID{Game: b.Game, Key: b.Player, Stamp: b.Page, Verb: VerbHistory, Arg: b.Dir}.String()
}

// ParsePageButton reads a click with VerbHistory.
func ParsePageButton(c ui.ComponentID) PageButton {
	return PageButton{Game: c.Game, Player: c.Key, Page: c.Stamp, Dir: c.Arg}
}
