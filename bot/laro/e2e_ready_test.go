package laro_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/e2e"
)

// Play again asks who is in; the host may start with those who are, and
// whoever did not say so is not dealt in and may sit elsewhere.
func TestLaroPlayAgainDealsOnlyThoseWhoAreIn(t *testing.T) {
	w := e2e.NewWorld(t)
	alice, bob, carol := w.Player("alice"), w.Player("bob"), w.Player("carol")
	players := []*e2e.Player{alice, bob, carol}
	e2e.OpenTable(t, w, alice, []*e2e.Player{bob, carol}, e2e.QuickOpts(0)...)
	e2e.PlayToEnd(t, w, players)
	final := w.TableMessage("[Play again]")

	// bob asks for another game: he is in, the others are asked.
	bob.Click(final, e2e.Button(final, "again", "*"))
	asked := w.WaitMessage(final.ID, "the ready check", func(m *discordgo.Message) bool {
		return strings.Contains(e2e.Text(m), "Waiting for:")
	})
	text := e2e.Text(asked)
	if !strings.Contains(text, "In: "+e2e.Named(bob)) || !strings.Contains(text, e2e.Named(alice)) ||
		!strings.Contains(text, "[I'm in]") || !strings.Contains(text, "[Start now]") || !strings.Contains(text, "[Leave table]") {
		t.Errorf("the ready check shows:\n%s", text)
	}
	if live, _ := w.St.LiveGames(t.Context()); len(live) != 0 {
		t.Fatalf("a game began before anyone but bob was in: %+v", live)
	}
	// Only the host starts early.
	if cb := bob.Click(asked, e2e.Button(asked, "startnow", "*")); !strings.Contains(e2e.Text(cb.Message), "Only the host") {
		t.Errorf("bob's Start now answered %q", e2e.Text(cb.Message))
	}
	// alice (the host) says she is in, then starts without carol.
	alice.Click(asked, e2e.Button(asked, "again", "*"))
	asked = w.WaitMessage(final.ID, "alice in", func(m *discordgo.Message) bool {
		s := e2e.Text(m)
		return strings.Contains(s, "Waiting for: "+e2e.Named(carol)) && !strings.Contains(s, "Waiting for: "+e2e.Named(alice))
	})
	alice.Click(asked, e2e.Button(asked, "startnow", "*"))
	game2 := w.TableMessage("game 2")
	if s := e2e.Text(game2); !strings.Contains(s, e2e.Named(alice)) || !strings.Contains(s, e2e.Named(bob)) || strings.Contains(s, e2e.Named(carol)) {
		t.Errorf("game 2 should seat alice and bob, not carol:\n%s", s)
	}
	live, err := w.St.LiveGames(t.Context())
	if err != nil || len(live) != 1 || len(live[0].Seats) != 2 {
		t.Fatalf("live games after Start now: %+v (%v), want one game of two seats", live, err)
	}
	// The old message keeps no buttons, and carol is free to open a table.
	if ids := e2e.Button(w.Ch.Message(final.ID), "again", "*"); ids != "" {
		t.Errorf("game 1's message still offers I'm in after game 2 began")
	}
	r, err := carol.U.Slash(w.Ch, "laro new")
	if cb := e2e.Answer(t, r, err); !strings.Contains(e2e.Text(cb.Message), "is open in this channel") {
		t.Errorf("carol could not open a table: %q", e2e.Text(cb.Message))
	}
	w.NoFailures()
}
