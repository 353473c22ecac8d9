package main

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver, for the run's schema
)

// freshSchema makes a schema of the run's own on the PostgreSQL server at base (the
// -database-url flag) and returns base with that schema as its search_path, for the
// bot's DATABASE_URL, and a function that drops it. A run then starts from an empty
// database, as with its SQLite file, and leaves no live tables behind for the next.
func freshSchema(ctx context.Context, base string) (string, func(), error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return "", nil, fmt.Errorf("-database-url must be a postgres:// URL")
	}
	db, err := sql.Open("pgx", base)
	if err != nil {
		return "", nil, err
	}
	var b [6]byte
	_, _ = rand.Read(b[:])
	schema := "loadtest_" + hex.EncodeToString(b[:])
	if _, err := db.ExecContext(ctx, `CREATE SCHEMA `+schema); err != nil {
		db.Close()
		return "", nil, fmt.Errorf("-database-url: %w", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	drop := func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, _ = db.ExecContext(ctx, `DROP SCHEMA `+schema+` CASCADE`)
		db.Close()
	}
	return u.String(), drop, nil
}

// database names the bot's database kind for the report.
func database(c config) string {
	if c.databaseURL != "" {
		return "postgres"
	}
	return "sqlite"
}
