package history

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/store"
)

// TestPageIsInItsGamesColour: each game's history page has the colour the
// game registered (Laus's was once drawn in Laro's), and names the game.
func TestPageIsInItsGamesColour(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(t.TempDir(), "cardbot.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	for _, k := range []Kind{laro, {Kind: store.KindLaus, Title: "Laus", Noun: "match", Colour: 0x8e3b46}} {
		page, err := Page(ctx, st, k, lang.English, "g", "u", 0, func(store.HistoryEntry) string { return "" })
		if err != nil {
			t.Fatal(err)
		}
		e := page.Embeds[0]
		if e.Color != k.Colour || !strings.HasPrefix(e.Title, k.Title) || !strings.Contains(e.Description, "No finished "+k.Title+" "+k.Noun) {
			t.Errorf("%s history page: colour %#x, title %q, %q; want colour %#x", k.Title, e.Color, e.Title, e.Description, k.Colour)
		}
	}
}
