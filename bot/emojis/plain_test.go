package emojis

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/engine/laro"
)

func TestPlainReadsCardEmojisAsText(t *testing.T) {
	cp4, _ := laro.ParseCard("C+4")
	list := []discordgo.Emoji{
		{Name: LaroKey(cp4) + "_1a2b3c4d", ID: "123"},
		{Name: "void_00000000", ID: "124"},
		{Name: "jack_clubs_deadbeef", ID: "125"},
		{Name: "party_time", ID: "126"}, // not a card: left as it is
	}
	got := Plain(list).Replace("Discard: **<:circle_plus_4_1a2b3c4d:123>** (<:void_00000000:124>) <:jack_clubs_deadbeef:125> <:party_time:126>")
	want := "Discard: **" + cp4.Symbol() + "** (V) J♣ <:party_time:126>"
	if got != want {
		t.Errorf("Plain read %q, want %q", got, want)
	}
}
