package bot_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// A 500 or 503 on an interaction callback is Discord failing before it took
// the answer: the bot sends it again, so the player sees their move
// answered once, and not "This interaction failed".
func TestCallbackRetriedAfterServerError(t *testing.T) {
	t.Parallel()
	for _, status := range []int{http.StatusInternalServerError, http.StatusServiceUnavailable} {
		t.Run(http.StatusText(status), func(t *testing.T) {
			w := e2e.NewWorld(t)
			alice, bob := w.Player("alice"), w.Player("bob")
			e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(1)...)
			hand := alice.WaitHand("the draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
			w.Srv.FailRequests("POST", "/interactions/*/*/callback", 2, status)
			cb := alice.Click(hand, e2e.Button(hand, "draw", "deck"))
			if cb.Message == nil || e2e.Button(cb.Message, "discard", "*") == "" {
				t.Fatalf("the draw answered:\n%s\nwant alice's hand with her discards", e2e.Text(cb.Message))
			}
			if strings.Contains(e2e.Text(cb.Message), "⚠️") {
				t.Errorf("the retried callback carries a refusal:\n%s", e2e.Text(cb.Message))
			}
			w.NoFailures()
		})
	}
}
