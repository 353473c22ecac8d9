package bot_test

import (
	"context"
	"database/sql"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/discordtest"
	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/store"
)

// A game whose log no longer replays (here its first action is damaged while the bot
// is stopped) cannot be rebuilt at the next start. It is cancelled then: every chip its
// players put in comes back, nothing stays held, the closure is recorded, the players
// are told in the channel, and the old table message loses its buttons; a click on an
// old hand message is told the table has closed.
func TestATableThatCannotBeRebuiltIsCancelledWithItsChipsReturned(t *testing.T) {
	w := e2e.NewWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	table := e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(10)...)
	ctx := context.Background()
	live, err := w.St.LiveGames(ctx)
	if err != nil || len(live) != 1 {
		t.Fatalf("LiveGames = %d games, %v; want the one", len(live), err)
	}
	g := live[0]
	var held, total int64
	for _, p := range []*e2e.Player{alice, bob} {
		b, err := w.St.Balance(ctx, w.Guild.ID(), p.U.ID())
		if err != nil {
			t.Fatal(err)
		}
		held, total = held+b.Held, total+b.Total
	}
	if held == 0 || g.Pot == 0 {
		t.Fatalf("before the restart: %d held, pot %d; the test needs chips at stake", held, g.Pot)
	}
	t.Logf("before the restart: %d held, %d in the pot, %d in the players' totals", held, g.Pot, total)

	w.Stop()
	damage(t, w.DB, g.ID)
	w.Start()

	after, err := w.St.Game(ctx, g.ID)
	if err != nil || after.Status != store.StatusCancelled {
		t.Errorf("after the start the game is %v (%v), want cancelled", after.Status, err)
	}
	for _, p := range []*e2e.Player{alice, bob} {
		b, err := w.St.Balance(ctx, w.Guild.ID(), p.U.ID())
		if err != nil {
			t.Fatal(err)
		}
		if b.Held != 0 || b.Total != store.DefaultStartingGrant {
			t.Errorf("%s after the start: %+v, want all %d chips back, none held", p.U.Name(), b, store.DefaultStartingGrant)
		}
	}
	if c, err := w.St.GameClosure(ctx, g.ID); err != nil || c.By != "" || !strings.Contains(c.Reason, "rebuilt") {
		t.Errorf("closure = %+v, %v; want one by the bot, saying it could not be rebuilt", c, err)
	}
	if gs, err := w.St.LiveGames(ctx); err != nil || len(gs) != 0 {
		t.Errorf("LiveGames after the start = %d games, %v; want none", len(gs), err)
	}

	_, err = w.Ch.Wait(5*time.Second, func(ms []*discordgo.Message) bool {
		for _, m := range ms {
			text := m.Content
			if strings.Contains(text, "<@"+alice.U.ID()+">") && strings.Contains(text, "<@"+bob.U.ID()+">") &&
				strings.Contains(text, "could not be restored") && strings.Contains(text, "back in your balance") && strings.Contains(text, "**"+g.TableID+"**") {
				return true
			}
		}
		return false
	})
	if err != nil {
		t.Errorf("nobody was told in the channel: %v", err)
	}
	_, err = w.Ch.Wait(5*time.Second, func(ms []*discordgo.Message) bool {
		for _, m := range ms {
			if m.ID == table.ID {
				return len(discordtest.CustomIDs(m)) == 0
			}
		}
		return false
	})
	if err != nil {
		t.Errorf("the old table message still shows buttons:\n%s", e2e.Text(w.Ch.Message(table.ID)))
	}
	// A button still on a player's hand message, from before the restart, is answered
	// too: the table has closed.
	hand := bob.Hand()
	ids := discordtest.CustomIDs(hand)
	if len(ids) == 0 {
		t.Fatalf("bob's hand message shows no buttons:\n%s", e2e.Text(hand))
	}
	if cb := bob.Click(hand, ids[0]); !cb.Ephemeral || !strings.Contains(e2e.Text(cb.Message), "This table has closed") {
		t.Errorf("bob clicking his old hand answered (ephemeral=%v):\n%s\nwant that the table has closed", cb.Ephemeral, e2e.Text(cb.Message))
	}
	w.NoFailures()
}

// damage overwrites the first action of game's log with something no game reads, as
// a bug or a hand-edited database might, while no bot runs.
func damage(t *testing.T, path, game string) {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+path+"?_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	res, err := db.Exec(`UPDATE actions SET data = 'not an action' WHERE game_id = ? AND seq = 1`, game)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		t.Fatalf("damaged %d actions, want 1", n)
	}
}
