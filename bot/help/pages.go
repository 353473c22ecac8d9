package help

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

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
}

// Button is the How to play button of a lobby or table message of game
// (its name in custom_ids: "laro").
func Button(game string) discordgo.Button {
	return discordgo.Button{Label: "How to play", Style: discordgo.SecondaryButton, CustomID: Guide{Game: game}.id(0, ""),
		Emoji: &discordgo.ComponentEmoji{Name: "❔"}}
}

func (g Guide) id(page int, arg string) string {
	return PageButton{Game: g.Game, Page: page, Dir: arg}.ID()
}

// Page renders page n (counted from 0, kept within the guide) with its
// Back and Next buttons.
func (g Guide) Page(n int) ui.Rendering {
	n = max(0, min(n, len(g.Pages)-1))
	p := g.Pages[n]
	e := &discordgo.MessageEmbed{
		Title:       fmt.Sprintf("How to play %s · %s", g.Title, p.Title),
		Description: p.Body,
		Color:       g.Color,
		Footer:      &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Page %d of %d", n+1, len(g.Pages))},
	}
	// The arguments keep the two buttons' custom_ids apart on the first
	// and last pages, where both lead to the same page.
	row := discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Back", Style: discordgo.SecondaryButton, CustomID: g.id(max(n-1, 0), "back"), Disabled: n == 0},
		discordgo.Button{Label: "Next", Style: discordgo.PrimaryButton, CustomID: g.id(min(n+1, len(g.Pages)-1), "next"), Disabled: n == len(g.Pages)-1},
	}}
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: []discordgo.MessageComponent{row}}
}

// Open answers /<game> rules: the first page, privately.
func (g Guide) Open() *ui.Reply {
	v := g.Page(0)
	return ui.EphemeralMessage("", v.Embeds, v.Components)
}

// Turn answers a click on How to play (a new private message with the
// page) or on Back or Next (that message turned to the page).
func (g Guide) Turn(in *ui.Input) *ui.Reply {
	v := g.Page(ParsePageButton(in.Component).Page)
	if !in.OnEphemeral() {
		return ui.EphemeralMessage("", v.Embeds, v.Components)
	}
	return ui.PrivateUpdate("", v.Embeds, v.Components)
}
