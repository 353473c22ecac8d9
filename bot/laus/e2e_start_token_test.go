package laus_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// TestLausTableMessageIsTheStartClicksFollowup: the host's Start is
// answered with their hand, as before; the match's table message is a
// public follow-up on that click's token, and the match's edits of it go
// through the token, never the channel endpoint.
func TestLausTableMessageIsTheStartClicksFollowup(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	players := []*e2e.Player{alice, bob}
	r, err := alice.U.Slash(w.Ch, "laus new", discordtest.IntOpt("target", 1500), discordtest.IntOpt("turn_timer", 600))
	e2e.Answer(t, r, err)
	lobby := w.TableMessage("Click **Join**")
	bob.Click(lobby, e2e.Button(lobby, "join", "*"))
	alice.Click(lobby, e2e.Button(lobby, "computer", "*"))
	from := len(w.Srv.Requests())
	start, err := alice.U.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "start", "*"))
	if cb := e2e.Answer(t, start, err); cb.Type != discordgo.InteractionResponseChannelMessageWithSource || !cb.Ephemeral {
		t.Fatalf("Start answered with type %d (ephemeral %v), want the host's hand as before", cb.Type, cb.Ephemeral)
	}
	fs, err := start.WaitFollowups(1, e2e.Patience)
	if err != nil {
		t.Fatal(err)
	}
	table := w.TableMessage("match 1 · round 1")
	if fs[0].ID != table.ID || fs[0].Flags&discordgo.MessageFlagsEphemeral != 0 {
		t.Fatalf("Start's follow-up is %s (flags %d), the table message %s; want the table message, public", fs[0].ID, fs[0].Flags, table.ID)
	}
	for _, p := range players {
		p.OpenHand(table)
	}
	before := e2e.Text(w.Ch.Message(table.ID))
	skatTurns := 0
	for range 2 {
		p, hand := e2e.LausMover(t, w, players)
		if p == nil {
			t.Fatal("the match ended within two moves")
		}
		e2e.LausMove(t, p, hand, &skatTurns)
	}
	if _, err := start.WaitEdited(1, e2e.Patience); err != nil {
		t.Fatalf("the table message was not edited through the Start token: %v", err)
	}
	w.WaitMessage(table.ID, "the moves on the table", func(m *discordgo.Message) bool { return e2e.Text(m) != before })
	for _, q := range w.Srv.Requests()[from:] {
		if q.Method == "PATCH" && strings.HasSuffix(q.Path, "/channels/"+w.Ch.ID()+"/messages/"+table.ID) {
			t.Errorf("the table message was edited through the channel endpoint: %s %s", q.Method, q.Path)
		}
		if q.Method == "POST" && strings.HasSuffix(q.Path, "/channels/"+w.Ch.ID()+"/messages") {
			t.Errorf("the start posted a channel message: %s %s", q.Method, q.Path)
		}
	}
	w.NoFailures()
}
