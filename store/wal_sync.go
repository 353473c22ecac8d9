package store

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sync"
)

// Commits reach the disk here, outside the writer.
//
// Every write is acknowledged only once it is on the disk, so that it survives a power
// loss and not only a crash of the process. SQLite's synchronous=FULL does that inside
// COMMIT: the single writer waited for the disk on every commit, and each click waited
// for every commit ahead of it. When the disk is slow (a virtual machine's, under load)
// that queue grew with it: at 1,000 busy tables the writer spent 60% of its time in
// commits, 287 of them a second.
//
// So the writer's connection runs with synchronous=NORMAL, where COMMIT writes the WAL
// but does not wait for the disk, and the Store syncs the WAL file itself before it
// answers anyone: the writer goes on with the next batch while the last one's sync runs,
// and one sync covers every batch committed before it began. What a caller is told is
// stored is on the disk exactly as with FULL. (SQLite's own syncs, around checkpoints
// and when the WAL is reused, are the same in both modes, so the file stays consistent.)

// walSyncer syncs the database's WAL file.
type walSyncer struct {
	path string // the WAL file: the database's path + "-wal"

	mu sync.Mutex // one sync at a time; guards f
	f  *os.File   // the WAL file as last opened (nil: not yet, or it was missing)
	// syncFile is syncData (with a fault injected in faultsync builds, see
	// sync_fault_on.go); tests replace it to see when syncs happen.
	syncFile func(*os.File) error
}

func newWALSyncer(dbPath string) *walSyncer {
	return &walSyncer{path: dbPath + "-wal", syncFile: withSyncFault(syncData)}
}

// sync makes everything written to the WAL so far durable.
func (w *walSyncer) sync() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if err := w.open(); err != nil {
		return err
	}
	if w.f == nil {
		// No WAL file: every commit is in the database file, which SQLite synced when
		// it checkpointed and removed the WAL.
		return nil
	}
	if err := w.syncFile(w.f); err != nil {
		return fmt.Errorf("store: sync %s: %w", w.path, err)
	}
	return nil
}

// open makes f the current WAL file. SQLite keeps the file while a connection is open,
// but may remove it when the last one closes and create a new one later; a sync of the
// old, unlinked file would sync nothing, so the file is opened again when it changed.
func (w *walSyncer) open() error {
	now, err := os.Stat(w.path)
	if errors.Is(err, fs.ErrNotExist) {
		w.close()
		return nil
	}
	if err != nil {
		return fmt.Errorf("store: sync: %w", err)
	}
	if w.f != nil {
		if held, err := w.f.Stat(); err == nil && os.SameFile(held, now) {
			return nil
		}
		w.close()
	}
	f, err := os.OpenFile(w.path, os.O_RDWR, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("store: sync: %w", err)
	}
	w.f = f
	return nil
}

func (w *walSyncer) close() {
	if w.f != nil {
		w.f.Close()
		w.f = nil
	}
}

// Close releases the WAL file.
func (w *walSyncer) Close() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.close()
}

// syncedBatch is a committed batch whose callers are answered once the WAL is synced.
type syncedBatch struct {
	batch []*appendReq
	errs  []error // each action's own error, from commitBatch
}

// syncer is the goroutine that answers committed batches: it takes every batch that
// waits, syncs the WAL once for all of them, and answers their callers. It returns once
// the writer has closed s.synced and everything in it is answered.
func (s *Store) syncer() {
	defer s.bg.Done()
	for first := range s.synced {
		waiting := []syncedBatch{first}
	drain:
		for {
			select {
			case b, ok := <-s.synced:
				if !ok {
					break drain
				}
				waiting = append(waiting, b)
			default:
				break drain
			}
		}
		// When the sync fails the actions are committed but perhaps not on the disk:
		// no answer would be true, so the process stops before anyone is answered
		// (sync_failure.go).
		err := s.wal.sync()
		if err != nil {
			err = s.syncFailed(err)
		}
		for _, b := range waiting {
			for i, r := range b.batch {
				if b.errs[i] != nil {
					r.done <- b.errs[i] // the action's own failure comes first
				} else {
					r.done <- err
				}
			}
		}
	}
}
