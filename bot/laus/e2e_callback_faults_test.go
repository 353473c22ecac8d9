package laus_test

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// Play again clicked while the gateway is cut reaches the bot on the
// RESUME, after its 3 s: the callback that would have redrawn the clicked
// message is refused, but the next match is stored and dealt. The channel
// must still show it as it is: the finished match's message without its
// buttons, and one message offering the next match.
func TestLausPlayAgainConvergesAfterAFailedCallback(t *testing.T) {
	w := e2e.NewStrictWorld(t)
	alice := w.Player("alice")
	lausSoloTable(t, w, alice, 100, 600)
	alice.OpenHand(w.TableMessage("match 1 · round 1"))
	skat := 0
	for moves := 0; ; moves++ {
		// A move may be refused when the computers end the match before
		// alice's hand shows it; the loop then finds the match over.
		p, hand := e2e.LausMover(t, w, []*e2e.Player{alice})
		if p == nil {
			break
		}
		e2e.LausMove(t, p, hand, &skat)
		if moves > 500 {
			t.Fatal("no end after 500 moves")
		}
	}
	final := w.TableMessage("[Play again]")

	w.Srv.CutGateway(4 * time.Second)
	r, err := alice.U.Click(final, e2e.Button(final, "again", ""))
	if err != nil {
		t.Fatalf("Play again during the cut: %v", err)
	}
	if _, err := r.Wait(); !errors.Is(err, discordtest.ErrInteractionFailed) {
		t.Fatalf("Play again during the cut: got %v, want ErrInteractionFailed (alice saw it fail)", err)
	}
	if err := w.Srv.WaitConnected(1, 30*time.Second); err != nil {
		t.Fatalf("the bot did not come back: %v", err)
	}

	next := w.TableMessage("match 2 · round 1")
	w.WaitMessage(final.ID, "no buttons", func(m *discordgo.Message) bool { return len(discordtest.CustomIDs(m)) == 0 })
	live := slices.DeleteFunc(w.Ch.Messages(), func(m *discordgo.Message) bool { return len(discordtest.CustomIDs(m)) == 0 })
	if len(live) != 1 || live[0].ID != next.ID {
		var all []string
		for _, m := range live {
			all = append(all, e2e.Text(m))
		}
		t.Errorf("%d channel messages have buttons, want only match 2's table message:\n%s", len(live), strings.Join(all, "\n----\n"))
	}
	for _, f := range w.Srv.Failures() {
		if f.InteractionID != r.ID() {
			t.Errorf("interaction failure a user would see: %s", f)
		}
	}
}
