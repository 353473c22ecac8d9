// Package store is cardbot's persistence layer: SQLite through go-sqlite3 in WAL mode
// (the embedded default), or a shared PostgreSQL server through pgx, with the schema from
// package migrations (one set per dialect) applied at start. One API serves both; the
// few differences are in dialect.go, open_sqlite.go and open_postgres.go.
//
// Everything is keyed by guild (a Discord server ID), so servers never see each other's
// data. Chips live in an append-only ledger with balances kept in step in the same
// transaction; games are event-sourced (a seed plus an ordered action log) and every
// action is appended in one transaction with the chip movements it causes.
//
// Writes go through a single connection so that writers queue in Go instead of
// spinning in SQLite's busy handler; AppendAction additionally group-commits concurrent
// calls (see batch.go): under load, a lane's commits start at least commitGap (10 ms)
// apart, so that one transaction and one sync carry every action that came meanwhile
// (commit_pace.go). Reads use a separate pool of read-only connections, which WAL
// lets run alongside the writer. Several processes may share one file (a sharded bot
// runs one per shard): their writers take turns at SQLite's file lock, each waiting for
// the other's commit rather than failing.
//
// On PostgreSQL two writers (lanes, see lanes.go) group-commit over a connection each,
// every game's actions through one of them, with synchronous_commit on: COMMIT returns
// once the server has the transaction on its disk.
// Several processes may share the database; two appending the same seq of one game
// collide on the actions' primary key, and exactly one wins (ErrSeqConflict for the other).
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
	"sync"
	"sync/atomic"
	"time"
)

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

	dialect dialect
	path    string  // SQLite: the file; PostgreSQL: the URL without its password
	created bool    // Open made a new database (SQLite: no file; PostgreSQL: no schema)
	wdb     *sql.DB // one connection: every write transaction but lane 1's batches
	rdb     *sql.DB // read-only pool: queries

	ckdb *sql.DB // SQLite only: one connection for background WAL checkpoints

	// observeBatch, when set before the Store is shared, is told the size of every
	// group-committed batch, how long its statements took and how long its COMMIT took
	// (benchmarks read it).
	observeBatch func(size int, statements, commit time.Duration)
	// observeSet, when set before the Store is shared, is told how many actions of a
	// batch appendSet wrote (tests read it).
	observeSet func(n int)
	// observeBatchFailure, when set before the Store is shared, is told why a batch of
	// several actions failed as a whole (a deadlock, say) and is retried action by action.
	observeBatchFailure func(error)
	// loseCommitAnswer, when set before the Store is shared, turns the result of every
	// successful batch COMMIT into its error (tests: an answer lost in a cut session).
	loseCommitAnswer func() error

	lanes []*lane // the group-commit writers (lanes.go)
	// Hand tokens waiting for the writers (hand_tokens.go).
	tokensMu   sync.Mutex
	tokens     map[handTokenKey]HandToken
	dirty      chan struct{}    // a commit happened since the last checkpoint
	wal        *walSyncer       // SQLite only; nil on PostgreSQL, whose COMMIT is durable
	synced     chan syncedBatch // committed batches, from the writer to the syncer
	closed     chan struct{}
	closeOnce  sync.Once
	syncBroken atomic.Bool               // a sync failed and OnSyncFailure returned (tests only)
	fenced     atomic.Bool               // writes refused: the shard's lease was lost (fence.go)
	leaseHold  atomic.Pointer[leaseHold] // the lease every commit proves (lease_writes.go)
	bg         sync.WaitGroup            // writers, syncer and checkpointer
	writers    sync.WaitGroup            // the lanes' writers: the last one out closes synced
}

// Open opens the database named by dsn, applies pending migrations, and starts the
// group-commit writer. It refuses a database whose schema is newer than this build knows.
//
// A dsn that is a postgres:// or postgresql:// URL (see IsPostgresURL) opens that
// PostgreSQL database (open_postgres.go); anything else is the path of a SQLite file,
// created with its folder if needed (open_sqlite.go).
func Open(ctx context.Context, dsn string) (*Store, error) {
	if IsPostgresURL(dsn) {
		return openPostgres(ctx, dsn)
	}
	return openSQLite(ctx, dsn)
}

