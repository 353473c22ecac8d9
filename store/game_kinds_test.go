package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"
	"time"

	"github.com/cardbot/cardbot/migrations"
	"github.com/pressly/goose/v3"
)

// TestUpgradeStoresAnyKind: a database made before migration 16 refused every kind
// but laro and laus; after the upgrade its games are still there, a game of a new
// kind is stored and read back, and the file is sound.
func TestUpgradeStoresAnyKind(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "db")
	old, err := sql.Open("sqlite3", path)
	if err != nil {
		t.Fatal(err)
	}
	p, err := goose.NewProvider(goose.DialectSQLite3, old, migrations.SQLite, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.UpTo(ctx, 15); err != nil {
		t.Fatal(err)
	}
	now := time.Now().UnixMilli()
	if _, err := old.Exec(`INSERT INTO games (id, kind, guild, channel, host, status, created_at, updated_at)
		VALUES ('old', 'laus', 'g', 'c', 'h', 'finished', ?, ?)`, now, now); err != nil {
		t.Fatal(err)
	}
	if _, err := old.Exec(`INSERT INTO games (id, kind, guild, channel, host, status, created_at, updated_at)
		VALUES ('new', 'highcard', 'g', 'c', 'h', 'lobby', ?, ?)`, now, now); err == nil {
		t.Fatal("before the upgrade a kind other than laro or laus was stored; the test no longer tests the upgrade")
	}
	if err := old.Close(); err != nil {
		t.Fatal(err)
	}

	s, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("upgrade: %v", err)
	}
	defer s.Close()
	if g, _, err := s.LoadGame(ctx, "old"); err != nil || g.Kind != KindLaus {
		t.Fatalf("the game stored before the upgrade: %+v, %v", g, err)
	}
	g, err := s.CreateGame(ctx, Game{Kind: "highcard", Guild: "g", Channel: "c", Host: "h"})
	if err != nil {
		t.Fatalf("storing a game of a new kind: %v", err)
	}
	if got, _, err := s.LoadGame(ctx, g.ID); err != nil || got.Kind != "highcard" {
		t.Fatalf("reading it back: %+v, %v", got, err)
	}
	var check string
	if err := s.rdb.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
		t.Fatalf("integrity_check = %q, %v", check, err)
	}
}

// TestCreateGameRefusesMalformedKinds: the store keeps any well-formed name, and
// refuses one that could not be a slash command.
func TestCreateGameRefusesMalformedKinds(t *testing.T) {
	ctx := context.Background()
	s, err := Open(ctx, filepath.Join(t.TempDir(), "db"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, k := range []Kind{"", "High", "9lives", "high card", "averyveryverylongname"} {
		if _, err := s.CreateGame(ctx, Game{Kind: k, Guild: "g", Channel: "c", Host: "h"}); err == nil {
			t.Errorf("CreateGame of kind %q succeeded; want ErrInvalid", k)
		}
	}
}
