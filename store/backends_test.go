package store

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver, for the test schemas

	"github.com/cardbot/cardbot/store/pgschema"
)

// The store's tests run on every backend: SQLite always, and PostgreSQL when
// TEST_DATABASE_URL names a server (.ci/run starts one, so CI always runs both). A test
// runs once per backend as the subtests "sqlite" and "postgres" (see eachBackend), and
// openTest and testDSN give each run a database of its own: a file in a temporary folder,
// or a schema of its own on the server, dropped when the test ends. Tests of what only
// SQLite has (its files, WAL syncs, backups) stay plain tests on SQLite.

// backendNames lists the backends to test.
func backendNames() []string {
	if os.Getenv("TEST_DATABASE_URL") != "" {
		return []string{"sqlite", "postgres"}
	}
	return []string{"sqlite"}
}

// eachBackend runs test once on each backend, as a subtest named after it.
func eachBackend(t *testing.T, test func(t *testing.T)) {
	for _, name := range backendNames() {
		t.Run(name, test)
	}
}

// onPostgres reports whether t runs under eachBackend's "postgres" subtest.
func onPostgres(t testing.TB) bool {
	for _, part := range strings.Split(t.Name(), "/") {
		if part == "postgres" {
			return true
		}
	}
	return false
}

// testDSN returns a fresh, empty database for t on its backend, to pass to Open.
func testDSN(t testing.TB) string {
	t.Helper()
	if !onPostgres(t) {
		return filepath.Join(t.TempDir(), "data", "cardbot.db")
	}
	return testSchema(t)
}

var (
	pgAdminOnce sync.Once
	pgAdmin     *sql.DB
)

// testSchema creates a schema of its own for t on the TEST_DATABASE_URL server, and
// returns that URL with the schema as its search_path.
func testSchema(t testing.TB) string {
	t.Helper()
	base := os.Getenv("TEST_DATABASE_URL")
	if base == "" {
		t.Fatal("a postgres subtest without TEST_DATABASE_URL")
	}
	pgAdminOnce.Do(func() {
		var err error
		if pgAdmin, err = sql.Open("pgx", base); err == nil {
			err = pgAdmin.Ping()
		}
		if err != nil {
			t.Fatalf("TEST_DATABASE_URL: %v", err)
		}
	})
	return pgschema.New(t, pgAdmin, base, "t_")
}

// openTest opens a fresh store on t's backend and closes it when the test ends.
func openTest(t testing.TB) *Store {
	t.Helper()
	s, err := Open(context.Background(), testDSN(t))
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		if err := s.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return s
}
