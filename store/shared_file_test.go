package store

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestTwoStoresShareOneFile is two shard processes on one database: both open a new
// file at the same moment (and so both migrate it), then each appends to its own games
// from many goroutines at once. Their writers take turns at SQLite's file lock; neither
// may fail with "database is locked", every acknowledged action must be stored, each
// store must still group several actions into one commit, and the chips must add up.
// On PostgreSQL the two stores share one server's database in the same way.
func TestTwoStoresShareOneFile(t *testing.T) { eachBackend(t, testTwoStoresShareOneFile) }

func testTwoStoresShareOneFile(t *testing.T) {
	const (
		gamesPerStore = 16
		actions       = 60
	)
	ctx := context.Background()
	path := testDSN(t)
	stores := make([]*Store, 2)
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range stores {
		wg.Go(func() { stores[i], errs[i] = Open(ctx, path) })
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("store %d: Open: %v", i, err)
		}
	}
	t.Cleanup(func() {
		for _, s := range stores {
			s.Close()
		}
	})

	var biggest [2]atomic.Int64
	for i, s := range stores {
		s.observeBatch = func(size int, _, _ time.Duration) {
			if int64(size) > biggest[i].Load() {
				biggest[i].Store(int64(size))
			}
		}
	}
	type played struct {
		store int
		game  Game
		acked atomic.Int64
	}
	var all []*played
	for i, s := range stores {
		for j := range gamesPerStore {
			u := func(p string) string { return fmt.Sprintf("%s-%d-%d", p, i, j) }
			g := newGame(t, s, fmt.Sprintf("guild%d", i), u("a"), u("b"), u("c"))
			all = append(all, &played{store: i, game: g})
		}
	}
	for _, p := range all {
		wg.Go(func() {
			s := stores[p.store]
			players := []string{p.game.Seats[0].User, p.game.Seats[1].User, p.game.Seats[2].User}
			for seq := int64(1); seq <= actions; seq++ {
				rec := ActionRecord{GameID: p.game.ID, Seq: seq, Data: fmt.Appendf(nil, `{"seq":%d}`, seq), At: time.Now()}
				if err := s.AppendAction(ctx, rec, crashMoves(players, seq)); err != nil {
					t.Errorf("store %d game %s seq %d: %v", p.store, p.game.ID, seq, err)
					return
				}
				p.acked.Store(seq)
			}
		})
	}
	wg.Wait()

	// Each store reads what the other wrote.
	for _, p := range all {
		other := stores[1-p.store]
		g, acts, err := other.LoadGame(ctx, p.game.ID)
		if err != nil {
			t.Fatal(err)
		}
		if g.LastSeq != p.acked.Load() || int64(len(acts)) != p.acked.Load() {
			t.Errorf("game %s of store %d: last seq %d, %d actions; %d acknowledged", g.ID, p.store, g.LastSeq, len(acts), p.acked.Load())
		}
	}
	for i := range stores {
		if n := biggest[i].Load(); n < 2 {
			t.Errorf("store %d committed at most %d actions at once; want group commits of several", i, n)
		}
	}
	granted, present := checkLedger(t, stores[0])
	if len(granted) != 2 {
		t.Errorf("chips granted in %d guilds (%v), want 2", len(granted), granted)
	}
	t.Logf("largest batches %d and %d; granted %v, present %v", biggest[0].Load(), biggest[1].Load(), granted, present)
}

// TestOpenConcurrentMigrations opens one new file from several stores at once, as
// several shard processes started together do: every Open must succeed.
func TestOpenConcurrentMigrations(t *testing.T) {
	for round := range 5 {
		path := filepath.Join(t.TempDir(), fmt.Sprintf("new%d.db", round))
		var wg sync.WaitGroup
		for i := range 4 {
			wg.Go(func() {
				s, err := Open(context.Background(), path)
				if err != nil {
					t.Errorf("round %d, store %d: %v", round, i, err)
					return
				}
				s.Close()
			})
		}
		wg.Wait()
	}
}
