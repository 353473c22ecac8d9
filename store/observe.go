package store

import (
	"context"
	"time"
)

// A CommitObserver is told of each committed write transaction: how long it
// took from BEGIN to COMMIT, and how many appended actions it carried (a
// group commit's batch; 0 for any other write). It runs on the writer's
// goroutine, so it must be quick. The binary wires it to its metrics, which
// keeps this package free of any metrics library.
type CommitObserver func(took time.Duration, actions int)

// observeCommit tells OnCommit about a commit of a transaction begun at began.
func (s *Store) observeCommit(began time.Time, actions int) {
	if s.OnCommit != nil {
		s.OnCommit(time.Since(began), actions)
	}
}

// Ping reports whether the database answers a read within ctx: it reads the
// schema version from the database file's header through the read pool,
// so a busy writer does not hold it up.
func (s *Store) Ping(ctx context.Context) error {
	select {
	case <-s.closed:
		return ErrClosed
	default:
	}
	var v int64
	return s.rdb.QueryRowContext(ctx, s.dialect.pick(`PRAGMA schema_version`, `SELECT 1`)).Scan(&v)
}
