package store

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/pressly/goose/v3"

	"github.com/cardbot/cardbot/migrations"
)

func TestHandTokens(t *testing.T) { eachBackend(t, testHandTokens) }

func testHandTokens(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, testDSN(t))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	g, err := s.CreateGame(ctx, Game{Kind: KindLaro, Guild: "g", Channel: "c", Host: "u1"})
	if err != nil {
		t.Fatal(err)
	}
	now := time.UnixMilli(time.Now().UnixMilli())
	for _, h := range []HandToken{
		{User: "u1", AppID: "a", InteractionID: "1", Token: "old", OpenedAt: now.Add(-20 * time.Minute)},
		{User: "u2", AppID: "a", InteractionID: "2", Token: "t2", OpenedAt: now.Add(-time.Minute)},
		{User: "u1", AppID: "a", InteractionID: "3", Token: "t1", OpenedAt: now},
	} {
		s.QueueHandToken(g.ID, h)
	}
	// With no action to ride with, the queue is committed on its own soon after.
	var got []HandToken
	for deadline := time.Now().Add(5 * time.Second); len(got) < 2 && time.Now().Before(deadline); time.Sleep(5 * time.Millisecond) {
		if got, err = s.HandTokens(ctx, g.ID, now.Add(-15*time.Minute)); err != nil {
			t.Fatal(err)
		}
	}
	if len(got) != 2 || got[0].Token != "t1" || got[0].InteractionID != "3" || !got[0].OpenedAt.Equal(now) || got[1].Token != "t2" {
		t.Fatalf("got %+v, want u1's newest token t1 and u2's t2", got)
	}
	if got, _ := s.HandTokens(ctx, g.ID, now.Add(time.Second)); len(got) != 0 {
		t.Fatalf("tokens opened before since: got %+v, want none", got)
	}
}

// TestQueuedHandTokensRideWithTheNextAction: a token queued before an action is
// committed with it, so it is stored once AppendAction returns, on every writer lane.
func TestQueuedHandTokensRideWithTheNextAction(t *testing.T) {
	eachBackend(t, testQueuedHandTokensRideWithTheNextAction)
}

func testQueuedHandTokensRideWithTheNextAction(t *testing.T) {
	s := openTest(t)
	games := map[*lane]Game{}
	for len(games) < len(s.lanes) {
		g := newGame(t, s, "g", "u1", "u2")
		games[s.laneOf(g.ID)] = g
	}
	for _, g := range games {
		testTokensRideWithActions(t, s, g)
	}
}

func testTokensRideWithActions(t *testing.T, s *Store, g Game) {
	ctx := context.Background()
	now := time.UnixMilli(time.Now().UnixMilli())
	for i := range 50 {
		s.QueueHandToken(g.ID, HandToken{User: "u1", AppID: "a", InteractionID: fmt.Sprint(i), Token: fmt.Sprint("t", i), OpenedAt: now})
		if err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: int64(i + 1), Data: []byte(`{}`), At: now}, nil); err != nil {
			t.Fatal(err)
		}
		got, err := s.HandTokens(ctx, g.ID, now.Add(-time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 1 || got[0].Token != fmt.Sprint("t", i) {
			t.Fatalf("after action %d: tokens %+v, want u1's t%d", i+1, got, i)
		}
	}
}

// TestSaveHandTokenIsCommittedOnReturn: the token of a new hand message is stored
// when SaveHandToken returns, and a token queued before it for the same hand does not
// overwrite it later.
func TestSaveHandTokenIsCommittedOnReturn(t *testing.T) {
	eachBackend(t, testSaveHandTokenIsCommittedOnReturn)
}

func testSaveHandTokenIsCommittedOnReturn(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "g", "u1")
	now := time.UnixMilli(time.Now().UnixMilli())
	for i := range 20 {
		s.QueueHandToken(g.ID, HandToken{User: "u1", AppID: "a", InteractionID: "old", Token: "old", OpenedAt: now})
		want := fmt.Sprint("new", i)
		if err := s.SaveHandToken(ctx, g.ID, HandToken{User: "u1", AppID: "a", InteractionID: want, Token: want, OpenedAt: now}); err != nil {
			t.Fatal(err)
		}
		got, err := s.HandTokens(ctx, g.ID, now.Add(-time.Minute))
		if err != nil || len(got) != 1 || got[0].Token != want {
			t.Fatalf("round %d: %+v, %v; want %s stored on return", i, got, err, want)
		}
	}
	time.Sleep(3 * handTokenWait) // anything still queued has been written by now
	got, err := s.HandTokens(ctx, g.ID, now.Add(-time.Minute))
	if err != nil || len(got) != 1 || got[0].Token != "new19" {
		t.Fatalf("later: %+v, %v; want new19 kept", got, err)
	}
}

// TestCloseStoresQueuedHandTokens: a graceful stop keeps the newest tokens.
func TestCloseStoresQueuedHandTokens(t *testing.T) {
	eachBackend(t, testCloseStoresQueuedHandTokens)
}

func testCloseStoresQueuedHandTokens(t *testing.T) {
	ctx := context.Background()
	path := testDSN(t)
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	g := newGame(t, s, "g", "u1")
	now := time.UnixMilli(time.Now().UnixMilli())
	s.QueueHandToken(g.ID, HandToken{User: "u1", AppID: "a", InteractionID: "9", Token: "last", OpenedAt: now})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.HandTokens(ctx, g.ID, now.Add(-time.Minute))
	if err != nil || len(got) != 1 || got[0].Token != "last" {
		t.Fatalf("after Close and Open: %+v, %v; want the token queued before Close", got, err)
	}
}

// TestUpgradeDropsOldHandLinks: a hand link stored by a build before
// migration 6 may point at the public table message, so upgrading drops it.
func TestUpgradeDropsOldHandLinks(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "db")
	// The database as a build with migrations 1–5 left it, with a link.
	old, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, old, migrations.SQLite, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 5); err != nil {
		t.Fatal(err)
	}
	if _, err := old.Exec(`INSERT INTO hand_tokens (game_id, user_id, app_id, interaction_id, token, opened_at)
		VALUES ('g1', 'u1', 'a', '1', 't', ?)`, time.Now().UnixMilli()); err != nil {
		t.Fatal(err)
	}
	if err := old.Close(); err != nil {
		t.Fatal(err)
	}

	s, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("upgrade: %v", err)
	}
	defer s.Close()
	if got, err := s.HandTokens(ctx, "g1", time.Now().Add(-time.Hour)); err != nil || len(got) != 0 {
		t.Fatalf("after the upgrade: %+v, %v; want no hand links from the older build", got, err)
	}
}
