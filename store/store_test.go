package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardbot/cardbot/migrations"
)

func schemaVersion(t *testing.T, s *Store) int64 {
	t.Helper()
	var v int64
	if err := s.rdb.QueryRow(`SELECT MAX(version_id) FROM goose_db_version WHERE is_applied`).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestOpenMigratesFromEmpty(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a", "b", "cardbot.db")
	s, err := Open(context.Background(), path)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	defer s.Close()
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("database file not created: %v", err)
	}
	if got, want := schemaVersion(t, s), latestMigration(t); got != want {
		t.Errorf("schema version = %d, want %d (the newest migration)", got, want)
	}
	for _, table := range []string{"games", "actions", "settlements", "balances", "ledger", "escrow",
		"laus_rounds", "laus_round_scores", "laus_results", "laro_stats", "hand_tokens", "announcements"} {
		var n int
		if err := s.rdb.QueryRow(`SELECT COUNT(*) FROM sqlite_schema WHERE type = 'table' AND name = ?`, table).Scan(&n); err != nil || n != 1 {
			t.Errorf("table %s: count %d, err %v; want 1", table, n, err)
		}
	}
	var mode string
	if err := s.rdb.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode = %q (%v), want wal", mode, err)
	}
	var fk int
	if err := s.wdb.QueryRow(`PRAGMA foreign_keys`).Scan(&fk); err != nil || fk != 1 {
		t.Errorf("foreign_keys = %d (%v), want 1", fk, err)
	}
}

func TestReopenIsNoop(t *testing.T) { eachBackend(t, testReopenIsNoop) }

func testReopenIsNoop(t *testing.T) {
	ctx := context.Background()
	path := testDSN(t)
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Created() {
		t.Error("Created() = false for a new database")
	}
	if _, err := s.AdminGrant(ctx, "g1", "admin", "u1", 5); err != nil {
		t.Fatal(err)
	}
	var rows1 int
	s.rdb.QueryRow(`SELECT COUNT(*) FROM goose_db_version`).Scan(&rows1)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}

	s, err = Open(ctx, path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer s.Close()
	if s.Created() {
		t.Error("Created() = true on reopen")
	}
	var rows2 int
	s.rdb.QueryRow(`SELECT COUNT(*) FROM goose_db_version`).Scan(&rows2)
	if rows2 != rows1 {
		t.Errorf("goose_db_version rows after reopen = %d, want %d", rows2, rows1)
	}
	if got := mustBalance(t, s, "g1", "u1"); got.Total != DefaultStartingGrant+5 {
		t.Errorf("balance after reopen = %d, want %d", got.Total, DefaultStartingGrant+5)
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "cardbot.db")
	s, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.wdb.Exec(`INSERT INTO goose_db_version (version_id, is_applied) VALUES (100, 1)`); err != nil {
		t.Fatal(err)
	}
	s.Close()

	_, err = Open(ctx, path)
	if !errors.Is(err, ErrSchemaTooNew) {
		t.Fatalf("Open of newer schema: err = %v, want ErrSchemaTooNew", err)
	}
	want := fmt.Sprintf("store: database schema version %d is newer than this build knows (%d); upgrade cardbot", 100, latestMigration(t))
	if !strings.Contains(err.Error(), want) {
		t.Errorf("error = %q, want it to contain %q", err, want)
	}
}

func TestOpenBadPath(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "not-a-folder")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "folder.db")
	if err := os.Mkdir(folder, 0o700); err != nil {
		t.Fatal(err)
	}
	garbage := filepath.Join(dir, "garbage.db")
	if err := os.WriteFile(garbage, []byte(strings.Repeat("not a database ", 100)), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{
		filepath.Join(file, "cardbot.db"), // parent is a file: folder cannot be created
		folder,                            // the path is a folder
		garbage,                           // not a SQLite file
	} {
		s, err := Open(context.Background(), path)
		if err == nil {
			s.Close()
			t.Errorf("Open(%q) succeeded, want an error", path)
			continue
		}
		if !strings.Contains(err.Error(), path) {
			t.Errorf("Open(%q) error = %q, want it to name the path", path, err)
		}
	}
}

// latestMigration is the version of the newest embedded migration file.
func latestMigration(t *testing.T) int64 {
	t.Helper()
	files, err := fs.Glob(migrations.SQLite, "*.sql")
	if err != nil || len(files) == 0 {
		t.Fatalf("no migration files: %v", err)
	}
	var latest int64
	for _, f := range files {
		var v int64
		if _, err := fmt.Sscanf(f, "%d_", &v); err != nil {
			t.Fatalf("migration file %q has no version: %v", f, err)
		}
		latest = max(latest, v)
	}
	return latest
}
