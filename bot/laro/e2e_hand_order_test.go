package laro_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// A hand edit the bot sent before a click on that hand can reach Discord
// after the click's answer. After a restart the bot redraws every open
// hand; here those redraws are slowed, so they are still on their way when
// the mover draws. The hand must end up showing the card drawn, never the
// hand from before the draw:
//   - an older edit that lands within a second holds the draw's answer back
//     until it has landed, so the answer is the last thing Discord applies;
//   - one slower than that lets the answer go, and the hand is drawn again
//     behind it.
func TestLaroHandShowsTheDrawWhenAnOlderEditLandsAfterIt(t *testing.T) {
	for _, tc := range []struct {
		name     string
		slow     time.Duration
		heldBack bool // the answer waits for the older edits
	}{
		{"the answer waits", 400 * time.Millisecond, true},
		{"the hand is drawn again", 1500 * time.Millisecond, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			w := e2e.NewWorld(t, e2e.LongDeal(t, 2, 2))
			alice, bob := w.Player("alice"), w.Player("bob")
			players := []*e2e.Player{alice, bob}
			e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(1)...)
			e2e.PlayTurns(t, w, players, 2)
			mover, old := e2e.WaitForMover(t, players)
			// Every edit through a token after the restart: both hands, and the
			// table message if it is edited through its start token.
			w.Srv.SlowRequests("PATCH", "/webhooks/*/*/messages/*", 3, tc.slow)
			w.Restart()
			from := len(w.Srv.Requests())

			cb := mover.Click(old, e2e.Button(old, "draw", "deck"))
			// Past the slowed edits' landing, and any redraw behind them.
			time.Sleep(tc.slow + 300*time.Millisecond)
			if tc.heldBack {
				// The fake logs a request once it has answered it. Of the
				// slowed edits, the mover's hand is the one that says it is
				// their turn.
				for _, r := range w.Srv.Requests()[from:] {
					mine := strings.Contains(string(r.Body), "Your turn")
					if r.Method == "PATCH" && mine && r.Duration >= tc.slow && r.Start.Add(r.Duration).After(cb.Arrived) {
						t.Errorf("the draw's answer reached Discord at %v, before an older edit sent at %v landed (%v later)",
							cb.Arrived.Format("15:04:05.000"), r.Start.Format("15:04:05.000"), r.Duration)
					}
				}
			}
			hand := mover.WaitHand("discards, after the older edits landed", func(m *discordgo.Message) bool {
				return e2e.Button(m, "discard", "*") != ""
			})
			if !strings.Contains(e2e.Text(hand), "You drew") {
				t.Errorf("the hand no longer shows the card drawn:\n%s", e2e.Text(hand))
			}
			slowed := 0
			for _, r := range w.Srv.Requests()[from:] {
				if r.Method == "PATCH" && r.Duration >= tc.slow && strings.Contains(string(r.Body), "Your turn") {
					slowed++
				}
			}
			if slowed == 0 {
				t.Error("the mover's hand was not edited slowly after the restart: the test did not set up the race")
			}
			w.NoFailures()
		})
	}
}
