package main

import (
	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
)

// A Laus player makes the moves their hand offers: they look at the skat,
// but pass every third time (so doubled rounds happen too), lay back the
// first two cards the menu offers, and play the first card they may.

// lausMove decides a Laus player's next click, or reports false.
func (p *player) lausMove(hand *discordgo.Message) (action, bool) {
	if !p.fresh(hand) {
		return action{}, false
	}
	if look, ok := find(hand, "look"); ok {
		if pass, ok := find(hand, "pass"); ok && p.skats%3 == 2 {
			return action{kind: "pass", msg: hand, b: pass, move: true}, true
		}
		return action{kind: "look", msg: hand, b: look, move: true}, true
	}
	if lay, ok := find(hand, "lay"); ok {
		if values := firstTwo(hand, lay.id); values != nil {
			return action{kind: "lay back", msg: hand, b: lay, values: values, move: true}, true
		}
	}
	if play, ok := find(hand, "play"); ok {
		return action{kind: "play", msg: hand, b: play, move: true, handover: true,
			shows: mention(p.u.ID()) + " **" + play.label + "**"}, true
	}
	return action{}, false
}

// firstTwo returns the values of the first two options of the select menu
// id on m, or nil.
func firstTwo(m *discordgo.Message, id string) []string {
	var menu *discordgo.SelectMenu
	switch c := discordtest.FindComponent(m, id).(type) {
	case discordgo.SelectMenu:
		menu = &c
	case *discordgo.SelectMenu:
		menu = c
	}
	if menu == nil || len(menu.Options) < 2 {
		return nil
	}
	return []string{menu.Options[0].Value, menu.Options[1].Value}
}
