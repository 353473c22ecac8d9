package ui

import (
	"testing"

	"github.com/bwmarrin/discordgo"
)

// discordgo writes "rich" into every embed without a type that a channel
// message call carries; RichEmbeds gives it copies, so that two calls with
// one rendering's embeds at once do not race, and leaves typed ones alone.
func TestRichEmbedsNeverWritesTheRendering(t *testing.T) {
	plain := &discordgo.MessageEmbed{Title: "table"}
	typed := &discordgo.MessageEmbed{Title: "picture", Type: discordgo.EmbedTypeImage}
	in := []*discordgo.MessageEmbed{typed, plain}
	out := RichEmbeds(in)
	if plain.Type != "" || in[1] != plain {
		t.Fatalf("RichEmbeds wrote into the rendering: %+v", in)
	}
	if out[0] != typed || out[1] == plain || out[1].Type != discordgo.EmbedTypeRich || out[1].Title != "table" {
		t.Errorf("RichEmbeds gave %+v %+v, want the typed embed itself and a rich copy of the other", out[0], out[1])
	}
	if again := RichEmbeds(out); &again[0] != &out[0] {
		t.Error("embeds that all have a type were copied")
	}
	if got := RichEmbeds(nil); got != nil {
		t.Errorf("RichEmbeds(nil) = %v, want nil (an edit that keeps the embeds)", got)
	}
}
