package emojis

import (
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/catalog"
)

func TestPlainReadsCardEmojisAsText(t *testing.T) {
	faces := []catalog.Face{{Key: "circle_plus_4", Text: "●+4"}, {Key: "void", Text: "V"}, {Key: "jack_clubs", Text: "J♣"}}
	list := []discordgo.Emoji{
		{Name: "circle_plus_4_1a2b3c4d", ID: "123"},
		{Name: "void_00000000", ID: "124"},
		{Name: "jack_clubs_deadbeef", ID: "125"},
		{Name: "party_time", ID: "126"}, // not a card: left as it is
	}
	got := Plain(list, faces).Replace("Discard: **<:circle_plus_4_1a2b3c4d:123>** (<:void_00000000:124>) <:jack_clubs_deadbeef:125> <:party_time:126>")
	want := "Discard: **●+4** (V) J♣ <:party_time:126>"
	if got != want {
		t.Errorf("Plain read %q, want %q", got, want)
	}
}
