package store

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"sync"
	"testing"
	"time"
)

// Two tables of one guild that share players, on different lanes, move those players'
// chips at the same moment: every append commits, no batch fails as a whole (a deadlock
// between the lanes' sessions would fail one after deadlock_timeout), each game keeps
// its actions in order, and the ledger and balances stay in step.
func TestLanesShareAPlayer(t *testing.T) { eachBackend(t, testLanesShareAPlayer) }

func testLanesShareAPlayer(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	var mu sync.Mutex
	var failed []error
	s.observeBatchFailure = func(err error) {
		mu.Lock()
		failed = append(failed, err)
		mu.Unlock()
	}
	const games, actions = 16, 40
	var gs []Game
	used := map[*lane]int{}
	for i := range games {
		g := newGame(t, s, "g", "p", "q", fmt.Sprintf("own%d", i))
		gs = append(gs, g)
		used[s.laneOf(g.ID)]++
	}
	if len(used) != len(s.lanes) {
		t.Fatalf("the games use %d of %d lanes", len(used), len(s.lanes))
	}
	if onPostgres(t) && len(s.lanes) < 2 {
		t.Fatalf("PostgreSQL has %d lane(s), want %d", len(s.lanes), pgLanes)
	}
	var wg sync.WaitGroup
	for i, g := range gs {
		// Half the games move p before q, half q before p: the order that deadlocks two
		// sessions that lock rows as they come.
		first, second := "p", "q"
		if i%2 == 1 {
			first, second = second, first
		}
		own := fmt.Sprintf("own%d", i)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for seq := int64(1); seq <= actions; seq++ {
				rec := ActionRecord{GameID: g.ID, Seq: seq, Data: []byte(`{}`), At: time.UnixMilli(seq)}
				moves := []ChipMove{
					{User: first, Reason: ReasonAnte, Amount: 1},
					{User: second, Reason: ReasonAnte, Amount: 1},
					{User: own, Reason: ReasonPayout, Amount: 2},
				}
				if err := s.AppendAction(ctx, rec, moves); err != nil {
					t.Errorf("game %d seq %d: %v", i, seq, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	mu.Lock()
	if len(failed) != 0 {
		t.Errorf("%d batches failed as a whole, the first: %v", len(failed), failed[0])
	}
	mu.Unlock()
	for _, g := range gs {
		got, err := s.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if got.LastSeq != actions || got.Pot != 0 {
			t.Errorf("game %s: last seq %d pot %d, want %d and 0", g.ID, got.LastSeq, got.Pot, actions)
		}
	}
	for _, u := range []string{"p", "q"} {
		if b := mustBalance(t, s, "g", u); b.Total != DefaultStartingGrant-games*actions {
			t.Errorf("%s has %d chips, want %d", u, b.Total, DefaultStartingGrant-games*actions)
		}
	}
	checkLedger(t, s)
}

// TestWriteTxRunsAgainAfterADeadlock: a write that PostgreSQL fails as one side of a
// deadlock (another session holds y and waits for the x it locked) runs again once the
// other side is through, and its caller sees no error.
func TestWriteTxRunsAgainAfterADeadlock(t *testing.T) {
	if os.Getenv("TEST_DATABASE_URL") == "" {
		t.Log("TEST_DATABASE_URL is unset: SQLite has one writer and no deadlocks (.ci/run sets it)")
		return
	}
	t.Run("postgres", func(t *testing.T) {
		ctx := context.Background()
		s := openTest(t)
		mustBalance(t, s, "g", "x")
		mustBalance(t, s, "g", "y")
		other, err := s.rdb.BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer other.Rollback()
		// Only the write may be the one that breaks the deadlock: the server breaks it in
		// the session whose deadlock_timeout runs out first, which under load need not be
		// the one that began waiting first. (It takes a superuser, as .ci/run's is.)
		if _, err := other.ExecContext(ctx, `SET LOCAL deadlock_timeout = '1min'`); err != nil {
			t.Fatalf("other: %v", err)
		}
		const touch = `UPDATE balances SET created_at = created_at WHERE guild = 'g' AND user_id = $1`
		if _, err := other.ExecContext(ctx, touch, "y"); err != nil {
			t.Fatal(err)
		}
		var pid int // writeTx's session: lane 0's one connection
		if err := s.wdb.QueryRowContext(ctx, `SELECT pg_backend_pid()`).Scan(&pid); err != nil {
			t.Fatal(err)
		}
		runs := 0
		done := make(chan error, 1)
		go func() {
			done <- s.writeTx(ctx, func(tx *sql.Tx) error {
				runs++
				if _, err := tx.ExecContext(ctx, touch, "x"); err != nil {
					return err
				}
				_, err := tx.ExecContext(ctx, touch, "y") // waits for other
				return err
			})
		}()
		// Once the write waits for y, other asks for x: a deadlock, which the write
		// detects and breaks by failing.
		for waiting := 0; waiting == 0; {
			if err := s.rdb.QueryRowContext(ctx, `SELECT COUNT(*) FROM pg_stat_activity
				WHERE pid = $1 AND wait_event_type = 'Lock'`, pid).Scan(&waiting); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := other.ExecContext(ctx, touch, "x"); err != nil {
			t.Fatalf("other: %v", err)
		}
		if err := other.Commit(); err != nil {
			t.Fatal(err)
		}
		if err := <-done; err != nil {
			t.Fatalf("writeTx: %v", err)
		}
		if runs != 2 {
			t.Errorf("fn ran %d times, want 2 (once failed by the deadlock, once committed)", runs)
		}
	})
}
