package screen

import (
	"reflect"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// TestButtonsReadsTheBotsComponents checks which components Buttons keeps
// and how it reads their custom_ids.
func TestButtonsReadsTheBotsComponents(t *testing.T) {
	m := &discordgo.Message{Components: []discordgo.MessageComponent{
		&discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			&discordgo.Button{Label: "Draw", CustomID: "v1/laro/t1/7/draw"},
			&discordgo.Button{Label: "5♥", CustomID: "v1/laro/t1/7/discard/H5"},
			&discordgo.Button{Label: "Off", CustomID: "v1/laro/t1/7/win", Disabled: true},
			&discordgo.Button{Label: "Site", URL: "https://example.com", Style: discordgo.LinkButton},
		}},
		&discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			&discordgo.Button{Label: "Short", CustomID: "v1/laro/t1/draw"},
			&discordgo.Button{Label: "Long", CustomID: "v1/laro/t1/7/lay/a/b"},
			&discordgo.Button{Label: "Foreign", CustomID: "v2/laro/t1/7/draw"},
			&discordgo.Button{Label: "Bad turn", CustomID: "v1/laro/t1/x/draw"},
			&discordgo.Button{Label: "Trailing", CustomID: "v1/laro/t1/7/call/"},
		}},
		&discordgo.ActionsRow{Components: []discordgo.MessageComponent{
			&discordgo.SelectMenu{CustomID: "v1/laus/t2/3/lay", Disabled: true, Options: []discordgo.SelectMenuOption{{Label: "x", Value: "x"}}},
		}},
	}}
	want := []Button{
		{ID: "v1/laro/t1/7/draw", Label: "Draw", Verb: "draw", Turn: 7},
		{ID: "v1/laro/t1/7/discard/H5", Label: "5♥", Verb: "discard", Arg: "H5", Turn: 7},
		{ID: "v1/laro/t1/7/call/", Label: "Trailing", Verb: "call", Arg: "", Turn: 7},
		// A select menu has no label, and only buttons are left out when
		// disabled: the menu's own state is the bot's to check.
		{ID: "v1/laus/t2/3/lay", Verb: "lay", Turn: 3},
	}
	if got := Buttons(m); !reflect.DeepEqual(got, want) {
		t.Errorf("Buttons =\n%+v\nwant\n%+v", got, want)
	}
	if b, ok := Find(m, "discard"); !ok || b.Arg != "H5" {
		t.Errorf("Find(discard) = %+v, %v", b, ok)
	}
	if got := MoveVersion(m); got != 7 {
		t.Errorf("MoveVersion = %d, want 7", got)
	}
	if Buttons(nil) != nil {
		t.Error("Buttons(nil) is not nil")
	}
}
