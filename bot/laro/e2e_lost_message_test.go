package laro_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/store"
)

// lostTableMessage opens a game whose table message was posted but whose ID
// never reached the store (the database went away just then), and stops the
// bot: the stored message is still the lobby. It returns the world, the
// players, the lobby and the table message.
func lostTableMessage(t *testing.T) (*e2e.World, []*e2e.Player, *discordgo.Message, *discordgo.Message) {
	t.Helper()
	w := e2e.NewWorld(t)
	players := []*e2e.Player{w.Player("alice"), w.Player("bob")}
	table := e2e.OpenTable(t, w, players[0], players[1:])
	lobby := w.TableMessage("has started below")
	if lobby.ID == table.ID {
		t.Fatalf("the lobby and the table are one message %s", lobby.ID)
	}
	g := e2e.LiveGame(t, w, store.KindLaro)
	w.Stop()
	w.SetMessageID(g.ID, lobby.ID)
	return w, players, lobby, table
}

// A rebuilt table edits its own message, found in the channel, and never the
// lobby above it: players look at the newest message, and a live lobby over a
// stale table would leave them waiting for a turn that never shows.
func TestLaroTableMessageWhoseIDWasNotStoredIsFoundAfterARestart(t *testing.T) {
	t.Parallel()
	w, players, lobby, table := lostTableMessage(t)
	w.Start()

	restarted := w.WaitMessage(table.ID, "the restart on the table message", func(m *discordgo.Message) bool {
		return strings.Contains(e2e.Text(m), "cardbot restarted")
	})
	if e2e.Button(restarted, "hand", "") == "" {
		t.Errorf("the table message lost its My hand:\n%s", e2e.Text(restarted))
	}
	// A move after the restart shows on the same message.
	mover, hand := e2e.WaitForMover(t, players)
	mover.Click(hand, e2e.Button(hand, "draw", "deck"))
	w.WaitMessage(table.ID, "the draw on the table message", func(m *discordgo.Message) bool {
		return strings.Contains(e2e.Text(m), "drew")
	})
	if got := e2e.Text(w.Ch.Message(lobby.ID)); !strings.Contains(got, "has started below") || e2e.Button(w.Ch.Message(lobby.ID), "hand", "") != "" {
		t.Errorf("the lobby was redrawn as the table:\n%s", got)
	}
	if n := len(withMyHand(w.Ch.Messages())); n != 1 {
		t.Errorf("%d channel messages offer My hand after the restart, want the one table message", n)
	}
	if g := e2e.LiveGame(t, w, store.KindLaro); g.MessageID != table.ID {
		t.Errorf("the stored table message is %s, want %s, found again", g.MessageID, table.ID)
	}
}

// When the table message cannot be found (deleted meanwhile), the rebuilt table
// posts a fresh one, and the lobby stays as it was.
func TestLaroTableMessageWhoseIDWasNotStoredAndIsGoneIsPostedAgain(t *testing.T) {
	t.Parallel()
	w, players, lobby, table := lostTableMessage(t)
	if !w.Ch.DeleteMessage(table.ID) {
		t.Fatal("the table message could not be deleted")
	}
	w.Start()

	fresh := w.TableMessage("cardbot restarted")
	if fresh.ID == lobby.ID || e2e.Button(fresh, "hand", "") == "" {
		t.Fatalf("after the restart the table is %s (the lobby is %s):\n%s", fresh.ID, lobby.ID, e2e.Text(fresh))
	}
	e2e.PlayToEnd(t, w, players)
	if got := e2e.Text(w.Ch.Message(lobby.ID)); !strings.Contains(got, "has started below") {
		t.Errorf("the lobby was redrawn as the table:\n%s", got)
	}
}

// withMyHand returns the messages among ms that offer My hand.
func withMyHand(ms []*discordgo.Message) []*discordgo.Message {
	var out []*discordgo.Message
	for _, m := range ms {
		if e2e.Button(m, "hand", "") != "" {
			out = append(out, m)
		}
	}
	return out
}
