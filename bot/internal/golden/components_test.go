package golden

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/ui"
)

func TestUnlabelledFindsButtonsWithoutText(t *testing.T) {
	r := ui.Rendering{Components: []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Refresh", CustomID: "a", Emoji: &discordgo.ComponentEmoji{Name: "🔄"}},
		discordgo.Button{CustomID: "b", Emoji: &discordgo.ComponentEmoji{Name: "⏮"}},
		discordgo.Button{Label: " ", CustomID: "c"},
	}}}}
	if got := Unlabelled(r); !slices.Equal(got, []string{"b", "c"}) {
		t.Errorf("Unlabelled = %v, want [b c]", got)
	}
}

// Every button of every stored golden view, in any package, has a text
// label. Check refuses new ones without; this reads the files themselves.
func TestEveryGoldenButtonHasALabel(t *testing.T) {
	paths, err := filepath.Glob("../../*/testdata/views/*.golden")
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) < 10 {
		t.Fatalf("found %d golden views, want the laro and laus ones at least", len(paths))
	}
	buttons := 0
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var v struct {
			Components []struct {
				Components []struct {
					Type     int    `json:"type"`
					Label    string `json:"label"`
					CustomID string `json:"custom_id"`
				} `json:"components"`
			} `json:"components"`
		}
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatalf("%s: %v", p, err)
		}
		for _, row := range v.Components {
			for _, c := range row.Components {
				if c.Type != int(discordgo.ButtonComponent) {
					continue
				}
				buttons++
				if strings.TrimSpace(c.Label) == "" {
					t.Errorf("%s: button %s has no text label", p, c.CustomID)
				}
			}
		}
	}
	if buttons == 0 {
		t.Error("the golden views hold no button at all")
	}
}
