package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"sync/atomic"
	"syscall"
	"testing"
	"time"
)

// An appended action is acknowledged only after a sync of the WAL that began after its
// commit: what a caller is told is stored is on the disk.
func TestAppendIsAnsweredOnlyAfterTheWALIsSynced(t *testing.T) {
	s := openTest(t)
	g := newGame(t, s, "g", "a")
	ctx := context.Background()

	release := make(chan struct{})
	seenAtSync := make(chan int64, 16)
	s.wal.mu.Lock()
	s.wal.syncFile = func(f *os.File) error {
		// What the database holds when the sync begins: the action must be committed.
		var last int64
		if err := s.rdb.QueryRow(`SELECT last_seq FROM games WHERE id = ?`, g.ID).Scan(&last); err != nil {
			t.Errorf("reading the game during the sync: %v", err)
		}
		seenAtSync <- last
		<-release
		return f.Sync()
	}
	s.wal.mu.Unlock()

	done := make(chan error, 1)
	go func() {
		done <- s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 1, Data: []byte(`"draw"`)}, nil)
	}()
	select {
	case last := <-seenAtSync:
		if last != 1 {
			t.Fatalf("the sync began with last_seq %d, want 1: it must follow the commit", last)
		}
	case err := <-done:
		t.Fatalf("AppendAction answered (%v) before any sync of the WAL", err)
	case <-time.After(5 * time.Second):
		t.Fatal("no sync of the WAL within 5 s of an append")
	}
	select {
	case err := <-done:
		t.Fatalf("AppendAction answered (%v) while the WAL sync was still running", err)
	case <-time.After(100 * time.Millisecond):
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatalf("AppendAction after the sync: %v", err)
	}
}

// A failed sync stops the process before anyone is answered (OnSyncFailure); should the
// hook return, the caller and every later write are told ErrSyncFailed, never that
// nothing was stored, and nothing more is written.
func TestAFailedSyncStopsTheStore(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	g := newGame(t, s, "g", "a")
	var stopped []error
	s.OnSyncFailure = func(err error) { stopped = append(stopped, err) }
	broken := errors.New("disk on fire")
	s.wal.mu.Lock()
	s.wal.syncFile = func(*os.File) error { return broken }
	s.wal.mu.Unlock()

	err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 1, Data: []byte(`"draw"`)}, nil)
	if !errors.Is(err, ErrSyncFailed) || !errors.Is(err, broken) {
		t.Fatalf("AppendAction with a failing sync: err = %v, want ErrSyncFailed wrapping %v", err, broken)
	}
	if len(stopped) != 1 || !errors.Is(stopped[0], broken) {
		t.Fatalf("OnSyncFailure was called with %v, want once with %v", stopped, broken)
	}

	// The disk is back, but the Store writes nothing more: what it holds is unknown.
	s.wal.mu.Lock()
	s.wal.syncFile = syncData
	s.wal.mu.Unlock()
	if err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 2, Data: []byte(`"discard"`)}, nil); !errors.Is(err, ErrSyncFailed) {
		t.Errorf("AppendAction after a failed sync: err = %v, want ErrSyncFailed", err)
	}
	if _, err := s.CreateGame(ctx, Game{Kind: KindLaro, Guild: "g", Channel: "c", Host: "a",
		Seats: []Seat{{User: "a"}}, Status: StatusPlaying, Seed: []byte{1}}); !errors.Is(err, ErrSyncFailed) {
		t.Errorf("CreateGame after a failed sync: err = %v, want ErrSyncFailed", err)
	}
	if len(stopped) != 1 {
		t.Errorf("OnSyncFailure called %d times, want once", len(stopped))
	}
	// The action whose sync failed was committed: a restart finds it.
	actions, err := s.Actions(ctx, g.ID, 0)
	if err != nil || len(actions) != 1 {
		t.Errorf("Actions after the failed sync = %d actions, %v; want the committed one", len(actions), err)
	}
}

// Other writes than appends stop the Store the same way.
func TestAFailedSyncOfAWriteStopsTheStore(t *testing.T) {
	s := openTest(t)
	var stopped []error
	s.OnSyncFailure = func(err error) { stopped = append(stopped, err) }
	s.wal.mu.Lock()
	s.wal.syncFile = func(*os.File) error { return syscall.EIO }
	s.wal.mu.Unlock()
	_, err := s.CreateGame(context.Background(), Game{Kind: KindLaro, Guild: "g", Channel: "c", Host: "a",
		Seats: []Seat{{User: "a"}}, Status: StatusPlaying, Seed: []byte{1}})
	if !errors.Is(err, ErrSyncFailed) || !errors.Is(err, syscall.EIO) {
		t.Errorf("CreateGame with a failing sync: err = %v, want ErrSyncFailed wrapping EIO", err)
	}
	if len(stopped) != 1 {
		t.Errorf("OnSyncFailure called %d times, want once", len(stopped))
	}
}

// Other writes (a new game here) sync the WAL before they return, too.
func TestWritesSyncTheWAL(t *testing.T) {
	s := openTest(t)
	var syncs atomic.Int32
	s.wal.mu.Lock()
	s.wal.syncFile = func(f *os.File) error { syncs.Add(1); return f.Sync() }
	s.wal.mu.Unlock()
	newGame(t, s, "g", "a")
	if syncs.Load() == 0 {
		t.Fatal("CreateGame returned without syncing the WAL")
	}
	var mode int
	if err := s.wdb.QueryRow(`PRAGMA synchronous`).Scan(&mode); err != nil || mode != 1 {
		t.Fatalf("the writer's synchronous setting is %d (%v), want 1 (NORMAL): the Store syncs for it", mode, err)
	}
}

// The syncer follows the WAL file when SQLite replaces it, and syncs nothing when there
// is none.
func TestWALSyncerFollowsTheFile(t *testing.T) {
	db := filepath.Join(t.TempDir(), "x.db")
	w := newWALSyncer(db)
	defer w.Close()
	var synced []string
	w.syncFile = func(f *os.File) error { synced = append(synced, f.Name()); return nil }

	if err := w.sync(); err != nil || len(synced) != 0 {
		t.Fatalf("with no WAL file: err %v, %d syncs; want none", err, len(synced))
	}
	if err := os.WriteFile(db+"-wal", []byte("one"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := w.sync(); err != nil || len(synced) != 1 {
		t.Fatalf("with a WAL file: err %v, %d syncs; want 1", err, len(synced))
	}
	first := w.f
	if err := os.Remove(db + "-wal"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(db+"-wal", []byte("two"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := w.sync(); err != nil || len(synced) != 2 {
		t.Fatalf("after the WAL was replaced: err %v, %d syncs; want 2", err, len(synced))
	}
	held, err1 := w.f.Stat()
	now, err2 := os.Stat(db + "-wal")
	if w.f == first || err1 != nil || err2 != nil || !os.SameFile(held, now) {
		t.Fatal("the syncer kept the removed WAL file: its syncs would reach nothing")
	}
}
