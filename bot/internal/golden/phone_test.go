package golden

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
)

// Every stored golden view, in any package, fits a phone's screen: the
// hands within MaxHandLines and MaxHandRows, every other view (the public
// table messages, a Laus round's summary message) within MaxPublicLines.
// Check refuses a new golden that does not; this reads the files
// themselves, so none is left out and none is exempt.
func TestEveryGoldenFitsAPhone(t *testing.T) {
	paths, err := filepath.Glob("../../*/testdata/views/*.golden")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) < 10 {
		t.Fatalf("found %d golden views, want the laro and laus ones at least", len(paths))
	}
	public := 0
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var v struct {
			Content    string                    `json:"content"`
			Embeds     []*discordgo.MessageEmbed `json:"embeds"`
			Components []discordgo.ActionsRow    `json:"components"`
		}
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		r := ui.Rendering{Content: v.Content, Embeds: v.Embeds}
		for _, row := range v.Components {
			r.Components = append(r.Components, row)
		}
		name := strings.TrimSuffix(filepath.Base(p), ".golden")
		if !strings.Contains(name, "hand") {
			public++
		}
		CheckPhoneSize(t, name, r)
		t.Logf("%s: %d lines, %d rows of buttons", name, PhoneLines(r), ButtonRows(r))
	}
	if public == 0 {
		t.Error("no public golden view found")
	}
}

// PhoneLines counts what the issue counts, and wraps at 40 columns with a
// custom emoji two columns wide.
func TestPhoneLinesCountsWrappedLinesAndEmojiWidth(t *testing.T) {
	long := strings.Repeat("x", 41) // two lines on a phone
	emoji := strings.Repeat("<:jack_clubs_1a2b3c4d:123456789012345678>", 20)
	r := ui.Rendering{
		Content: "one\ntwo",
		Embeds: []*discordgo.MessageEmbed{{
			Title: "title", Description: long + "\n" + emoji, // 2 + 1 (40 columns)
			Fields: []*discordgo.MessageEmbedField{{Name: "name", Value: "a\nb"}},
			Footer: &discordgo.MessageEmbedFooter{Text: "the footer is not counted"},
			Image:  &discordgo.MessageEmbedImage{URL: "attachment://round.png"}, // a picture: no lines
		}},
	}
	if got, want := PhoneLines(r), 2+1+3+1+2; got != want {
		t.Errorf("PhoneLines = %d, want %d", got, want)
	}
}
