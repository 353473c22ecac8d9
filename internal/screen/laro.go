package screen

import (
	"regexp"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/engine/laro"
)

// laroSymbol matches a card as the views print it (●+3, ▲−10); Voids
// print as V.
var laroSymbol = regexp.MustCompile(`[●▲■][+−]\d{1,2}|\bV\b`)

// LaroCards reads the cards a hand message shows: those held ("Cards",
// one line per suit) and the player's laid clusters ("Laid", one per
// line).
func LaroCards(hand *discordgo.Message) (hold []laro.Card, laid [][]laro.Card) {
	var tokens []string
	for _, line := range strings.Split(Field(hand, "Cards"), "\n") {
		if _, rest, ok := strings.Cut(line, "  "); ok {
			tokens = append(tokens, laroSymbol.FindAllString(rest, -1)...)
		}
	}
	hold, _ = laro.ParseCards(strings.Join(tokens, " "))
	for _, line := range strings.Split(Field(hand, "Laid"), "\n") {
		inside, _, _ := strings.Cut(strings.TrimPrefix(line, "["), "]")
		if cs, err := laro.ParseCards(strings.Join(laroSymbol.FindAllString(inside, -1), " ")); err == nil && len(cs) > 0 {
			laid = append(laid, cs)
		}
	}
	return hold, laid
}

// HandTop reads the top discard from a hand's footer ("Discard: ●+2 · Deck: 38").
func HandTop(hand *discordgo.Message) laro.Card {
	if hand == nil || len(hand.Embeds) == 0 || hand.Embeds[0].Footer == nil {
		return laro.NoCard
	}
	rest, ok := strings.CutPrefix(hand.Embeds[0].Footer.Text, "Discard: ")
	if !ok {
		return laro.NoCard
	}
	sym, _, _ := strings.Cut(rest, " ")
	c, err := laro.ParseCard(sym)
	if err != nil {
		return laro.NoCard
	}
	return c
}

// LaroWindow reads the LARO! window off the table message: whether one is
// open, on which card, who discarded it, and a key naming this discard.
func LaroWindow(game *discordgo.Message) (key string, top laro.Card, discarder string, open bool) {
	d := Description(game)
	if !strings.Contains(d, "LARO! can be called on") && !strings.Contains(d, "LARO! window on") {
		return "", laro.NoCard, "", false
	}
	pile := Field(game, "Discard") // "**●+2** (1 in the pile)"
	sym := laroSymbol.FindString(pile)
	c, err := laro.ParseCard(sym)
	if err != nil {
		return "", laro.NoCard, "", false
	}
	lines := strings.Split(Field(game, "Latest"), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if who, _, ok := strings.Cut(lines[i], " discarded **"); ok {
			discarder = who
			break
		}
	}
	return game.Embeds[0].Title + " " + pile, c, discarder, true
}
