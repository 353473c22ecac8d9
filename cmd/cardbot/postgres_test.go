package main

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver, for the test's schema

	"github.com/cardbot/cardbot/store/pgschema"
)

// pgTestURL creates a schema of its own on the server at base (TEST_DATABASE_URL, which
// .ci/run sets) and returns a DATABASE_URL whose search_path is that schema; the schema
// is dropped when the test ends.
func pgTestURL(t *testing.T, base string) string {
	t.Helper()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("TEST_DATABASE_URL: %v", err)
	}
	t.Cleanup(func() { admin.Close() })
	return pgschema.New(t, admin, base, "bin_")
}

// TestBinaryBackupOnPostgresSaysPgDump: with DATABASE_URL set, `cardbot backup` copies
// nothing (DATABASE_PATH's file is not the bot's database then) and names pg_dump,
// without repeating the URL's password.
func TestBinaryBackupOnPostgresSaysPgDump(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	dst := filepath.Join(dir, "backup.db")
	code, _, stderr := runSub(t, dir, []string{"DATABASE_URL=postgres://cardbot:secret@db.example/cardbot"}, "backup", dst)
	if code != 1 || !strings.Contains(stderr, "pg_dump") || strings.Contains(stderr, "secret") {
		t.Errorf("backup with DATABASE_URL: exit %d, %q; want 1 and a line naming pg_dump, without the password", code, stderr)
	}
	if _, err := os.Stat(dst); err == nil {
		t.Errorf("backup with DATABASE_URL wrote %s", dst)
	}
}
