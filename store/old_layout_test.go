package store

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestOldLayoutDatabaseUpgradesInPlace opens a database written by the build before the
// migrations moved into migrations/sqlite (testdata/old_layout.sqlite, named so because
// .gitignore keeps *.db files out: one Laro game with an ante from each of two players,
// at schema version 12). goose keys migrations by version
// only, so the bot upgraded in place finds them all applied and runs none again; the
// game and its chips are as they were.
func TestOldLayoutDatabaseUpgradesInPlace(t *testing.T) {
	ctx := context.Background()
	old, err := os.ReadFile(filepath.Join("testdata", "old_layout.sqlite"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "cardbot.db")
	if err := os.WriteFile(path, old, 0o600); err != nil {
		t.Fatal(err)
	}
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatalf("Open of a database from the old layout: %v", err)
	}
	defer s.Close()
	if s.Created() {
		t.Error("Created() = true for an existing database")
	}
	// The old build applied versions 1..12, one row each, after goose's version-0 row.
	var rows, applied int64
	if err := s.rdb.QueryRow(`SELECT COUNT(*), MAX(version_id) FROM goose_db_version`).Scan(&rows, &applied); err != nil {
		t.Fatal(err)
	}
	if latest := latestMigration(t); rows != latest+1 || applied != latest {
		t.Errorf("goose_db_version: %d rows up to version %d, want %d rows up to %d (nothing re-run)",
			rows, applied, latest+1, latest)
	}
	g, acts, err := s.LoadGame(ctx, "oldgame")
	if err != nil {
		t.Fatalf("LoadGame: %v", err)
	}
	if g.Pot != 10 || len(acts) != 1 || string(acts[0].Data) != `{"t":"ante"}` {
		t.Errorf("old game: pot %d, %d actions %v; want pot 10 and the one ante", g.Pot, len(acts), acts)
	}
	if b := mustBalance(t, s, "g1", "alice"); b.Total != DefaultStartingGrant-5 {
		t.Errorf("alice has %d chips, want %d", b.Total, DefaultStartingGrant-5)
	}
	checkLedger(t, s)
}
