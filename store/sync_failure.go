package store

import (
	"errors"
	"fmt"
	"os"
)

// When a sync of the WAL fails, the Store stops the process.
//
// By then the transaction has committed: the bot's readers already see it, and after a
// restart SQLite finds it in the WAL unless the machine itself lost power. Telling the
// caller that nothing was stored would be false (its table would rewind, every later move
// of that game would fail on a sequence conflict, and the move would come back after the
// next restart). Telling it that the action is stored would be false too, for a disk that
// refuses to sync may never write it. And the sync cannot be tried again: after a failed
// fsync Linux may have dropped the dirty pages and report the next fsync clean (the
// "fsyncgate" of 2018, after which PostgreSQL panics on a failed fsync instead of
// retrying). So the Store does what PostgreSQL does: it answers no one and stops the
// process, and the restart recovers from what the disk holds, which every player then
// sees. The click that waited on the sync is never answered (Discord shows "This
// interaction failed"), and the table message redrawn after the restart shows whether
// the move stands.

// ExitSyncFailed is the exit status of a process stopped by StopOnSyncFailure: EX_IOERR
// of sysexits.h. A supervisor that restarts on failure (systemd's Restart=on-failure,
// Docker's restart policies) restarts the bot, which recovers from the disk.
const ExitSyncFailed = 74

// ErrSyncFailed is what a Store whose OnSyncFailure returned answers every write: a sync
// of the WAL failed, so whether the action waiting on it was stored is unknown. Unlike
// every other error of the Store it does not mean that nothing was stored. Only tests see
// it; in production the process stops instead.
var ErrSyncFailed = errors.New("store: a sync of the database to the disk failed")

// StopOnSyncFailure is the Store's OnSyncFailure unless another is set: it prints why on
// standard error and exits with ExitSyncFailed, without running deferred functions or
// answering anyone.
func StopOnSyncFailure(err error) {
	fmt.Fprintf(os.Stderr, "%v: stopping the process, so that the restart recovers from what the disk holds\n", err)
	os.Exit(ExitSyncFailed)
}

// syncFailed stops the process through OnSyncFailure. Should the hook return (tests
// only), the Store refuses every later write with ErrSyncFailed, so that nothing more is
// written to a database whose state on the disk is unknown, and syncFailed returns the
// error to answer the callers that waited on the sync.
func (s *Store) syncFailed(err error) error {
	stop := s.OnSyncFailure
	if stop == nil {
		stop = StopOnSyncFailure
	}
	stop(err)
	s.syncBroken.Store(true)
	return fmt.Errorf("%w: %w", ErrSyncFailed, err)
}

// refuseAfterSyncFailure returns ErrSyncFailed once a sync has failed.
func (s *Store) refuseAfterSyncFailure() error {
	if s.syncBroken.Load() {
		return ErrSyncFailed
	}
	return nil
}
