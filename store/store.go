// Package store is cardbot's persistence layer: SQLite through go-sqlite3 in WAL mode,
// with the schema from package migrations applied at start.
//
// Everything is keyed by guild (a Discord server ID), so servers never see each other's
// data. Chips live in an append-only ledger with balances kept in step in the same
// transaction; games are event-sourced (a seed plus an ordered action log) and every
// action is appended in one transaction with the chip movements it causes.
//
// Writes go through a single connection so that writers queue in Go instead of
// spinning in SQLite's busy handler; AppendAction additionally group-commits concurrent
// calls (see batch.go). Reads use a separate pool of read-only connections, which WAL
// lets run alongside the writer. Several processes may share one file (a sharded bot
// runs one per shard): their writers take turns at SQLite's file lock, each waiting for
// the other's commit rather than failing.
//
// Every write is on the disk before it is acknowledged. A write whose sync to the disk
// fails stops the process (exit status ExitSyncFailed, see sync_failure.go), as PostgreSQL
// does: no answer about it would be true, and the restart recovers from what the disk holds.
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
	"sync"
	"sync/atomic"
	"time"

	"github.com/mattn/go-sqlite3"
)

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

// Defaults for the Store's configurable amounts.
const (
	DefaultStartingGrant int64 = 1000
	DefaultDailyBonus    int64 = 100
	DefaultDailyInterval       = 20 * time.Hour
)

// Store is cardbot's database. Its methods are safe for concurrent use. The exported
// fields may be changed after Open and before the Store is shared between goroutines.
type Store struct {
	// Now is the clock for created_at, updated_at and the daily-bonus interval.
	Now func() time.Time
	// StartingGrant is the chips a player receives the first time a guild sees them.
	StartingGrant int64
	// DailyBonus is the chips ClaimDaily pays.
	DailyBonus int64
	// DailyInterval is how long a player waits between daily bonuses.
	DailyInterval time.Duration
	// OnCommit, if set, is told of every committed write transaction (see observe.go).
	OnCommit CommitObserver
	// OnSyncFailure is called when a committed write cannot be synced to the disk, before
	// anyone waiting on it is answered; it must stop the process (see sync_failure.go).
	// Nil means StopOnSyncFailure. Tests set a hook that returns: the Store then refuses
	// every later write with ErrSyncFailed.
	OnSyncFailure func(error)

	path    string
	created bool    // no file was at path: Open made a new database
	wdb     *sql.DB // one connection: every write transaction
	rdb     *sql.DB // read-only pool: queries

	ckdb *sql.DB // one connection: background WAL checkpoints

	// observeBatch, when set before the Store is shared, is told the size of every
	// group-committed batch, how long its statements took and how long its COMMIT took
	// (benchmarks read it).
	observeBatch func(size int, statements, commit time.Duration)

	batch chan *appendReq
	// Hand tokens waiting for the writer (hand_tokens.go), and its wake-up call.
	tokensMu     sync.Mutex
	tokens       map[handTokenKey]HandToken
	tokensQueued chan struct{}
	dirty        chan struct{} // a commit happened since the last checkpoint
	wal          *walSyncer
	synced       chan syncedBatch // committed batches, from the writer to the syncer
	closed       chan struct{}
	closeOnce    sync.Once
	syncBroken   atomic.Bool    // a sync failed and OnSyncFailure returned (tests only)
	bg           sync.WaitGroup // writer, syncer and checkpointer
}

// busyTimeout is how long a write waits for another process's commit (see Open).
const busyTimeout = 5 * time.Second

// checkpointEvery spaces background checkpoints: often enough that the WAL stays small,
// rarely enough that each copies many commits' pages at once.
const checkpointEvery = 200 * time.Millisecond

// Open opens (creating it and its folder if needed) the SQLite database at path, applies
// pending migrations, and starts the group-commit writer. It refuses a database whose
// schema is newer than this build knows.
func Open(ctx context.Context, path string) (*Store, error) {
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

	s := &Store{
		Now:           time.Now,
		StartingGrant: DefaultStartingGrant,
		DailyBonus:    DefaultDailyBonus,
		DailyInterval: DefaultDailyInterval,
		path:          path,
		created:       created,
		wdb:           wdb,
		rdb:           rdb,
		ckdb:          ckdb,
		batch:         make(chan *appendReq),
		dirty:         make(chan struct{}, 1),
		wal:           newWALSyncer(path),
		// Unbuffered: the writer commits the next batch while the last one is synced,
		// and no further, so that what comes meanwhile gathers into one batch.
		synced:       make(chan syncedBatch),
		tokens:       map[handTokenKey]HandToken{},
		tokensQueued: make(chan struct{}, 1),
		closed:       make(chan struct{}),
	}
	s.bg.Add(3)
	go s.writer()
	go s.syncer()
	go s.checkpointer()
	return s, nil
}

// Path returns the database file's path.
func (s *Store) Path() string { return s.path }

// Created reports whether Open found no file at the path and made a new, empty database:
// on any start but the first, a sign that the path is not the one meant.
func (s *Store) Created() bool { return s.created }

// Close stops the group-commit writer (calls already accepted are committed first) and
// closes the database. Calls after Close fail with ErrClosed.
func (s *Store) Close() error {
	s.closeOnce.Do(func() { close(s.closed) })
	s.bg.Wait()
	s.wal.Close()
	// The last connection to close checkpoints the WAL into the database file.
	return errors.Join(s.ckdb.Close(), s.rdb.Close(), s.wdb.Close())
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

// markDirty tells the checkpointer that a commit happened.
func (s *Store) markDirty() {
	select {
	case s.dirty <- struct{}{}:
	default:
	}
}

// now returns the Store's clock in unix milliseconds, the unit of every stored time.
func (s *Store) now() int64 { return s.Now().UnixMilli() }

// writeTx runs fn in a write transaction and commits it if fn succeeds.
func (s *Store) writeTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	select {
	case <-s.closed:
		return ErrClosed
	default:
	}
	if err := s.refuseAfterSyncFailure(); err != nil {
		return err
	}
	began := time.Now()
	tx, err := s.wdb.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	if err := s.wal.sync(); err != nil {
		return s.syncFailed(err)
	}
	s.observeCommit(began, 0)
	s.markDirty()
	return nil
}

// readTx runs fn in a read-only transaction, which sees one consistent snapshot.
func (s *Store) readTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	select {
	case <-s.closed:
		return ErrClosed
	default:
	}
	tx, err := s.rdb.BeginTx(ctx, &sql.TxOptions{ReadOnly: true})
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	defer tx.Rollback()
	return fn(tx)
}

// msTime converts stored unix milliseconds back to a time.
func msTime(ms int64) time.Time { return time.UnixMilli(ms) }
