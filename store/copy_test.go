package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestCopyToPostgres: a SQLite database with chips, live games and their logs, holds,
// a daily bonus and hand tokens is copied into an empty PostgreSQL database table for
// table (the chips rebuilt by replaying the ledger), the copy appends where the source
// left off, and a target that is not empty is refused.
func TestCopyToPostgres(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Log("TEST_DATABASE_URL is unset: no PostgreSQL to copy to (.ci/run sets it)")
		return
	}
	ctx := context.Background()
	src, err := Open(ctx, filepath.Join(t.TempDir(), "cardbot.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	var games []Game
	for i := range 3 {
		users := []string{fmt.Sprintf("a%d", i), fmt.Sprintf("b%d", i), fmt.Sprintf("c%d", i)}
		g := newGame(t, src, fmt.Sprintf("g%d", i%2), users...)
		for seq := int64(1); seq <= 7; seq++ {
			rec := ActionRecord{GameID: g.ID, Seq: seq, Data: []byte(`{"kind":"discard"}`), At: time.UnixMilli(1_700_000_000_000 + seq)}
			if seq == 7 {
				rec.Deadline = &Deadline{At: time.UnixMilli(1_800_000_000_000), Kind: "turn"}
			}
			if err := src.AppendAction(ctx, rec, crashMoves(users, seq)); err != nil {
				t.Fatal(err)
			}
		}
		if err := src.SaveHandToken(ctx, g.ID, HandToken{User: users[0], AppID: "app", InteractionID: "i", Token: "tok", OpenedAt: time.UnixMilli(1_700_000_000_000)}); err != nil {
			t.Fatal(err)
		}
		games = append(games, g)
	}
	if _, err := src.ClaimDaily(ctx, "g0", "a0"); err != nil {
		t.Fatal(err)
	}
	defaults := GuildSettings{Guild: "g0"}
	defaults.SetGame(GameSetting{Kind: "highcard", Name: "highcard_stake"}, 4)
	if _, err := src.UpdateGuildSettings(ctx, "admin", defaults); err != nil {
		t.Fatal(err)
	}
	if err := src.ChooseGuildLanguage(ctx, "g0", "admin", "de"); err != nil {
		t.Fatal(err)
	}

	t.Run("postgres", func(t *testing.T) {
		dst, err := Open(ctx, testDSN(t))
		if err != nil {
			t.Fatal(err)
		}
		defer dst.Close()
		n, err := src.CopyTo(ctx, dst)
		if err != nil {
			t.Fatalf("copy: %v", err)
		}
		if n < 3*7*3 {
			t.Errorf("copied %d rows, want at least the %d ledger rows", n, 3*7*3)
		}
		checkLedger(t, dst)
		if g, err := dst.GuildSettings(ctx, "g0"); err != nil || !settingIs(g.Game(GameSetting{Kind: "highcard", Name: "highcard_stake"}), 4) {
			t.Errorf("a game's server default on PostgreSQL: %+v, %v; want highcard_stake 4", g.Games, err)
		}
		if l, err := dst.GuildLanguage(ctx, "g0"); err != nil || l.Chosen != "de" {
			t.Errorf("the server's language on PostgreSQL: %+v, %v; want de chosen", l, err)
		}
		for _, g := range games {
			if got, want := mustBalance(t, dst, g.Guild, g.Seats[0].User), mustBalance(t, src, g.Guild, g.Seats[0].User); got != want {
				t.Errorf("%s's balance: %+v on PostgreSQL, %+v on SQLite", g.Seats[0].User, got, want)
			}
			acts, err := dst.Actions(ctx, g.ID, 0)
			if err != nil || len(acts) != 7 {
				t.Fatalf("game %s on PostgreSQL: %d actions, %v; want 7", g.ID, len(acts), err)
			}
		}
		// The copy carries on where the source stopped.
		users := []string{games[0].Seats[0].User, games[0].Seats[1].User, games[0].Seats[2].User}
		if err := dst.AppendAction(ctx, ActionRecord{GameID: games[0].ID, Seq: 8, Data: []byte(`{}`), At: time.Now()}, crashMoves(users, 8)); err != nil {
			t.Fatalf("append to the copy: %v", err)
		}
		checkLedger(t, dst)
		if _, err := src.CopyTo(ctx, dst); err == nil || !strings.Contains(err.Error(), "not empty") {
			t.Errorf("a second copy into the same database: %v, want a refusal", err)
		}
	})
}
