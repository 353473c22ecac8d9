package laus

import (
	"github.com/cardbot/cardbot/bot/help"
	"github.com/cardbot/cardbot/bot/lang"
)

// guidePages are the catalogue's IDs of Laus's How to play pages, in the
// bot's own words (the published rule texts may not be copied): a title
// and a body each. The first page says how a turn goes in twelve short
// lines, enough to play a first match; the others give the details.
var guidePages = [][2]string{
	{"laus.guide.turn.title", "laus.guide.turn.body"},
	{"laus.guide.cards.title", "laus.guide.cards.body"},
	{"laus.guide.deal.title", "laus.guide.deal.body"},
	{"laus.guide.scoring.title", "laus.guide.scoring.body"},
}

// guide is Laus's How to play, its pages in the reader's language.
var guide = help.Guide{Game: "laus", Title: "Laus", Color: lausColor, Localized: guidePagesIn} // lang:keep — the game's name

// guidePagesIn are the How to play pages in l: a private answer, in the
// language of whoever asked.
func guidePagesIn(l lang.Lang) []help.Page {
	pages := make([]help.Page, len(guidePages))
	for i, p := range guidePages {
		pages[i] = help.Page{Title: l.T(p[0]), Body: l.T(p[1])}
	}
	return pages
}
