package help

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
)

var testGuide = Guide{Game: "laro", Title: "Laro", Pages: []Page{{"one", "a"}, {"two", "b"}, {"three", "c"}}}

// buttons returns the Back and Next buttons of a page.
func buttons(t *testing.T, r ui.Rendering) (back, next discordgo.Button) {
	t.Helper()
	row := r.Components[0].(discordgo.ActionsRow)
	return row.Components[0].(discordgo.Button), row.Components[1].(discordgo.Button)
}

func TestPagesTurnAndStayInRange(t *testing.T) {
	for _, tc := range []struct {
		asked, shown     int
		backOff, nextOff bool
		backTo, nextTo   int
	}{
		{0, 0, true, false, 0, 1},
		{1, 1, false, false, 0, 2},
		{2, 2, false, true, 1, 2},
		{99, 2, false, true, 1, 2}, // a forged page number
		{-3, 0, true, false, 0, 1},
	} {
		r := testGuide.Page(tc.asked)
		if want := "Page " + string(rune('1'+tc.shown)) + " of 3"; r.Embeds[0].Footer.Text != want {
			t.Errorf("page %d shows %q, want %q", tc.asked, r.Embeds[0].Footer.Text, want)
		}
		back, next := buttons(t, r)
		if back.Disabled != tc.backOff || next.Disabled != tc.nextOff {
			t.Errorf("page %d: Back disabled %v, Next disabled %v; want %v, %v", tc.asked, back.Disabled, next.Disabled, tc.backOff, tc.nextOff)
		}
		for _, b := range []struct {
			id string
			to int
		}{{back.CustomID, tc.backTo}, {next.CustomID, tc.nextTo}} {
			c, err := ui.ParseComponentID(b.id, "laro")
			if err != nil || !Owns(c) || ParsePageButton(c).Page != b.to {
				t.Errorf("page %d: button %q leads to %d (%v), want page %d", tc.asked, b.id, ParsePageButton(c).Page, err, b.to)
			}
		}
		if back.CustomID == next.CustomID {
			t.Errorf("page %d: Back and Next share custom_id %q", tc.asked, back.CustomID)
		}
	}
}

func TestButtonOpensTheFirstPage(t *testing.T) {
	c, err := ui.ParseComponentID(ButtonIn(lang.English, "laus").CustomID, "laus")
	if err != nil || !Owns(c) || ParsePageButton(c).Page != 0 || c.Game != "laus" {
		t.Fatalf("How to play's custom_id %q decodes to %+v (%v), want laus page 0", ButtonIn(lang.English, "laus").CustomID, c, err)
	}
	if Owns(ui.ComponentID{Game: "laro", Key: "abc123", Verb: Verb}) {
		t.Error("a table's own component is taken for a How to play page")
	}
	if r := Commands(lang.English); r.Data.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.Contains(r.Data.Embeds[0].Description, "/laro new") {
		t.Errorf("the command list is public or lacks /laro new:\n%s", r.Data.Embeds[0].Description)
	}
}
