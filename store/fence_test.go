package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"testing"
	"time"
)

// appendSeq appends a move of seq to g that moves one chip from user into the pot.
func appendSeq(ctx context.Context, s *Store, g Game, seq int64, user string) error {
	return s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: seq, Data: fmt.Appendf(nil, `{"n":%d}`, seq), At: time.UnixMilli(seq)},
		[]ChipMove{{User: user, Reason: ReasonAnte, Amount: 1}})
}

// TestFencedStoreWritesNothing: a fenced Store (a process that lost its shard's lease)
// refuses every write with ErrFenced and changes nothing; unfenced, it writes again.
func TestFencedStoreWritesNothing(t *testing.T) { eachBackend(t, testFencedStoreWritesNothing) }

func testFencedStoreWritesNothing(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "g", "a", "b")
	if err := appendSeq(ctx, s, g, 1, "a"); err != nil {
		t.Fatal(err)
	}
	s.Fence()
	if err := appendSeq(ctx, s, g, 2, "b"); !errors.Is(err, ErrFenced) {
		t.Errorf("AppendAction while fenced: %v, want ErrFenced", err)
	}
	if _, err := s.ClaimDaily(ctx, "g", "c"); !errors.Is(err, ErrFenced) {
		t.Errorf("ClaimDaily while fenced: %v, want ErrFenced", err)
	}
	got, err := s.Game(ctx, g.ID)
	if err != nil {
		t.Fatal(err) // reads go on while fenced
	}
	if got.LastSeq != 1 || got.Pot != 1 {
		t.Errorf("after the fenced append: last seq %d, pot %d; want 1 and 1", got.LastSeq, got.Pot)
	}
	s.Unfence()
	if err := appendSeq(ctx, s, g, 2, "b"); err != nil {
		t.Errorf("AppendAction once unfenced: %v", err)
	}
	if b := mustBalance(t, s, "g", "b"); b.Total != DefaultStartingGrant-1 {
		t.Errorf("b has %d after the ante, want %d", b.Total, DefaultStartingGrant-1)
	}
	checkLedger(t, s)
}

// TestWriterCarriesOnAfterItsSessionsAreCut: when the server ends the Store's sessions
// (a PostgreSQL restart, as the Store sees it), a write fails at most once with nothing
// stored, and the same Store then writes again on new sessions, without a restart.
func TestWriterCarriesOnAfterItsSessionsAreCut(t *testing.T) {
	eachBackend(t, func(t *testing.T) {
		if !onPostgres(t) {
			t.Log("SQLite has no sessions to cut")
			return
		}
		ctx := context.Background()
		app := "cardbot_fence_" + strconv.FormatInt(time.Now().UnixNano(), 36)
		dsn := testDSN(t) + "&application_name=" + app
		s, err := Open(ctx, dsn)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { s.Close() })
		g := newGame(t, s, "g", "a", "b")
		if err := appendSeq(ctx, s, g, 1, "a"); err != nil {
			t.Fatal(err)
		}
		admin, err := sql.Open("pgx", dsn)
		if err != nil {
			t.Fatal(err)
		}
		defer admin.Close()
		var cut int
		if err := admin.QueryRow(`SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity
			WHERE application_name = $1 AND pid <> pg_backend_pid()`, app).Scan(&cut); err != nil {
			t.Fatal(err)
		}
		if cut == 0 {
			t.Fatal("no session of the Store was found to cut")
		}
		failed := 0
		for err := appendSeq(ctx, s, g, 2, "b"); err != nil; err = appendSeq(ctx, s, g, 2, "b") {
			failed++
			t.Logf("append after the cut: %v", err)
			if failed > 1 {
				t.Fatalf("the Store still fails %d appends after its sessions were cut", failed)
			}
		}
		if err := appendSeq(ctx, s, g, 3, "a"); err != nil {
			t.Fatal(err)
		}
		got, err := s.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.LastSeq != 3 || got.Pot != 3 {
			t.Errorf("after the cut: last seq %d, pot %d; want 3 and 3 (every move once)", got.LastSeq, got.Pot)
		}
		t.Logf("%d sessions cut, %d append(s) failed before the Store carried on", cut, failed)
		checkLedger(t, s)
	})
}

// TestACommitWhoseAnswerIsLostIsSettled: a batch COMMIT that the server made durable but
// whose answer was lost (a session cut at that moment) is answered as committed on
// PostgreSQL, after the Store asked the database, so that the table keeps the move the
// database holds.
func TestACommitWhoseAnswerIsLostIsSettled(t *testing.T) {
	eachBackend(t, func(t *testing.T) {
		if !onPostgres(t) {
			t.Log("SQLite's COMMIT is local: it never succeeds unanswered")
			return
		}
		ctx := context.Background()
		s := openTest(t)
		g := newGame(t, s, "g", "a", "b")
		s.loseCommitAnswer = func() error { return errors.New("the session broke before the answer") }
		if err := appendSeq(ctx, s, g, 1, "a"); err != nil {
			t.Errorf("an append whose COMMIT answer was lost: %v, want it settled as committed", err)
		}
		s.Fence() // a fenced batch never reaches COMMIT: nothing to settle
		if err := appendSeq(ctx, s, g, 2, "b"); !errors.Is(err, ErrFenced) {
			t.Errorf("a fenced append: %v, want ErrFenced", err)
		}
		s.Unfence()
		got, err := s.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.LastSeq != 1 || got.Pot != 1 {
			t.Errorf("last seq %d, pot %d; want 1 and 1", got.LastSeq, got.Pot)
		}
	})
}
