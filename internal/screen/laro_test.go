package screen

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/engine/laro"
)

func TestLaroCardsReadTheHand(t *testing.T) {
	hand := &discordgo.Message{Embeds: []*discordgo.MessageEmbed{{
		Title:  "Your hand · table abc123 · game 1",
		Footer: &discordgo.MessageEmbedFooter{Text: "Discard: ●+2 · Deck: 38"},
		Fields: []*discordgo.MessageEmbedField{
			{Name: "Cards", Value: "● Circle  ●+10 ●−5\n▲ Triangle  ▲+3 ▲+5 ▲−5\nVoid  V V"},
			{Name: "Laid", Value: "[■+1 ■+2 ■+3] Run\n[●−7 ▲−7 V] Wild\n"},
		},
	}}}
	hold, laid := LaroCards(hand)
	if got, want := laro.FormatCards(hold), "C+10 C-5 T+3 T+5 T-5 V V"; got != want {
		t.Errorf("held cards = %s, want %s", got, want)
	}
	if len(laid) != 2 || laro.FormatCards(laid[0]) != "S+1 S+2 S+3" || laro.FormatCards(laid[1]) != "C-7 T-7 V" {
		t.Errorf("laid clusters = %v, want [S+1 S+2 S+3] and [C-7 T-7 V]", laid)
	}
	if got := HandTop(hand); got.String() != "C+2" {
		t.Errorf("handTop = %s, want C+2", got)
	}
}

func TestLaroWindowReadsTheTable(t *testing.T) {
	table := &discordgo.Message{Embeds: []*discordgo.MessageEmbed{{
		Title:       "Laro · table abc123 · game 1",
		Description: "<@222> to **draw**.\n📣 LARO! can be called on **●+2** until <t:1:T>.",
		Fields: []*discordgo.MessageEmbedField{
			{Name: "Discard", Value: "**●+2** (3 in the pile)"},
			{Name: "Latest", Value: "ann\\_b drew from the deck.\nann\\_b discarded **●+2**."},
		},
	}}}
	key, top, discarder, open := LaroWindow(table)
	if !open || top.String() != "C+2" || discarder != Named("ann_b") || key == "" {
		t.Errorf("laroWindow = %q, %s, %q, %v; want open on C+2, discarded by ann\\_b", key, top, discarder, open)
	}
	table.Embeds[0].Description = "<@222> to **discard**."
	if _, _, _, open := LaroWindow(table); open {
		t.Error("laroWindow reads a window where the table shows none")
	}
}
