package laro_test

import (
	"context"
	"database/sql"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/cardbot/cardbot/bot/internal/e2e"
	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/bot/ui"
	"github.com/cardbot/cardbot/store"
)

// TestLaroMoveWhileTheDatabaseIsBusySaysSaving: while another process holds SQLite's
// write lock past the bot's busy timeout (SQLITE_BUSY, a passing fault), a discard is
// answered privately that the table is saving, and is not made: the hand still holds
// the card and the log has no discard. Once the lock is let go, the same click works.
func TestLaroMoveWhileTheDatabaseIsBusySaysSaving(t *testing.T) {
	t.Parallel()
	w := e2e.StalledWorld(t)
	alice, bob := w.Player("alice"), w.Player("bob")
	e2e.OpenTable(t, w, alice, []*e2e.Player{bob}, e2e.QuickOpts(1)...)
	hand := alice.WaitHand("the draw", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	alice.Click(hand, e2e.Button(hand, "draw", "deck"))
	hand = alice.WaitHand("discards", func(m *discordgo.Message) bool { return e2e.Button(m, "discard", "*") != "" })
	card := e2e.CardsOf(t, hand)[0]
	g := liveGame(t, w)
	before := actionCount(t, w, g)

	release := holdWriteLock(t, w.DB)
	alice.Click(hand, e2e.Button(hand, "discard", card.String()))
	hand = alice.WaitHand("the saving note", func(m *discordgo.Message) bool { return strings.Contains(e2e.Text(m), ui.Saving(lang.English)) })
	if e2e.Button(hand, "discard", card.String()) == "" {
		t.Errorf("after the refused discard alice may not discard %s again:\n%s", card.Symbol(), e2e.Text(hand))
	}
	release()
	if n := actionCount(t, w, g); n != before {
		t.Fatalf("the log holds %d actions after the refused discard, %d before", n, before)
	}

	alice.Click(hand, e2e.Button(hand, "discard", card.String()))
	alice.WaitHand("the discard made", func(m *discordgo.Message) bool {
		return e2e.Button(m, "discard", "*") == "" && !strings.Contains(e2e.Text(m), ui.Saving(lang.English))
	})
	bob.WaitHand("bob's turn", func(m *discordgo.Message) bool { return e2e.Button(m, "draw", "deck") != "" })
	if n := actionCount(t, w, g); n != before+1 {
		t.Errorf("the log holds %d actions after the discard, want %d (the discard once)", n, before+1)
	}
	w.NoFailures()
}

// holdWriteLock takes SQLite's write lock on path from a connection of its own, as
// another process would, until the returned function is called.
func holdWriteLock(t *testing.T, path string) (release func()) {
	t.Helper()
	ctx := context.Background()
	db, err := sql.Open("sqlite3", path+"?_busy_timeout=5000")
	if err != nil {
		t.Fatal(err)
	}
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		t.Fatalf("taking the write lock: %v", err)
	}
	done := false
	release = func() {
		if done {
			return
		}
		done = true
		_, _ = conn.ExecContext(ctx, "ROLLBACK")
		_ = conn.Close()
		_ = db.Close()
	}
	t.Cleanup(release)
	return release
}

// liveGame returns the one game in play.
func liveGame(t *testing.T, w *e2e.World) store.Game {
	t.Helper()
	live, err := w.St.LiveGames(t.Context())
	if err != nil || len(live) != 1 {
		t.Fatalf("live games: %v, %v; want one", live, err)
	}
	return live[0]
}

// actionCount is how many actions g's log holds.
func actionCount(t *testing.T, w *e2e.World, g store.Game) int {
	t.Helper()
	acts, err := w.St.Actions(t.Context(), g.ID, 0)
	if err != nil {
		t.Fatal(err)
	}
	return len(acts)
}
