package highcard

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/help"
	"github.com/cardbot/cardbot/bot/table"
	"github.com/cardbot/cardbot/bot/ui"
)

// public renders the table message: who played what, whose turn it is,
// and, once the game is over, its ID and Play again.
func (t *hcTable) public() ui.Rendering {
	id := func(verb string) string {
		return ui.ComponentID{Game: string(Kind), Key: t.ID, Stamp: t.settings.GameNo, Verb: ui.Verb(verb)}.String()
	}
	seats := t.Seats
	if t.EndSeats != nil {
		seats = t.EndSeats
	}
	e := &discordgo.MessageEmbed{
		Title: fmt.Sprintf("High card · table %s · game %d", t.ID, t.settings.GameNo),
		Color: entry.Colour,
	}
	var lines []string
	for s, seat := range seats {
		played := "…"
		if t.game != nil && t.game.played[s] > 0 {
			played = "**" + strconv.Itoa(t.game.played[s]) + "**"
		}
		lines = append(lines, fmt.Sprintf("%s: %s", seat.Label(), played))
	}
	e.Fields = []*discordgo.MessageEmbedField{{Name: "Played", Value: strings.Join(lines, "\n")}}
	if len(t.Events) > 0 {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: "Latest", Value: strings.Join(t.Events, "\n")})
	}
	rows := []discordgo.MessageComponent{}
	switch {
	case t.game == nil:
	case t.game.over():
		e.Description = "The game is over."
		e.Footer = &discordgo.MessageEmbedFooter{Text: fmt.Sprintf("Game #%s · %s", t.GameID, entry.ReplayHintIn(t.Lang, t.GameID))}
		rows = append(rows, table.AfterGameButtonsIn(t.Lang, string(Kind), t.ID, t.settings.GameNo))
	default:
		turn := t.game.turn()
		e.Description = fmt.Sprintf("%s's turn: press **My hand** and play a card.", seats[turn].Label())
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			discordgo.Button{Label: "My hand", Style: discordgo.PrimaryButton, CustomID: id("hand")},
			help.ButtonIn(t.Lang, string(Kind)),
		}})
	}
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: rows}
}

// HandView renders seat's private hand: their cards, a button per card on
// their turn, and note (the answer to a click) on top.
func (t *hcTable) HandView(seat int, note string) ui.Rendering {
	e := &discordgo.MessageEmbed{Title: fmt.Sprintf("Your hand · High card table %s", t.ID), Color: entry.Colour}
	if t.game == nil || seat >= len(t.game.hands) {
		e.Description = "No game is being played."
		return ui.Rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: []discordgo.MessageComponent{}}
	}
	emojiSet := t.Env.Emojis.Now() // one snapshot: every button agrees
	cards := make([]string, len(t.game.hands[seat]))
	var buttons []discordgo.MessageComponent
	mine := t.game.turn() == seat
	for i, c := range t.game.hands[seat] {
		cards[i] = strconv.Itoa(c)
		if mine {
			b := discordgo.Button{Label: "Play " + cards[i], Style: discordgo.PrimaryButton,
				CustomID: ui.ComponentID{Game: string(Kind), Key: t.ID, Stamp: t.settings.GameNo, Verb: "play", Arg: cards[i]}.String()}
			// The card's face, once the shared emoji set has uploaded it.
			if e, ok := emojiSet.Lookup(faceKey(c)); ok {
				b.Emoji = &e
			}
			buttons = append(buttons, b)
		}
	}
	var b strings.Builder
	if note != "" {
		b.WriteString(note + "\n\n")
	}
	fmt.Fprintf(&b, "Your cards: %s", strings.Join(cards, ", "))
	switch {
	case t.game.over():
		fmt.Fprintf(&b, "\nThe game is over: see the table message.")
	case mine:
		b.WriteString("\nYour turn: press a card to play it.")
	default:
		fmt.Fprintf(&b, "\nWaiting for %s.", t.Seats[t.game.turn()].Label())
	}
	e.Description = b.String()
	comps := []discordgo.MessageComponent{}
	if len(buttons) > 0 {
		comps = append(comps, discordgo.ActionsRow{Components: buttons})
	}
	comps = append(comps, discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{
		Label: "Refresh", Style: discordgo.SecondaryButton,
		CustomID: ui.ComponentID{Game: string(Kind), Key: t.ID, Stamp: t.settings.GameNo, Verb: "refresh"}.String()}}})
	return ui.Rendering{Embeds: []*discordgo.MessageEmbed{e}, Components: comps}
}
