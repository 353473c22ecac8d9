package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// TestTwoStoresAppendTheSameSeq is two processes (two Stores on one database, as two
// shard processes would be after a duplicated SHARD_ID) appending the same move of one
// game at the same moment, move after move, each paying an ante: exactly one wins each
// move, the other gets ErrSeqConflict, the log holds the winner's action, and only the
// winner's chips moved.
func TestTwoStoresAppendTheSameSeq(t *testing.T) { eachBackend(t, testTwoStoresAppendTheSameSeq) }

func testTwoStoresAppendTheSameSeq(t *testing.T) {
	const moves = 40
	ctx := context.Background()
	dsn := testDSN(t)
	var stores [2]*Store
	for i := range stores {
		s, err := Open(ctx, dsn)
		if err != nil {
			t.Fatalf("store %d: Open: %v", i, err)
		}
		t.Cleanup(func() { s.Close() })
		stores[i] = s
	}
	g := newGame(t, stores[0], "g", "a", "b")
	wins := [2]int{}
	for seq := int64(1); seq <= moves; seq++ {
		var errs [2]error
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i, s := range stores {
			wg.Go(func() {
				<-start
				errs[i] = s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: seq,
					Data: fmt.Appendf(nil, `{"by":%d}`, i), At: time.UnixMilli(seq)},
					[]ChipMove{{User: []string{"a", "b"}[i], Reason: ReasonAnte, Amount: 1}})
			})
		}
		close(start)
		wg.Wait()
		winner := -1
		for i, err := range errs {
			switch {
			case err == nil && winner >= 0:
				t.Fatalf("seq %d: both stores appended it", seq)
			case err == nil:
				winner = i
			case !errors.Is(err, ErrSeqConflict):
				t.Fatalf("seq %d: store %d: %v, want nil or ErrSeqConflict", seq, i, err)
			}
		}
		if winner < 0 {
			t.Fatalf("seq %d: neither store appended it: %v", seq, errs)
		}
		wins[winner]++
		acts, err := stores[1-winner].Actions(ctx, g.ID, seq-1)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf(`{"by":%d}`, winner); len(acts) != 1 || string(acts[0].Data) != want {
			t.Fatalf("seq %d: the log holds %v, want the winner's %s alone", seq, acts, want)
		}
	}
	t.Logf("store 0 won %d moves, store 1 won %d", wins[0], wins[1])
	got, err := stores[0].Game(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.LastSeq != moves || got.Pot != moves {
		t.Errorf("game: last seq %d pot %d, want %d and %d (one ante per move)", got.LastSeq, got.Pot, moves, moves)
	}
	a, b := mustBalance(t, stores[0], "g", "a"), mustBalance(t, stores[0], "g", "b")
	if a.Total != DefaultStartingGrant-int64(wins[0]) || b.Total != DefaultStartingGrant-int64(wins[1]) {
		t.Errorf("a has %d, b has %d; want %d and %d (each paid for the moves they won)",
			a.Total, b.Total, DefaultStartingGrant-int64(wins[0]), DefaultStartingGrant-int64(wins[1]))
	}
	checkLedger(t, stores[0])
}
