package store

import (
	"context"
	"errors"
	"testing"

	sqlite3 "github.com/mattn/go-sqlite3"
)

// ProbeWrite succeeds on a database that takes writes, and fails with SQLite's
// SQLITE_READONLY once the writer cannot write (here its connection is switched to
// query_only, which refuses writes as a read-only file does), while Ping, a read,
// still succeeds.
func TestProbeWriteFailsWhenTheDatabaseTakesNoWrites(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	for i := range 2 {
		if err := s.ProbeWrite(ctx); err != nil {
			t.Fatalf("ProbeWrite %d on a writable database: %v", i+1, err)
		}
	}
	if _, err := s.wdb.ExecContext(ctx, `PRAGMA query_only = ON`); err != nil {
		t.Fatal(err)
	}
	err := s.ProbeWrite(ctx)
	var se sqlite3.Error
	if !errors.As(err, &se) || se.Code != sqlite3.ErrReadonly {
		t.Errorf("ProbeWrite on a database that takes no writes: %v, want SQLITE_READONLY", err)
	}
	if err := s.Ping(ctx); err != nil {
		t.Errorf("Ping: %v; reads still work", err)
	}
	if _, err := s.wdb.ExecContext(ctx, `PRAGMA query_only = OFF`); err != nil {
		t.Fatal(err)
	}
	if err := s.ProbeWrite(ctx); err != nil {
		t.Errorf("ProbeWrite once writes work again: %v", err)
	}
}
