package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/mattn/go-sqlite3"
)

// The SQLite backend: one file in WAL mode, shared by the processes of one host. What
// only SQLite needs lives here and in open_writer.go (the writer's open and migrations),
// wal_sync.go (syncing the WAL outside the writer) and backup.go (VACUUM INTO).

// driverName is go-sqlite3 with a hook that sets what the DSN cannot, on every pooled
// connection.
const driverName = "sqlite3-cardbot"

func init() {
	sql.Register(driverName, &sqlite3.SQLiteDriver{
		ConnectHook: func(c *sqlite3.SQLiteConn) error {
			// Statement and savepoint journals in memory rather than in temporary files:
			// with a SAVEPOINT per appended action, file-backed journals made every
			// write statement create a temporary file, four times slower overall.
			//
			// WAL checkpoints normally run inside the commit that crosses the threshold,
			// on the writer's time; the Store runs them on its own goroutine instead
			// (see checkpointer). The large automatic threshold only bounds the WAL in
			// case that goroutine falls behind.
			_, err := c.Exec("PRAGMA temp_store = MEMORY; PRAGMA wal_autocheckpoint = 10000", nil)
			return err
		},
	})
}

// busyTimeout is how long a write waits for another process's commit (see Open).
const busyTimeout = 5 * time.Second

// checkpointEvery spaces background checkpoints: often enough that the WAL stays small,
// rarely enough that each copies many commits' pages at once.
const checkpointEvery = 200 * time.Millisecond

// openSQLite opens (creating it and its folder if needed) the SQLite database at path
// (see Open).
func openSQLite(ctx context.Context, path string) (*Store, error) {
	if path == "" {
		return nil, errors.New("store: empty database path")
	}
	if strings.ContainsAny(path, "?#") {
		// The driver reads everything after '?' as settings.
		return nil, fmt.Errorf("store: database path %q must not contain '?' or '#'", path)
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("store: cannot create folder for database %q: %w", path, err)
		}
	}
	fi, err := os.Stat(path)
	if err == nil && fi.IsDir() {
		return nil, fmt.Errorf("store: database path %q is a folder, not a file", path)
	}
	created := errors.Is(err, fs.ErrNotExist)

	// Settings live in the DSN so that every pooled connection gets them.
	//
	// synchronous=FULL: in WAL mode every commit waits until the WAL is on the disk, so
	// an acknowledged click survives a power loss, not only a crash of the process. The
	// writer's own connection then switches to NORMAL and the Store syncs the WAL itself
	// before answering, which keeps that promise off the writer's time (wal_sync.go).
	//
	// The busy timeout matters when several processes (one per shard) share the file:
	// each has its own writer, and SQLite's file lock lets one commit at a time. A writer
	// that finds the lock taken waits for it, up to busyTimeout, instead of failing.
	common := url.Values{}
	common.Set("_foreign_keys", "on")
	common.Set("_journal_mode", "WAL")
	common.Set("_busy_timeout", strconv.Itoa(int(busyTimeout.Milliseconds())))
	common.Set("_synchronous", "FULL")
	// Reuses prepared statements per connection: the hot path runs the same few queries.
	common.Set("_stmt_cache_size", "64")
	w := url.Values{}
	for k, v := range common {
		w[k] = v
	}
	// IMMEDIATE takes the write lock at BEGIN, so a transaction never fails halfway when
	// it upgrades from reading to writing.
	w.Set("_txlock", "immediate")
	// A writer cache that holds a whole batch's pages: with the default (2 MB) a batch of
	// a hundred actions spills pages to the WAL before its commit and reads them back.
	w.Set("_cache_size", "-32768")
	r := url.Values{}
	for k, v := range common {
		r[k] = v
	}
	r.Set("_txlock", "deferred")
	r.Set("_query_only", "true")

	wdb, err := openWriter(ctx, path, w)
	if err != nil {
		return nil, err
	}
	// The writer's commits do not wait for the disk; the Store syncs the WAL before it
	// answers (see wal_sync.go). The migrations above ran with FULL. The pool has one
	// connection, so the setting holds for every write; should database/sql ever replace
	// that connection, the new one starts with FULL again, which is only slower.
	if _, err := wdb.ExecContext(ctx, "PRAGMA synchronous = NORMAL"); err != nil {
		wdb.Close()
		return nil, fmt.Errorf("store: open database %q: %w", path, err)
	}
	rdb, err := sql.Open(driverName, path+"?"+r.Encode())
	if err != nil {
		wdb.Close()
		return nil, fmt.Errorf("store: open database %q: %w", path, err)
	}
	rdb.SetMaxOpenConns(4)
	rdb.SetMaxIdleConns(4)
	if err := rdb.PingContext(ctx); err != nil {
		wdb.Close()
		rdb.Close()
		return nil, fmt.Errorf("store: open database %q: %w", path, err)
	}

	// The checkpointer may not be query_only: a checkpoint writes the database file.
	c := url.Values{}
	for k, v := range common {
		c[k] = v
	}
	ckdb, err := sql.Open(driverName, path+"?"+c.Encode())
	if err != nil {
		wdb.Close()
		rdb.Close()
		return nil, fmt.Errorf("store: open database %q: %w", path, err)
	}
	ckdb.SetMaxOpenConns(1)

	return newStore(dialectSQLite, path, created, []*sql.DB{wdb}, rdb, ckdb, newWALSyncer(path)), nil
}

// checkpointer copies committed pages from the WAL into the database file after writes,
// on its own connection, so that the writer's commits stay short. A PASSIVE checkpoint
// never blocks readers or the writer; one that fails or cannot finish is simply tried
// again after the next write, which is why its error is not reported.
func (s *Store) checkpointer() {
	defer s.bg.Done()
	for {
		select {
		case <-s.closed:
			return
		case <-s.dirty:
		}
		_, _ = s.ckdb.Exec(`PRAGMA wal_checkpoint(PASSIVE)`)
		select {
		case <-s.closed:
			return
		case <-time.After(checkpointEvery):
		}
	}
}
