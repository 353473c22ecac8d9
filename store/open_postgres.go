package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// The PostgreSQL backend: database/sql over pgx's stdlib adapter, so that the queries and
// the transaction code are the SQLite backend's. Each connection rewrites the '?'
// placeholders as it prepares a statement (pgConn), and pgx caches the prepared
// statements per connection.
//
// Durability is the server's: every connection runs with synchronous_commit on, so
// COMMIT returns only once the transaction is in the server's WAL on its disk, and the
// Store needs neither the WAL syncer nor the checkpointer of SQLite.

// IsPostgresURL reports whether dsn names a PostgreSQL database (a postgres:// or
// postgresql:// URL) rather than a SQLite file.
func IsPostgresURL(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// pgConnectTimeout bounds each attempt to reach the server, so that an unreachable one
// fails the start with a clear error instead of hanging on the operating system's
// timeout.
const pgConnectTimeout = 10 * time.Second

// pgReaders is the size of the read pool, as on SQLite.
const pgReaders = 4

// openPostgres opens the PostgreSQL database at the URL dsn (see Open).
func openPostgres(ctx context.Context, dsn string) (*Store, error) {
	shown := redactURL(dsn)
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		// pgx's message names the URL with its password hidden.
		return nil, fmt.Errorf("store: database URL: %w", err)
	}
	if cfg.ConnectTimeout == 0 {
		cfg.ConnectTimeout = pgConnectTimeout
	}
	// An acknowledged click must survive the server's crash: a server configured with
	// synchronous_commit off would answer before its WAL is on the disk.
	cfg.RuntimeParams["synchronous_commit"] = "on"
	if cfg.RuntimeParams["application_name"] == "" {
		cfg.RuntimeParams["application_name"] = "cardbot"
	}
	open := func() *sql.DB { return sql.OpenDB(pgConnector{stdlib.GetConnector(*cfg)}) }

	created, err := migratePostgres(ctx, open())
	if err != nil {
		return nil, &oneLineError{fmt.Sprintf("store: database %s: %v", shown, err), err}
	}
	// One session per writer lane (lanes.go).
	var wdbs []*sql.DB
	for range pgLanes {
		wdb := open()
		wdb.SetMaxOpenConns(1)
		wdb.SetMaxIdleConns(1)
		wdb.SetConnMaxLifetime(0)
		wdb.SetConnMaxIdleTime(0)
		wdbs = append(wdbs, wdb)
	}
	rdb := open()
	rdb.SetMaxOpenConns(pgReaders)
	rdb.SetMaxIdleConns(pgReaders)
	all := append([]*sql.DB{rdb}, wdbs...)
	for _, db := range all {
		if err := db.PingContext(ctx); err != nil {
			for _, db := range all {
				db.Close()
			}
			return nil, &oneLineError{fmt.Sprintf("store: open database %s: %v", shown, err), err}
		}
	}
	return newStore(dialectPostgres, shown, created, wdbs, rdb, nil, nil), nil
}

// migratePostgres brings the schema up to date and closes db. Processes starting at
// once take turns through an advisory lock keyed by the schema, held on a connection of
// its own while goose migrates on others. It reports whether the schema was empty.
func migratePostgres(ctx context.Context, db *sql.DB) (created bool, err error) {
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		return false, err
	}
	defer conn.Close()
	const key = `hashtext('cardbot migrations ' || current_schema())`
	if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock(`+key+`)`); err != nil {
		return false, fmt.Errorf("lock the schema for migrations: %w", err)
	}
	// Unlocked on a fresh context: the lock must go even when ctx has ended. Closing
	// the connection would release it too.
	defer conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock(`+key+`)`)
	var before int64
	if err := conn.QueryRowContext(ctx, `SELECT COUNT(*) FROM pg_tables
		WHERE schemaname = current_schema() AND tablename = 'games'`).Scan(&before); err != nil {
		return false, fmt.Errorf("read schema: %w", err)
	}
	return before == 0, migrate(ctx, db, dialectPostgres)
}

// redactURL returns the URL without its password, for messages and logs.
func redactURL(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return "(malformed database URL)"
	}
	return u.Redacted()
}

// pgConnector makes pgx connections that take SQLite's '?' placeholders.
type pgConnector struct{ driver.Connector }

// Connect opens a connection and wraps it.
func (c pgConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.Connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &pgConn{Conn: conn.(*stdlib.Conn)}, nil
}

// pgConn is a pgx connection that rewrites each query's placeholders (see rebind) before
// pgx prepares it; every other method is pgx's own.
type pgConn struct{ *stdlib.Conn }

// rebound caches rebind's results: the Store runs a few dozen distinct queries.
var rebound sync.Map // query → rewritten query

func pgQuery(q string) string {
	if r, ok := rebound.Load(q); ok {
		return r.(string)
	}
	r := rebind(q)
	rebound.Store(q, r)
	return r
}

// Prepare implements driver.Conn.
func (c *pgConn) Prepare(query string) (driver.Stmt, error) {
	return c.Conn.Prepare(pgQuery(query))
}

// PrepareContext implements driver.ConnPrepareContext.
func (c *pgConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	return c.Conn.PrepareContext(ctx, pgQuery(query))
}

// ExecContext implements driver.ExecerContext.
func (c *pgConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	return c.Conn.ExecContext(ctx, pgQuery(query), args)
}

// QueryContext implements driver.QueryerContext.
func (c *pgConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	return c.Conn.QueryContext(ctx, pgQuery(query), args)
}

// oneLineError prints err's message on one line: pgx lists each address it tried on a
// line of its own, and the operator should see one line at a failed start.
type oneLineError struct {
	msg string
	err error
}

func (e *oneLineError) Error() string {
	return strings.Join(strings.Fields(e.msg), " ")
}

func (e *oneLineError) Unwrap() error { return e.err }
