package laro

import (
	"github.com/cardbot/cardbot/bot/lang"
	rules "github.com/cardbot/cardbot/engine/laro"
)

// Laro's own words, named once so that every view says them alike: the
// cluster kinds, the suits and the table's title. The engine's String forms
// stay English (they are the stored log's and the tests' text form); what a
// person reads comes from here.

// kindIDs are the catalogue's names of the cluster kinds.
var kindIDs = map[rules.Kind]string{
	rules.Void: "laro.kind.void", rules.Pure: "laro.kind.pure",
	rules.Wild: "laro.kind.wild", rules.Corrupt: "laro.kind.corrupt",
}

// kindName is a cluster kind's name in l ("Pure", "Rein").
func kindName(l lang.Lang, k rules.Kind) string {
	if id, ok := kindIDs[k]; ok {
		return l.T(id)
	}
	return ""
}

// suitIDs are the catalogue's names of the suits.
var suitIDs = map[rules.Suit]string{
	rules.Circle: "laro.suit.circle", rules.Triangle: "laro.suit.triangle", rules.Square: "laro.suit.square",
}

// suitName is a suit's name in l ("Circle", "Kreis").
func suitName(l lang.Lang, s rules.Suit) string { return l.T(suitIDs[s]) }

// tableTitle is the title of the table's message, its thread's header and
// its end picture: "Laro · table X · game 2".
func tableTitle(l lang.Lang, tableID string, gameNo int) string {
	return l.T("laro.table.title", "Table", tableID, "Game", gameNo)
}

// seatLang is the language seat s reads its private notes in.
func (t *laroTable) seatLang(s int) lang.Lang {
	if s < 0 || s >= len(t.Seats) {
		return t.Lang
	}
	return t.ReaderLang(t.Seats[s].UserID)
}
