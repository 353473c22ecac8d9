package store

import (
	"context"
	"database/sql"
	"fmt"
)

// leaseHold is the lease whose holding every PostgreSQL write of a Store proves before
// it commits (see WriteUnder): the lease session's backend and the shard it locked.
type leaseHold struct {
	pid   int32
	shard int
}

// WriteUnder makes every later write transaction of s on PostgreSQL check, just before
// its COMMIT and inside the transaction, that the lease's session still holds the
// shard's lock; when it does not, the transaction is rolled back and the write fails
// with ErrFenced. So a process that lost its lease cannot commit, even in the moments
// before its once-a-second check notices (Lease.Lost): the lock is gone from pg_locks
// as soon as its session ends, and a new owner serves only after its fence. The check
// is one query per group commit (hundreds of actions), not per action.
//
// On SQLite, whose lease is a lock file that only the holder's death frees, it does
// nothing. A nil lease stops the checks.
func (s *Store) WriteUnder(l *Lease) {
	if s.dialect != dialectPostgres || l == nil || l.pid == 0 {
		s.leaseHold.Store(nil)
		return
	}
	s.leaseHold.Store(&leaseHold{pid: l.pid, shard: l.shard})
}

// checkLeaseHeld returns ErrFenced when the lease that WriteUnder named is no longer
// held by its session.
func (s *Store) checkLeaseHeld(ctx context.Context, tx *sql.Tx) error {
	h := s.leaseHold.Load()
	if h == nil {
		return nil
	}
	var held bool
	// An advisory lock on two int4 keys shows the second (the shard) as objid, with
	// objsubid 2; the lease session takes no other such lock.
	if err := tx.QueryRowContext(ctx, `SELECT EXISTS (SELECT 1 FROM pg_locks WHERE locktype = 'advisory'
		AND pid = $1 AND objid = $2 AND objsubid = 2 AND granted)`, h.pid, h.shard).Scan(&held); err != nil {
		return fmt.Errorf("store: check the shard's lease: %w", err)
	}
	if !held {
		return ErrFenced
	}
	return nil
}
