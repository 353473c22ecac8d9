package history

import (
	"github.com/cardbot/cardbot/bot/lang"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// The replay controls say in words what each does: a screen reader has
// more to read than "black left-pointing triangle".
func TestNavButtonsHaveTextLabels(t *testing.T) {
	rows := NavIn(lang.English, laro, "0123456789abcdef", 0, 5, nil)
	row := rows[0].(discordgo.ActionsRow)
	want := []struct{ label, emoji string }{{"First", "⏮"}, {"Back", "◀"}, {"Next", "▶"}, {"Last", "⏭"}}
	if len(row.Components) != len(want) {
		t.Fatalf("got %d controls, want %d", len(row.Components), len(want))
	}
	for i, c := range row.Components {
		b := c.(discordgo.Button)
		if b.Label != want[i].label || b.Emoji == nil || b.Emoji.Name != want[i].emoji {
			t.Errorf("control %d: label %q emoji %v, want %q with %s", i, b.Label, b.Emoji, want[i].label, want[i].emoji)
		}
	}
	// At step 0 the way back is closed, the way on open.
	if b := row.Components[1].(discordgo.Button); !b.Disabled {
		t.Error("Back is enabled on the first step")
	}
	if b := row.Components[2].(discordgo.Button); b.Disabled {
		t.Error("Next is disabled before the last step")
	}
}
