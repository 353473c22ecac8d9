package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"time"

	"github.com/cardbot/cardbot/migrations"
	"github.com/pressly/goose/v3"
)

// openWriter opens the writer's one-connection pool on path with the settings w, and
// brings the schema up to date.
//
// Several processes (one per shard) may open a new file at the same moment. Each new
// connection switches the file to WAL, and the switch and the migrations are writes
// that start as reads. When two connections both hold a read lock and both want to
// write, SQLite answers one of them SQLITE_BUSY at once, without waiting out the busy
// timeout: waiting could deadlock. That answer is only the race, so the whole setup is
// tried again (a fresh pool, after a short random pause) for up to busyTimeout.
func openWriter(ctx context.Context, path string, w url.Values) (*sql.DB, error) {
	deadline := time.Now().Add(busyTimeout)
	for {
		wdb, err := tryOpenWriter(ctx, path, w)
		if err == nil {
			return wdb, nil
		}
		if !isBusy(err) || time.Now().After(deadline) {
			return nil, err
		}
		pause := time.Duration(5+rand.IntN(20)) * time.Millisecond
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("store: open database %q: %w", path, ctx.Err())
		case <-time.After(pause):
		}
	}
}

// tryOpenWriter is one attempt of openWriter.
func tryOpenWriter(ctx context.Context, path string, w url.Values) (*sql.DB, error) {
	wdb, err := sql.Open(driverName, path+"?"+w.Encode())
	if err != nil {
		return nil, fmt.Errorf("store: open database %q: %w", path, err)
	}
	wdb.SetMaxOpenConns(1)
	wdb.SetMaxIdleConns(1)
	wdb.SetConnMaxLifetime(0)
	wdb.SetConnMaxIdleTime(0)
	if err := wdb.PingContext(ctx); err != nil {
		wdb.Close()
		return nil, fmt.Errorf("store: open database %q: %w", path, err)
	}
	if err := migrate(ctx, wdb, dialectSQLite); err != nil {
		wdb.Close()
		if errors.Is(err, ErrSchemaTooNew) {
			// The message is complete as it is: it tells the operator what to do.
			return nil, err
		}
		return nil, fmt.Errorf("store: database %q: %w", path, err)
	}
	return wdb, nil
}

// migrate applies the embedded migrations in order, each in its own transaction, and
// refuses a database written by a newer build. It uses a goose Provider rather than
// goose's package-level functions, which share global state between parallel tests.
//
// Several processes (one per shard) may start at once on a new or older database. Each
// reads which migrations are missing, then applies them one transaction at a time; the
// file lock makes them take turns, so a process can find that another has just applied
// the migration it is about to apply, and fail on it (a table that already exists). Its
// transaction is then rolled back whole, and it looks again: as long as the schema moved
// on meanwhile, the failure was that race, not a broken migration.
func migrate(ctx context.Context, db *sql.DB, d dialect) error {
	gd, set := goose.DialectSQLite3, migrations.SQLite
	if d == dialectPostgres {
		gd, set = goose.DialectPostgres, migrations.Postgres
	}
	p, err := goose.NewProvider(gd, db, set, goose.WithDisableGlobalRegistry(true))
	if err != nil {
		return fmt.Errorf("migrations: %w", err)
	}
	known := int64(0)
	for _, src := range p.ListSources() {
		known = max(known, src.Version)
	}
	current, err := p.GetDBVersion(ctx)
	if err != nil {
		return fmt.Errorf("read schema version: %w", err)
	}
	for attempt := 0; ; attempt++ {
		if current > known {
			return &SchemaTooNewError{Version: current, Known: known}
		}
		_, upErr := p.Up(ctx)
		if upErr == nil {
			return nil
		}
		again, err := p.GetDBVersion(ctx)
		if err != nil || again <= current || attempt == len(p.ListSources()) {
			return fmt.Errorf("apply migrations: %w", upErr)
		}
		current = again
	}
}
