package laro_test

import (
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/store"
)

// TestLaroTableMessageEditedThroughAClickersToken: a click on the table
// message that is answered privately (here someone not seated pressing My
// hand) is acknowledged without changing the table message (callback type
// 6), the private answer arrives as an ephemeral follow-up with the same
// words an ephemeral reply has, and the table message is then edited
// through that click's token. A second click while that token is fresh is
// answered as before, with an ephemeral reply.
//
// The table message starts without a token here: Discord refused the
// follow-up on the Start click's token that would have posted it (see
// e2e_start_token_test.go), so the channel endpoint posted it.
func TestLaroTableMessageEditedThroughAClickersToken(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, carol := w.Player("alice"), w.Player("carol")
	players := []*e2e.Player{alice}
	r0, err := alice.U.Slash(w.Ch, "laro new", e2e.QuickOpts(0)...)
	e2e.Answer(t, r0, err)
	lobby := w.TableMessage("Click **Join**")
	w.RefuseStartFollowups(0)
	alice.Click(w.Ch.Message(lobby.ID), e2e.Button(lobby, "start", ""))
	table := w.TableMessage("game 1")
	alice.OpenHand(table)
	before := e2e.Text(w.Ch.Message(table.ID))
	// The channel shows the message before the bot has read Discord's answer
	// to its post; a click before that finds a table that does not know its
	// message yet, and is answered privately. It is stored once known.
	for deadline := time.Now().Add(e2e.Patience); e2e.LiveGame(t, w, store.KindLaro).MessageID != table.ID; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the bot never took the posted table message for its own")
		}
	}

	r, err := carol.U.Click(w.Ch.Message(table.ID), e2e.Button(table, "hand", ""))
	if cb := e2e.Answer(t, r, err); cb.Type != discordgo.InteractionResponseDeferredMessageUpdate {
		t.Fatalf("callback type %d, want 6 (the table message left as it is)", cb.Type)
	}
	fs, err := r.WaitFollowups(1, e2e.Patience)
	if err != nil {
		t.Fatal(err)
	}
	if fs[0].Flags&discordgo.MessageFlagsEphemeral == 0 {
		t.Errorf("the private answer is a public follow-up: %q", e2e.Text(fs[0]))
	}
	if got := e2e.Text(w.Ch.Message(table.ID)); got != before {
		t.Errorf("carol's click changed the table message:\n%s\nwant\n%s", got, before)
	}

	again, err := carol.U.Click(w.Ch.Message(table.ID), e2e.Button(table, "hand", ""))
	if cb := e2e.Answer(t, again, err); cb.Type != discordgo.InteractionResponseChannelMessageWithSource || !cb.Ephemeral {
		t.Errorf("second click: callback type %d ephemeral %v, want an ephemeral reply (4)", cb.Type, cb.Ephemeral)
	}
	if got, want := e2e.Text(again.Message()), e2e.Text(fs[0]); got != want {
		t.Errorf("the follow-up reads\n%s\nand the ephemeral reply\n%s\nwant the same answer", want, got)
	}

	// A turn changes the table message: through carol's first token.
	e2e.PlayTurn(t, w, players, map[string]time.Time{})
	m, err := r.WaitEdited(1, e2e.Patience)
	if err != nil {
		t.Fatalf("the table message was not edited through the click's token: %v", err)
	}
	if m.ID != table.ID {
		t.Errorf("the token edited message %s, want the table message %s", m.ID, table.ID)
	}
	if got, want := e2e.Text(again.Message()), e2e.Text(fs[0]); got != want {
		t.Errorf("the second click's ephemeral reply now reads\n%s\nwant it left alone", got)
	}
	w.NoFailures()
}
