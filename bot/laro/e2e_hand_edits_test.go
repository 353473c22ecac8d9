package laro_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// handEdits counts the edits of ephemeral messages (hands) sent through
// interaction tokens since the first `from` requests.
func handEdits(w *e2e.World, from int) int {
	n := 0
	for _, r := range w.Srv.Requests()[from:] {
		if r.Method == "PATCH" && strings.HasSuffix(r.Path, "/messages/@original") {
			n++
		}
	}
	return n
}

// settledHandEdits is handEdits once at least want edits are logged (the fake
// logs a request after answering it, so a message may show an edit before its
// request is in the log) and a moment has passed for any further one. The
// moment is no synchronisation: an edit the bot should not have made would
// come with the one it should (the same action renders both), and this
// gives it time to arrive so that the count can catch it.
func settledHandEdits(w *e2e.World, from, want int) int {
	for deadline := time.Now().Add(e2e.Patience); handEdits(w, from) < want && time.Now().Before(deadline); {
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(200 * time.Millisecond)
	return handEdits(w, from)
}

// In a two-player game a draw from the deck changes nothing the waiting
// player's hand shows, so it is not edited; their turn coming is; and a
// draw that takes the discard changes the pile the waiting hand shows, so
// that one is.
func TestLaroWaitingHandIsEditedOnlyWhenItChanges(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	players := []*e2e.Player{alice, bob}
	e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(1)...)

	mover, hand := e2e.WaitForMover(t, players)
	waiter := alice
	if mover == alice {
		waiter = bob
	}
	waiting := waiter.Hand()
	if s := e2e.Text(waiting); !strings.Contains(s, "Waiting for") || strings.Contains(s, "Deck:") {
		t.Fatalf("the waiting hand should say whom it waits for and leave out the deck:\n%s", s)
	}
	if s := e2e.Text(hand); !strings.Contains(s, "Deck: ") {
		t.Fatalf("the mover's hand should show the deck's size:\n%s", s)
	}

	// Draw from the deck, discard, and wait for the turn to reach the waiter.
	before := len(w.Srv.Requests())
	mover.Click(hand, e2e.Button(hand, "draw", "deck"))
	hand = mover.WaitHand("the discard buttons", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	if n := handEdits(w, before); n != 0 {
		t.Errorf("a draw from the deck edited %d hand message(s); the waiting hand shows nothing it changed", n)
	}
	if s := e2e.Text(waiter.Hand()); s != e2e.Text(waiting) {
		t.Errorf("the waiting hand changed after a draw from the deck:\nbefore:\n%s\nafter:\n%s", e2e.Text(waiting), s)
	}
	discard := e2e.CardsOf(t, hand)[0]
	mover.Click(hand, e2e.Button(hand, "discard", discard.String()))
	turn := waiter.WaitHand("their turn", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "discard") != "" })
	if n := settledHandEdits(w, before, 1); n != 1 {
		t.Errorf("the draw and the discard edited %d hand message(s), want 1: the next player's, for their turn", n)
	}
	if s := e2e.Text(turn); !strings.Contains(s, "Discard: "+discard.Symbol()+" · Deck: ") {
		t.Errorf("the hand whose turn it is should show the discard %s and the deck:\n%s", discard.Symbol(), s)
	}

	// Now the other player waits; taking the discard changes their pile.
	waitingNow := mover.Hand()
	before = len(w.Srv.Requests())
	waiter.Click(turn, e2e.Button(turn, "draw", "discard"))
	edited := mover.WaitHand("the discard taken", func(m *discordgo.Message) bool {
		return !strings.Contains(e2e.Text(m), "Discard: "+discard.Symbol())
	})
	if n := settledHandEdits(w, before, 1); n != 1 {
		t.Errorf("taking the discard edited %d hand message(s), want 1: the waiting hand, whose pile changed", n)
	}
	if e2e.Text(edited) == e2e.Text(waitingNow) {
		t.Error("the waiting hand did not change when the discard was taken")
	}
	w.NoFailures()
}

// A draw that waits out a short LARO! window is answered by its own click,
// with the drawn card, once the window settles. The drawer's hand message
// is not also edited meanwhile to show the draw waiting: that edit, sent
// through the hand's older token, could reach Discord after the answer and
// leave the player a hand without the drawn card or discard buttons (on a
// loaded machine it did, and TestLaroThreePlayerGameToTheWin waited for
// discard buttons that never came).
func TestLaroWaitingDrawAnsweredByItsClickIsNotEditedAsWaiting(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	players := []*e2e.Player{w.Player("alice"), w.Player("bob"), w.Player("carol")}
	e2e.OpenTable(t, w, players[0], players[1:], e2e.QuickOpts(1)...)
	// Three seats: every draw after a discard waits for the window (no
	// minimum, the harness's 60 ms grace), so its click is answered late.
	discarded := map[string]time.Time{}
	for turn := 0; turn < 6 && e2e.PlayTurn(t, w, players, discarded); turn++ {
	}
	// Each such edit would have been sent at its draw, several turns of
	// round trips before now: the fake has logged all but the latest.
	for _, r := range w.Srv.Requests() {
		if r.Method == "PATCH" && strings.HasSuffix(r.Path, "/messages/@original") && strings.Contains(string(r.Body), "Your draw waits") {
			t.Errorf("a drawer's hand was edited to show the draw waiting, while the click was still to be answered: %s", r.Body)
		}
	}
	w.NoFailures()
}

// A hand opened while the table moves on shows where it got to. The
// table edits the new hand message through its click's token as soon as
// it is taken, but Discord has no message to edit until the click's answer
// arrives: those edits are sent again once it has. Before, they were
// dropped, and a slow answer left alice looking at computers still to
// move when it was her turn (TestLausFinishedTableIsRebuiltAfterACrash,
// on a loaded machine).
func TestLaroHandOpenedWhileTheTableMovesShowsTheLatestState(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice := w.Player("alice")
	r, err := alice.U.Slash(w.Ch, "laro new", e2e.QuickOpts(0)...)
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	alice.Click(lobby, e2e.Button(lobby, "computer", ""))
	alice.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "computer", ""))
	alice.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "start", ""))
	table := w.TableMessage("game 1")
	alice.OpenHand(table)
	hand := alice.WaitHand("her turn", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	alice.Click(hand, e2e.Button(hand, "draw", "deck"))
	hand = alice.WaitHand("discards", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	alice.Click(hand, e2e.Button(hand, "discard", e2e.ChooseDiscard(e2e.CardsOf(t, hand)).String()))

	// The computers move at once; alice opens a new hand, whose answer
	// reaches Discord only after they have.
	w.Srv.SlowRequests("POST", "/interactions/*/*/callback", 1, 1500*time.Millisecond)
	alice.OpenHand(w.Ch.Message(table.ID))
	alice.WaitHand("her turn again", func(m *discordgo.Message) bool {
		return e2e.Button(m, "draw", "deck") != "" || strings.Contains(e2e.Text(m), "game is over")
	})
	w.NoFailures()
}
