package main

import (
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/internal/screen"
)

// A Laro player plays like the bot's computer player, but from what their
// screen shows: their hand message, and the table message for the discard
// and the LARO! window. They call LARO! whenever the computer player would
// with their cards, also instead of drawing.

// laroMove decides a Laro player's next click, or reports false.
func (p *player) laroMove(game, hand *discordgo.Message) (action, bool) {
	fresh := p.fresh(hand)
	if fresh {
		if b, ok := screen.Find(hand, "lay"); ok {
			return action{kind: "lay", msg: hand, b: b, move: true}, true
		}
		if b, ok := screen.Find(hand, "win"); ok {
			return action{kind: "win", msg: hand, b: b, move: true}, true
		}
		if b, card, ok := screen.LaroDiscard(hand); ok {
			return action{kind: "discard", msg: hand, b: b, move: true, handover: true,
				shows: "Discard: **" + card.Symbol() + "** ("}, true
		}
	}
	key, top, discarder, open := screen.LaroWindow(game)
	// Someone whose draw already waits for the window does not call too,
	// nor does anyone while their hand and the table disagree on the top
	// discard: one of them is behind.
	drawing := strings.Contains(screen.Description(hand), "Your draw waits")
	if open && discarder != screen.Named(p.u.Name()) && !p.called[key] && !drawing && screen.HandTop(hand) == top {
		if b, ok := screen.Find(game, "laro"); ok && screen.LaroWantsCall(hand, top) {
			return action{kind: "call", msg: game, b: b, window: key}, true
		}
	}
	// A caller waits for their call to be settled before drawing.
	if !fresh || open && key == p.calling {
		return action{}, false
	}
	b, ok := screen.LaroDraw(hand)
	if !ok {
		return action{}, false
	}
	// Having drawn on this discard, they do not call on it, however long the
	// table message takes to show the window has closed.
	if !open {
		key = ""
	}
	return action{kind: "draw", msg: hand, b: b, move: true, window: key}, true
}
