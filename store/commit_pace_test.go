package store

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"
)

// TestCommitsUnderLoadShareTransactions: many tables appending at once, each
// waiting for its last action before its next (as a table does), are
// committed in shared transactions that start at least commitGap apart on
// each lane, and every action is stored.
func TestCommitsUnderLoadShareTransactions(t *testing.T) {
	eachBackend(t, testCommitsUnderLoadShareTransactions)
}

func testCommitsUnderLoadShareTransactions(t *testing.T) {
	s := openTest(t)
	const tables, actions = 40, 15
	games := make([]Game, tables)
	for i := range games {
		games[i] = newGame(t, s, "g", fmt.Sprint("u", i))
	}
	var mu sync.Mutex
	var starts []time.Time
	commits, carried := 0, 0
	s.OnCommit = func(took time.Duration, n int) {
		if n == 0 {
			return // not a batch of actions
		}
		mu.Lock()
		defer mu.Unlock()
		starts = append(starts, time.Now().Add(-took))
		commits++
		carried += n
	}
	var wg sync.WaitGroup
	for _, g := range games {
		wg.Go(func() {
			for seq := int64(1); seq <= actions; seq++ {
				if err := s.AppendAction(context.Background(), ActionRecord{GameID: g.ID, Seq: seq, Data: []byte(`{}`)}, nil); err != nil {
					t.Errorf("append %s#%d: %v", g.ID, seq, err)
					return
				}
			}
		})
	}
	wg.Wait()
	for _, g := range games {
		if got, err := s.Game(context.Background(), g.ID); err != nil || got.LastSeq != actions {
			t.Errorf("game %s: last seq %d (%v), want %d", g.ID, got.LastSeq, err, actions)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if carried != tables*actions {
		t.Errorf("the commits carried %d actions, want %d", carried, tables*actions)
	}
	// With one lane (SQLite) consecutive starts are commitGap apart; with
	// several, any lanes+1 consecutive starts span at least commitGap.
	lanes := len(s.lanes)
	for i := lanes; i < len(starts); i++ {
		if gap := starts[i].Sub(starts[i-lanes]); gap < commitGap-time.Millisecond {
			t.Errorf("commits %d and %d began %v apart; want at least %v on a lane", i-lanes, i, gap, commitGap)
		}
	}
	if per := float64(carried) / float64(commits); per < 2 {
		t.Errorf("%d commits for %d actions (%.1f each): the load was not shared", commits, carried, per)
	}
}
