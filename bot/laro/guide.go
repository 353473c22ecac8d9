package laro

import (
	"fmt"

	"github.com/cardbot/cardbot/bot/help"
	"github.com/cardbot/cardbot/bot/lang"
)

// guidePages is how many pages /laro rules has: laro.guide.page1 to 4 in
// the catalogue.
const guidePages = 4

// guide is Laro's How to play, in the bot's own words (the published rule
// texts may not be copied). Its first page says how a turn goes in twelve
// short lines, enough to play a first game; the others give the details.
// Its pages are the catalogue's (laro.toml), in the reader's language.
var guide = help.Guide{Game: "laro", Title: "Laro", Color: 0x2b7a78, // lang:keep — the game's name
	Pages: guidePagesIn(lang.English), Localized: guidePagesIn}

// guidePagesIn is the guide's pages in l.
func guidePagesIn(l lang.Lang) []help.Page {
	pages := make([]help.Page, guidePages)
	for i := range pages {
		id := fmt.Sprintf("laro.guide.page%d", i+1)
		pages[i] = help.Page{Title: l.T(id + ".title"), Body: l.T(id + ".body")}
	}
	return pages
}
