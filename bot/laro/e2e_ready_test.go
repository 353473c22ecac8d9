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
	t.Parallel()
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
	// The old message loses its buttons (an edit queued behind game 2's
	// message, so waited for), and carol is free to open a table.
	w.WaitMessage(final.ID, "game 1's message without I'm in after game 2 began", func(m *discordgo.Message) bool {
		return e2e.Button(m, "again", "*") == ""
	})
	r, err := carol.U.Slash(w.Ch, "laro new")
	if cb := e2e.Answered(t, r, err); !strings.Contains(e2e.Text(cb.Message), "is open in this channel") {
		t.Errorf("carol could not open a table: %q", e2e.Text(cb.Message))
	}
	w.NoFailures()
}

// When the one person a ready check waits for leaves instead, everyone
// still seated is in and the next game starts on that Leave table click.
// Its clicker has no hand in that game: they are told they left, and the
// bot carries on (it answered the click with the leaver's hand before,
// seat -1, and the whole process panicked).
func TestLaroLastOneOutStartsTheNextGame(t *testing.T) {
	t.Parallel()
	w := e2e.NewWorld(t)
	alice, bob, carol := w.Player("alice"), w.Player("bob"), w.Player("carol")
	players := []*e2e.Player{alice, bob, carol}
	e2e.OpenTable(t, w, alice, []*e2e.Player{bob, carol}, e2e.QuickOpts(0)...)
	e2e.PlayToEnd(t, w, players)
	final := w.TableMessage("[Play again]")

	alice.Click(final, e2e.Button(final, "again", "*"))
	asked := w.WaitMessage(final.ID, "bob in", func(m *discordgo.Message) bool {
		return strings.Contains(e2e.Text(m), "Waiting for:") && strings.Contains(e2e.Text(m), "In: "+e2e.Named(alice))
	})
	bob.Click(asked, e2e.Button(asked, "again", "*"))
	asked = w.WaitMessage(final.ID, "only carol awaited", func(m *discordgo.Message) bool {
		s := e2e.Text(m)
		return strings.Contains(s, "Waiting for: "+e2e.Named(carol)) && !strings.Contains(s, "Waiting for: "+e2e.Named(bob))
	})
	r, err := carol.U.Click(asked, e2e.Button(asked, "leave", "*"))
	if cb := e2e.Answered(t, r, err); !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "You left") {
		t.Errorf("carol's Leave table, which started the next game, answered:\n%s", e2e.Text(cb.Message))
	}
	game2 := w.TableMessage("game 2")
	if s := e2e.Text(game2); !strings.Contains(s, e2e.Named(alice)) || !strings.Contains(s, e2e.Named(bob)) || strings.Contains(s, e2e.Named(carol)) {
		t.Errorf("game 2 should seat alice and bob, not carol:\n%s", s)
	}
	// The bot is still there: both open their hands in game 2.
	for _, p := range []*e2e.Player{alice, bob} {
		if h := p.OpenHand(game2); !strings.Contains(e2e.Text(h), "game 2") {
			t.Errorf("%s's hand is not of game 2:\n%s", p.U.Name(), e2e.Text(h))
		}
	}
	w.NoFailures()
}
