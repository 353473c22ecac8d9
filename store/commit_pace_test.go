package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"
)

// TestCommitsUnderLoadShareTransactions: many tables whose players act at
// their own times (each waiting a random moment after its last action is
// stored, so arrivals do not follow the commits), are committed in shared
// transactions, the writer waiting for company, and every action is stored.
func TestCommitsUnderLoadShareTransactions(t *testing.T) {
	eachBackend(t, testCommitsUnderLoadShareTransactions)
}

func testCommitsUnderLoadShareTransactions(t *testing.T) {
	s := openTest(t)
	const tables, actions = 40, 12
	games := make([]Game, tables)
	for i := range games {
		games[i] = newGame(t, s, "g", fmt.Sprint("u", i))
	}
	var mu sync.Mutex
	commits, carried := 0, 0
	s.OnCommit = func(_ time.Duration, n int) {
		if n == 0 {
			return // not a batch of actions
		}
		mu.Lock()
		defer mu.Unlock()
		commits++
		carried += n
	}
	var wg sync.WaitGroup
	for i, g := range games {
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		wg.Go(func() {
			for seq := int64(1); seq <= actions; seq++ {
				time.Sleep(time.Duration(5+rng.IntN(25)) * time.Millisecond) // a player's moment
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
	paced := 0
	for _, l := range s.lanes {
		paced += l.pacedBatches
	}
	if paced == 0 {
		t.Error("no batch waited for commitGap under load")
	}
	// About 1,400 actions a second: some 14 to a commit of each lane's 100 a
	// second; without the wait, one or two.
	if per := float64(carried) / float64(commits); per < 4 {
		t.Errorf("%d commits for %d actions (%.1f each): the load was not shared", commits, carried, per)
	}
}

// TestOneCallerAppendingInTurnIsNotPaced: a table appending its actions one
// after the other, alone, is never made to wait for company (each append
// would otherwise take commitGap, a hundred a second at most).
func TestOneCallerAppendingInTurnIsNotPaced(t *testing.T) {
	eachBackend(t, testOneCallerAppendingInTurnIsNotPaced)
}

func testOneCallerAppendingInTurnIsNotPaced(t *testing.T) {
	s := openTest(t)
	g := newGame(t, s, "g", "a")
	for seq := int64(1); seq <= 30; seq++ {
		if err := s.AppendAction(context.Background(), ActionRecord{GameID: g.ID, Seq: seq, Data: []byte(`{}`)}, nil); err != nil {
			t.Fatalf("append #%d: %v", seq, err)
		}
	}
	lane := s.laneOf(g.ID)
	if lane.pacedBatches != 0 {
		t.Errorf("%d of 30 appends in turn waited for commitGap; want none", lane.pacedBatches)
	}
}
