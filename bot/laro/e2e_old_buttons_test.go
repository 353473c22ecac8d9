package laro_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// A button drawn before the typed routes, still on a player's screen, is
// clicked after the game moved on: the click arrives with the custom_id
// exactly as that build wrote it, and is refused as from an earlier moment,
// changing nothing.
func TestLaroOldButtonIsFromAnEarlierMoment(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	table := e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(1)...)
	tableID := strings.Split(e2e.Button(table, "hand", ""), "/")[2]
	hand := alice.WaitHand("the draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })

	// The custom_id as the build before typed routes drew it: the wire
	// form has not changed.
	old := "v1/laro/" + tableID + "/0/draw/deck"
	if got := e2e.Button(hand, "draw", "deck"); got != old {
		t.Fatalf("Draw from deck is drawn as %q, want the wire form %q", got, old)
	}
	alice.Click(hand, old)
	alice.WaitHand("the discards", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })

	r, err := alice.U.ForgeClick(w.Ch, old)
	cb := e2e.Answer(t, r, err)
	if !strings.Contains(e2e.Text(cb.Message), "earlier moment") {
		t.Errorf("the old Draw answered %q, want it refused as from an earlier moment", e2e.Text(cb.Message))
	}
	if !cb.Ephemeral {
		t.Errorf("the refusal of an old button was public: %q", e2e.Text(cb.Message))
	}
	if e2e.Button(cb.Message, "discard", "*") == "" {
		t.Errorf("the refusal does not show alice's hand as it is now, waiting for her discard:\n%s", e2e.Text(cb.Message))
	}
}
