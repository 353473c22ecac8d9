// Package pgschema gives a test a PostgreSQL schema of its own on a shared
// server (the one TEST_DATABASE_URL names, which .ci/run starts), so tests
// of the store and of the binary can run side by side on one server.
package pgschema

import (
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"net/url"
	"testing"
)

// New creates a schema named prefix plus a random suffix through admin, a
// connection to the server at base, drops it when t ends, and returns base
// with that schema as its search_path.
func New(t testing.TB, admin *sql.DB, base, prefix string) string {
	t.Helper()
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := prefix + hex.EncodeToString(b[:])
	if _, err := admin.Exec(`CREATE SCHEMA ` + schema); err != nil {
		t.Fatalf("create schema: %v", err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec(`DROP SCHEMA ` + schema + ` CASCADE`); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("TEST_DATABASE_URL: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}