// newStore makes the Store around its open pools and starts its writers (one lane per
// pool in wdbs, each pool of one connection), its syncer and, on SQLite, its checkpointer.
func newStore(d dialect, path string, created bool, wdbs []*sql.DB, rdb, ckdb *sql.DB, wal *walSyncer) *Store {
	s := &Store{
		Now:           time.Now,
		StartingGrant: DefaultStartingGrant,
		DailyBonus:    DefaultDailyBonus,
		DailyInterval: DefaultDailyInterval,
		dialect:       d,
		path:          path,
		created:       created,
		wdb:           wdbs[0],
		lanes:         newLanes(wdbs),
		rdb:           rdb,
		ckdb:          ckdb,
		dirty:         make(chan struct{}, 1),
		wal:           wal,
		// Unbuffered: the writer commits the next batch while the last one is synced,
		// and no further, so that what comes meanwhile gathers into one batch.
		synced: make(chan syncedBatch),
		tokens: map[handTokenKey]HandToken{},
		closed: make(chan struct{}),
	}
	s.bg.Add(len(s.lanes) + 1)
	s.writers.Add(len(s.lanes))
	for _, l := range s.lanes {
		go s.writer(l)
	}
	go func() {
		s.writers.Wait()
		close(s.synced) // after the last batch: the syncer answers it and stops
	}()
	go s.syncer()
	if ckdb != nil {
		s.bg.Add(1)
		go s.checkpointer()
	}
	return s
}

// Path returns the database file's path, or for PostgreSQL the database's URL without
// its password.
func (s *Store) Path() string { return s.path }

// Created reports whether Open found no file at the path and made a new, empty database:
// on any start but the first, a sign that the path is not the one meant.
func (s *Store) Created() bool { return s.created }

// Close stops the group-commit writer (calls already accepted are committed first) and
// closes the database. Calls after Close fail with ErrClosed.
func (s *Store) Close() error {
	s.closeOnce.Do(func() { close(s.closed) })
	s.bg.Wait()
	if s.wal != nil {
		s.wal.Close()
	}
	var ckErr error
	if s.ckdb != nil {
		// The last connection to close checkpoints the WAL into the database file.
		ckErr = s.ckdb.Close()
	}
	errs := []error{ckErr, s.rdb.Close()}
	for _, l := range s.lanes {
		errs = append(errs, l.wdb.Close())
	}
	return errors.Join(errs...)
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

// writeTx runs fn in a write transaction and commits it if fn succeeds. On PostgreSQL,
// a transaction the server broke as a deadlock runs again, up to deadlockRetries times:
// fn must not keep state from one run to the next.
func (s *Store) writeTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	select {
	case <-s.closed:
		return ErrClosed
	default:
	}
	if err := s.refuseAfterSyncFailure(); err != nil {
		return err
	}
	if err := s.refuseFenced(); err != nil {
		return err
	}
	err := s.writeTxOnce(ctx, fn)
	// A deadlock rolled the whole transaction back, so fn may simply run again
	// (lanes.go says how one can happen now).
	for again := 0; again < deadlockRetries && isDeadlock(err) && ctx.Err() == nil; again++ {
		err = s.writeTxOnce(ctx, fn)
	}
	return err
}

// writeTxOnce is one attempt of writeTx.
func (s *Store) writeTxOnce(ctx context.Context, fn func(tx *sql.Tx) error) error {
	began := time.Now()
	tx, err := s.wdb.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	defer tx.Rollback()
	if err := fn(tx); err != nil {
		return err
	}
	if err := s.refuseFenced(); err != nil {
		return err // fenced while fn ran: nothing of it may commit
	}
	if err := s.checkLeaseHeld(ctx, tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: commit: %w", err)
	}
	if s.wal != nil {
		if err := s.wal.sync(); err != nil {
			return s.syncFailed(err)
		}
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
	opts := &sql.TxOptions{ReadOnly: true}
	if s.dialect == dialectPostgres {
		// PostgreSQL's default, READ COMMITTED, takes a new snapshot per statement.
		opts.Isolation = sql.LevelRepeatableRead
	}
	tx, err := s.rdb.BeginTx(ctx, opts)
	if err != nil {
		return fmt.Errorf("store: begin: %w", err)
	}
	defer tx.Rollback()
	return fn(tx)
}

// msTime converts stored unix milliseconds back to a time.
func msTime(ms int64) time.Time { return time.UnixMilli(ms) }
