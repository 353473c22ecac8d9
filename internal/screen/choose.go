package screen

import (
	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/engine/laro"
)

// The choices a sensible Laro player makes from what their hand shows: the
// bot's own computer player decides, given only the cards on screen.

// LaroWantsCall reports whether the cards hand shows would call LARO! on
// top, the discard a table message offers.
func LaroWantsCall(hand *discordgo.Message, top laro.Card) bool {
	hold, laid := LaroCards(hand)
	v := laro.View{Seat: 0, Seats: 2, Hand: hold, Laid: [][][]laro.Card{laid, nil}, HandSizes: []int{len(hold), 0},
		Forfeited: []bool{false, false}, Top: top, Claimable: true, Discarder: 1, Phase: laro.PhaseDraw, Winner: -1}
	_, ok := (laro.Computer{}).Call(v)
	return ok
}

// LaroDraw returns the draw button to press on hand: the deck's, or the
// discard pile's when it suits the cards. ok is false if hand offers no draw.
func LaroDraw(hand *discordgo.Message) (b Button, ok bool) {
	var deck, take Button
	for _, d := range All(hand, "draw") {
		switch d.Arg {
		case "deck":
			deck = d
		case "discard":
			take = d
		}
	}
	if deck.ID == "" {
		return Button{}, false
	}
	if take.ID != "" {
		hold, laid := LaroCards(hand)
		v := laro.View{Seat: 0, Seats: 1, Hand: hold, Laid: [][][]laro.Card{laid}, HandSizes: []int{len(hold)},
			Forfeited: []bool{false}, Top: HandTop(hand), Phase: laro.PhaseDraw, Winner: -1}
		if (laro.Computer{}).Draw(v) {
			return take, true
		}
	}
	return deck, true
}

// LaroDiscard returns the discard button, among those hand offers, of the
// card the computer player would discard. ok is false if there is none.
func LaroDiscard(hand *discordgo.Message) (b Button, card laro.Card, ok bool) {
	discards := All(hand, "discard")
	if len(discards) == 0 {
		return Button{}, laro.NoCard, false
	}
	hold, laid := LaroCards(hand)
	b = discards[0]
	if len(hold) > 0 {
		v := laro.View{Seats: 1, Hand: hold, Laid: [][][]laro.Card{laid}, HandSizes: []int{len(hold)},
			Forfeited: []bool{false}, Phase: laro.PhaseDiscard, Winner: -1}
		c := (laro.Computer{}).Discard(v)
		for _, d := range discards {
			if d.Arg == c.String() {
				b = d
			}
		}
	}
	card, err := laro.ParseCard(b.Arg)
	if err != nil {
		return Button{}, laro.NoCard, false
	}
	return b, card, true
}
