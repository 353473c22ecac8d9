package main

import (
	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/internal/screen"
)

// A Laus player makes the moves their hand offers: they look at the skat,
// but pass every third time (so doubled rounds happen too), lay back the
// first two cards the menu offers, and play the first card they may.

// lausMove decides a Laus player's next click, or reports false.
func (p *player) lausMove(hand *discordgo.Message) (action, bool) {
	if !p.fresh(hand) {
		return action{}, false
	}
	if look, ok := screen.Find(hand, "look"); ok {
		if pass, ok := screen.Find(hand, "pass"); ok && p.skats%3 == 2 {
			return action{kind: "pass", msg: hand, b: pass, move: true}, true
		}
		return action{kind: "look", msg: hand, b: look, move: true}, true
	}
	if lay, ok := screen.Find(hand, "lay"); ok {
		if values := screen.FirstTwo(hand, lay.ID); values != nil {
			return action{kind: "lay back", msg: hand, b: lay, values: values, move: true}, true
		}
	}
	if play, ok := screen.Find(hand, "play"); ok {
		return action{kind: "play", msg: hand, b: play, move: true, handover: true,
			shows: screen.Named(p.u.Name()) + " **" + play.Label + "**"}, true
	}
	return action{}, false
}
