package store

import (
	"context"
	"database/sql"
	"errors"
	"testing"
)

// TestALostLeaseCannotCommit: with WriteUnder, a Store whose lease session has ended
// commits nothing more (ErrFenced), at once, before the lease's own check reports it
// lost; its appends commit while the lease is held.
func TestALostLeaseCannotCommit(t *testing.T) {
	eachBackend(t, func(t *testing.T) {
		if !onPostgres(t) {
			t.Log("SQLite's lease is a lock file that only the holder's death frees")
			return
		}
		ctx := context.Background()
		dsn := testDSN(t)
		s, err := Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		l, err := TakeLease(ctx, dsn, 0, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer l.Release()
		s.WriteUnder(l)
		g := newGame(t, s, "g", "a", "b")
		if err := appendSeq(ctx, s, g, 1, "a"); err != nil {
			t.Fatalf("an append under a held lease: %v", err)
		}
		admin, err := sql.Open("pgx", dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer admin.Close()
		if _, err := admin.Exec(`SELECT pg_terminate_backend($1)`, l.pid); err != nil {
			t.Fatal(err)
		}
		// pg_terminate_backend only signals: wait until the session is gone.
		for gone := false; !gone; {
			if err := admin.QueryRow(`SELECT NOT EXISTS (SELECT 1 FROM pg_stat_activity WHERE pid = $1)`, l.pid).Scan(&gone); err != nil {
				t.Fatal(err)
			}
		}
		if err := appendSeq(ctx, s, g, 2, "b"); !errors.Is(err, ErrFenced) {
			t.Errorf("an append after the lease session ended: %v, want ErrFenced", err)
		}
		if _, err := s.ClaimDaily(ctx, "g", "c"); !errors.Is(err, ErrFenced) {
			t.Errorf("ClaimDaily after the lease session ended: %v, want ErrFenced", err)
		}
		got, err := s.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.LastSeq != 1 {
			t.Errorf("last seq %d after the lease was lost, want 1", got.LastSeq)
		}
		s.WriteUnder(nil)
		if err := appendSeq(ctx, s, g, 2, "b"); err != nil {
			t.Errorf("an append with no lease named: %v", err)
		}
	})
}
