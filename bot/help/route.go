package help

import "github.com/cardbot/cardbot/bot/ui"

// Verb is the custom_id verb of the How to play button and of the Back and
// Next buttons on its pages.
const Verb ui.Verb = "howto"

// pagesTable fills the key of a page button's custom_id: pages belong to
// no table.
const pagesTable = "help"

// A PageButton is How to play (page 0) or a guide's Back or Next.
type PageButton struct {
	Game string // the game's name: "laro"
	Page int    // the page it opens, from 0
	// Dir is "back" or "next" ("" for How to play): it keeps Back's and
	// Next's custom_ids apart on the first and last pages, where both lead
	// to the same page.
	Dir string
}

// ID is the button's custom_id.
func (b PageButton) ID() string {
	return ui.ComponentID{Game: b.Game, Key: pagesTable, Stamp: b.Page, Verb: Verb, Arg: b.Dir}.String()
}

// Owns reports whether a click is on a How to play button or page.
func Owns(id ui.ComponentID) bool { return id.Verb == Verb && id.Key == pagesTable }

// ParsePageButton reads a click that Owns.
func ParsePageButton(c ui.ComponentID) PageButton {
	return PageButton{Game: c.Game, Page: c.Stamp, Dir: c.Arg}
}
