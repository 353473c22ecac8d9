package laro_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// handWithin waits up to d for p's newest hand message to satisfy cond.
func handWithin(t *testing.T, p *e2e.Player, d time.Duration, what string, cond func(*discordgo.Message) bool) *discordgo.Message {
	t.Helper()
	var got *discordgo.Message
	if _, err := p.U.WaitEphemeral(d, func(ms []*discordgo.Message) bool {
		got = e2e.LatestHand(ms)
		return got != nil && cond(got)
	}); err != nil {
		t.Fatalf("%s's newest hand did not show %s within %v; it shows:\n%s", p.U.Name(), what, d, e2e.Text(p.Hand()))
	}
	return got
}

// A discard made while the gateway is cut reaches the bot on the RESUME,
// after its 3 s: the player saw "This interaction failed", but the move is
// stored. Their hand message must still follow the game: it shows the
// discard happened, and the other player's moves after it.
func TestLaroHandFollowsTheGameAfterAFailedCallback(t *testing.T) {
	t.Parallel()
	w := e2e.NewStrictWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	players := []*e2e.Player{alice, bob}
	e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(1)...)
	mover, hand := e2e.WaitForMover(t, players)
	other := alice
	if mover == alice {
		other = bob
	}
	mover.Click(hand, e2e.Button(hand, "draw", "deck"))
	hand = mover.WaitHand("the discard buttons", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	card := e2e.ChooseDiscard(e2e.CardsOf(t, hand))

	w.Srv.CutGateway(4 * time.Second)
	r, err := mover.U.Click(hand, e2e.Button(hand, "discard", card.String()))
	if err != nil {
		t.Fatalf("the discard during the cut: %v", err)
	}
	if _, err := r.Wait(); !errors.Is(err, discordtest.ErrInteractionFailed) {
		t.Fatalf("the discard during the cut: got %v, want ErrInteractionFailed (the player saw it fail)", err)
	}
	if err := w.Srv.WaitConnected(1, 30*time.Second); err != nil {
		t.Fatalf("the bot did not come back: %v", err)
	}

	// The move was stored: it is the other player's turn, and the mover's
	// own hand says so rather than still offering the discard.
	turn := other.WaitHand("their turn", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "discard") != "" })
	handWithin(t, mover, 2*time.Second, "the discard it made", func(m *discordgo.Message) bool {
		return e2e.Button(m, "discard", "*") == "" && strings.Contains(e2e.Text(m), card.Symbol())
	})

	// The other player takes the discard and throws another card: the
	// mover's newest hand shows that, and that it is their turn again.
	other.Click(turn, e2e.Button(turn, "draw", "discard"))
	turn = other.WaitHand("the discard buttons", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	next := e2e.ChooseDiscard(e2e.CardsOf(t, turn))
	other.Click(turn, e2e.Button(turn, "discard", next.String()))
	handWithin(t, mover, 2*time.Second, "the other player's discard and its turn", func(m *discordgo.Message) bool {
		return e2e.Button(m, "draw", "deck") != "" && strings.Contains(e2e.Text(m), "Discard: "+next.Symbol())
	})
	onlyFailure(t, w, r.ID())
}

// onlyFailure fails on any interaction failure but those of interaction
// id, the click whose answer the test made Discord refuse.
func onlyFailure(t *testing.T, w *e2e.World, id string) {
	t.Helper()
	for _, f := range w.Srv.Failures() {
		if f.InteractionID != id {
			t.Errorf("interaction failure a user would see: %s", f)
		}
	}
}

// The router defers a slow click by the click's own time, as Discord
// counts its 3 s, not by when the click reached the bot: a draw made 2.2 s
// before it arrives (a slow gateway), whose store write then takes 1.5 s,
// is acknowledged at once, and its answer follows.
func TestLaroClickDeliveredLateIsDeferredByItsStamp(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(1)...)
	mover, hand := e2e.WaitForMover(t, []*e2e.Player{alice, bob})

	w.StallStore(1500 * time.Millisecond)
	r, err := mover.U.Click(hand, e2e.Button(hand, "draw", "deck"), discordtest.WithTime(time.Now().Add(-2200*time.Millisecond)))
	cb := e2e.Answer(t, r, err)
	if cb.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Errorf("the late-delivered slow draw was answered with type %d, want a deferred update (6)", cb.Type)
	}
	mover.WaitHand("the drawn card", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	w.NoFailures()
}

// Join whose callback Discord fails every time (500s, retried by the bot
// within its 3 s): the seat is stored, and the lobby message must show it
// although the callback that would have redrawn it never got through.
func TestLaroLobbyShowsAJoinWhoseCallbackFailed(t *testing.T) {
	t.Parallel()
	w := e2e.NewStrictWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	r, err := alice.U.Slash(w.Ch, "laro new", e2e.QuickOpts(1)...)
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")

	w.Srv.FailRequests("POST", "/interactions/*/*/callback", 4, 500)
	rj, err := bob.U.Click(lobby, e2e.Button(lobby, "join", ""))
	if err != nil {
		t.Fatalf("Join: %v", err)
	}
	if _, err := rj.Wait(); !errors.Is(err, discordtest.ErrInteractionFailed) {
		t.Fatalf("Join with its callback failing: got %v, want ErrInteractionFailed (bob saw it fail)", err)
	}
	lobby = w.WaitMessage(lobby.ID, "bob seated", func(m *discordgo.Message) bool { return strings.Contains(e2e.Text(m), e2e.Named(bob)) })
	alice.Click(lobby, e2e.Button(lobby, "start", ""))
	if table := w.TableMessage("game 1"); !strings.Contains(e2e.Text(table), e2e.Named(bob)) {
		t.Errorf("the game bob joined does not seat him:\n%s", e2e.Text(table))
	}
	onlyFailure(t, w, rj.ID())
}
