package main

import (
	"regexp"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/engine/laro"
)

// A Laro player plays like the bot's computer player, but from what their
// screen shows: their hand message, and the table message for the discard
// and the LARO! window. They call LARO! whenever the computer player would
// with their cards, also instead of drawing.

// laroMove decides a Laro player's next click, or reports false.
func (p *player) laroMove(game, hand *discordgo.Message) (action, bool) {
	fresh := p.fresh(hand)
	if fresh {
		if b, ok := find(hand, "lay"); ok {
			return action{kind: "lay", msg: hand, b: b, move: true}, true
		}
		if b, ok := find(hand, "win"); ok {
			return action{kind: "win", msg: hand, b: b, move: true}, true
		}
		if discards := all(hand, "discard"); len(discards) > 0 {
			return laroDiscard(hand, discards)
		}
	}
	key, top, discarder, open := laroWindow(game)
	// Someone whose draw already waits for the window does not call too,
	// nor does anyone while their hand and the table disagree on the top
	// discard: one of them is behind.
	drawing := strings.Contains(description(hand), "Your draw waits")
	if open && discarder != p.u.ID() && !p.called[key] && !drawing && handTop(hand) == top {
		hold, laid := laroCards(hand)
		v := laro.View{Seat: 0, Seats: 2, Hand: hold, Laid: [][][]laro.Card{laid, nil}, HandSizes: []int{len(hold), 0},
			Forfeited: []bool{false, false}, Top: top, Claimable: true, Discarder: 1, Phase: laro.PhaseDraw, Winner: -1}
		if _, ok := (laro.Computer{}).Call(v); ok {
			if b, ok := find(game, "laro"); ok {
				return action{kind: "call", msg: game, b: b, window: key}, true
			}
		}
	}
	// A caller waits for their call to be settled before drawing.
	if !fresh || open && key == p.calling {
		return action{}, false
	}
	var deck, take button
	for _, d := range all(hand, "draw") {
		switch d.arg {
		case "deck":
			deck = d
		case "discard":
			take = d
		}
	}
	if deck.id == "" {
		return action{}, false
	}
	b := deck
	if take.id != "" {
		hold, laid := laroCards(hand)
		v := laro.View{Seat: 0, Seats: 1, Hand: hold, Laid: [][][]laro.Card{laid}, HandSizes: []int{len(hold)},
			Forfeited: []bool{false}, Top: handTop(hand), Phase: laro.PhaseDraw, Winner: -1}
		if (laro.Computer{}).Draw(v) {
			b = take
		}
	}
	// Having drawn on this discard, they do not call on it, however long the
	// table message takes to show the window has closed.
	if !open {
		key = ""
	}
	return action{kind: "draw", msg: hand, b: b, move: true, window: key}, true
}

// laroDiscard picks the card the computer player would discard.
func laroDiscard(hand *discordgo.Message, discards []button) (action, bool) {
	hold, laid := laroCards(hand)
	b := discards[0]
	if len(hold) > 0 {
		v := laro.View{Seats: 1, Hand: hold, Laid: [][][]laro.Card{laid}, HandSizes: []int{len(hold)},
			Forfeited: []bool{false}, Phase: laro.PhaseDiscard, Winner: -1}
		c := (laro.Computer{}).Discard(v)
		for _, d := range discards {
			if d.arg == c.String() {
				b = d
			}
		}
	}
	card, err := laro.ParseCard(b.arg)
	if err != nil {
		return action{}, false
	}
	return action{kind: "discard", msg: hand, b: b, move: true, handover: true,
		shows: "Discard: **" + card.Symbol() + "** ("}, true
}

// laroSymbol matches a card as the views print it (●+3, ▲−10); Voids
// print as V.
var laroSymbol = regexp.MustCompile(`[●▲■][+−]\d{1,2}|\bV\b`)

// laroCards reads the cards a hand message shows: those held ("Cards",
// one line per suit) and the player's laid clusters ("Laid", one per
// line).
func laroCards(hand *discordgo.Message) (hold []laro.Card, laid [][]laro.Card) {
	var tokens []string
	for _, line := range strings.Split(field(hand, "Cards"), "\n") {
		if _, rest, ok := strings.Cut(line, "  "); ok {
			tokens = append(tokens, laroSymbol.FindAllString(rest, -1)...)
		}
	}
	hold, _ = laro.ParseCards(strings.Join(tokens, " "))
	for _, line := range strings.Split(field(hand, "Laid"), "\n") {
		inside, _, _ := strings.Cut(strings.TrimPrefix(line, "["), "]")
		if cs, err := laro.ParseCards(strings.Join(laroSymbol.FindAllString(inside, -1), " ")); err == nil && len(cs) > 0 {
			laid = append(laid, cs)
		}
	}
	return hold, laid
}

// handTop reads the top discard from a hand's footer ("Discard: ●+2 · Deck: 38").
func handTop(hand *discordgo.Message) laro.Card {
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

// laroWindow reads the LARO! window off the table message: whether one is
// open, on which card, who discarded it, and a key naming this discard.
func laroWindow(game *discordgo.Message) (key string, top laro.Card, discarder string, open bool) {
	d := description(game)
	if !strings.Contains(d, "LARO! can be called on") && !strings.Contains(d, "LARO! window on") {
		return "", laro.NoCard, "", false
	}
	pile := field(game, "Discard") // "**●+2** (1 in the pile)"
	sym := laroSymbol.FindString(pile)
	c, err := laro.ParseCard(sym)
	if err != nil {
		return "", laro.NoCard, "", false
	}
	lines := strings.Split(field(game, "Latest"), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if who, _, ok := strings.Cut(lines[i], " discarded **"); ok {
			discarder = strings.TrimSuffix(strings.TrimPrefix(who, "<@"), ">")
			break
		}
	}
	return game.Embeds[0].Title + " " + pile, c, discarder, true
}
