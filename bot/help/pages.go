package help

import (
	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
)

// A Page is one page of a game's How to play: a title and at most a phone
// screen of text.
type Page struct {
	Title string
	Body  string
}

// A Guide is a game's How to play: its name in custom_ids ("laro"), its
// name for people, its colour and its pages, the first saying how a turn
// goes.
type Guide struct {
	Game  string
	Title string
	Color int
	Pages []Page
	// Localized gives the pages in a language (nil, or an empty answer:
	// Pages), so that a game can keep its guide in its own catalogue.
	Localized func(l lang.Lang) []Page
}

// ButtonIn is the How to play button, labelled in l, of a lobby or table
// message of game (its name in custom_ids: "laro").
func ButtonIn(l lang.Lang, game string) discordgo.Button {
	return discordgo.Button{Label: l.T("help.how_to_play"), Style: discordgo.SecondaryButton, CustomID: Guide{Game: game}.id(0, ""),
		Emoji: &discordgo.ComponentEmoji{Name: "❔"}}
}

func (g Guide) id(page int, arg string) string {
	return PageButton{Game: g.Game, Page: page, Dir: arg}.ID()
}

// Page renders page n (counted from 0, kept within the guide) with its
// Back and Next buttons, in English.
func (g Guide) Page(n int) ui.Rendering { return g.PageIn(lang.English, n) }

// PageIn renders page n (counted from 0, kept within the guide) with its
// Back and Next buttons, in l: the guide's own pages in l when it has
// them (Localized), its frame always.
func (g Guide) PageIn(l lang.Lang, n int) ui.Rendering {
	pages := g.pages(l)
	n = max(0, min(n, len(pages)-1))
	p := pages[n]
	e := &discordgo.MessageEmbed{
		Title:       l.T("help.page.title", "Game", g.Title, "Page", p.Title),
		Description: p.Body,
		Color:       g.Color,
		Footer:      &discordgo.MessageEmbedFooter{Text: l.T("help.page.footer", "N", n+1, "Of", len(pages))},
	}
	// The arguments keep the two buttons' custom_ids apart on the first
	// and last pages, where both lead to the same page.
	row := discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: l.T("help.page.back"), Style: discordgo.SecondaryButton, CustomID: g.id(max(n-1, 0), "back"), Disabled: n == 0},
		discordgo.Button{Label: l.T("help.page.next"), Style: discordgo.PrimaryButton, CustomID: g.id(min(n+1, len(pages)-1), "next"), Disabled: n == len(pages)-1},
	}}
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: []discordgo.MessageComponent{row}}
}

// pages are the guide's pages in l: Localized's when the game gives it,
// else Pages.
func (g Guide) pages(l lang.Lang) []Page {
	if g.Localized != nil {
		if ps := g.Localized(l); len(ps) > 0 {
			return ps
		}
	}
	return g.Pages
}

// OpenIn answers /<game> rules: the first page, privately, in l (the
// asker's language).
func (g Guide) OpenIn(l lang.Lang) *ui.Reply {
	v := g.PageIn(l, 0)
	return ui.EphemeralMessage("", v.Embeds, v.Components)
}

// Turn answers a click on How to play (a new private message with the
// page) or on Back or Next (that message turned to the page), in the
// clicker's language.
func (g Guide) Turn(in *ui.Input) *ui.Reply {
	v := g.PageIn(in.Lang(), ParsePageButton(in.Component).Page)
	if !in.OnEphemeral() {
		return ui.EphemeralMessage("", v.Embeds, v.Components)
	}
	return ui.PrivateUpdate("", v.Embeds, v.Components)
}
