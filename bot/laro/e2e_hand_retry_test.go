package laro_test

import (
	"net/http"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// A hand message whose edit meets Discord server errors still ends up
// showing the turn: the edit is sent again, so bob sees his draw without
// reopening his hand.
func TestLaroHandEditRetriedAfterServerErrors(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	table := e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(1)...)
	bob.OpenHand(table)
	hand := alice.WaitHand("the draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	alice.Click(hand, e2e.Button(hand, "draw", "deck"))
	hand = alice.WaitHand("discards", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	w.Srv.FailRequests("PATCH", "/webhooks/*/*/messages/*", 2, http.StatusServiceUnavailable)
	alice.Click(hand, e2e.Button(hand, "discard", e2e.CardsOf(t, hand)[0].String()))
	bob.WaitHand("his draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	w.NoFailures()
}
