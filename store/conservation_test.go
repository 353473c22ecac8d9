package store

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestChipConservation runs thousands of random grants, antes, stakes, holds, payouts,
// refunds and releases across several guilds from several goroutines at once, and checks
// that no balance ever goes negative, balances always equal their ledger, chips appear
// only through grants, and guilds never mix.
func TestChipConservation(t *testing.T) { eachBackend(t, testChipConservation) }

func testChipConservation(t *testing.T) {
	const (
		workers   = 6
		opsEach   = 500
		nUsers    = 4
		startWith = 300
	)
	guilds := []string{"g1", "g2", "g3"}
	ctx := context.Background()
	s := openTest(t)
	clock := newFakeClock()
	s.Now = clock.Now
	s.StartingGrant = startWith

	var adminGranted [3]atomic.Int64 // per guild index: admin grants and daily bonuses
	userOf := func(r *rand.Rand) string { return fmt.Sprintf("u%d", r.IntN(nUsers)) }

	// A reader checks the invariant that must hold at every commit while writers run.
	stop := make(chan struct{})
	var readerWG sync.WaitGroup
	readerWG.Go(func() {
		for {
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
			var bad int
			if err := s.rdb.QueryRow(`SELECT COUNT(*) FROM balances WHERE balance < 0 OR held < 0 OR held > balance`).Scan(&bad); err != nil {
				t.Errorf("reader: %v", err)
				return
			}
			if bad != 0 {
				t.Errorf("%d balances negative or over-held mid-run", bad)
			}
		}
	})

	allowed := func(err error) bool {
		return err == nil || errors.Is(err, ErrInsufficientChips) || errors.Is(err, ErrPotOverdrawn) ||
			errors.Is(err, ErrDailyTooSoon) || errors.Is(err, ErrInvalid)
	}
	var games sync.Map // game ID -> guild index
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			r := rand.New(rand.NewPCG(uint64(w), 42))
			mine := make([]Game, len(guilds))
			seqs := make([]int64, len(guilds))
			for gi, guild := range guilds {
				mine[gi] = newGame(t, s, guild, "u0", "u1", "u2", "u3")
				games.Store(mine[gi].ID, gi)
			}
			for range opsEach {
				gi := r.IntN(len(guilds))
				guild, g := guilds[gi], mine[gi]
				var err error
				switch op := r.IntN(100); {
				case op < 8:
					amt := int64(r.IntN(100) - 40)
					if _, err = s.AdminGrant(ctx, guild, "admin", userOf(r), amt); err == nil {
						adminGranted[gi].Add(amt)
					}
				case op < 12:
					clock.Advance(time.Hour)
					if _, err = s.ClaimDaily(ctx, guild, userOf(r)); err == nil {
						adminGranted[gi].Add(DefaultDailyBonus)
					}
				case op < 18:
					err = s.Hold(ctx, guild, userOf(r), g.ID, int64(1+r.IntN(200)))
				case op < 22:
					err = s.Release(ctx, guild, userOf(r), g.ID)
				case op < 25:
					_, err = s.Balance(ctx, guild, userOf(r))
				default:
					reasons := []Reason{ReasonAnte, ReasonStake, ReasonPayout, ReasonRefund, ReasonEscrowHold, ReasonEscrowRelease}
					var moves []ChipMove
					for range 1 + r.IntN(3) {
						moves = append(moves, ChipMove{User: userOf(r), Reason: reasons[r.IntN(len(reasons))],
							Amount: int64(r.IntN(120))})
					}
					err = s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: seqs[gi] + 1, Data: []byte(`{}`),
						At: clock.Now()}, moves)
					if err == nil {
						seqs[gi]++
					}
				}
				if !allowed(err) {
					t.Errorf("worker %d: unexpected error: %v", w, err)
					return
				}
			}
		})
	}
	wg.Wait()
	close(stop)
	readerWG.Wait()

	granted, _ := checkLedger(t, s)
	var players [3]int64
	for gi, guild := range guilds {
		if err := s.rdb.QueryRow(`SELECT COUNT(*) FROM balances WHERE guild = ?`, guild).Scan(&players[gi]); err != nil {
			t.Fatal(err)
		}
		if want := players[gi]*startWith + adminGranted[gi].Load(); granted[guild] != want {
			t.Errorf("guild %s: ledger grants %d, want %d", guild, granted[guild], want)
		}
	}

	// Settling every game pays its pot out and releases every hold: then the balances
	// alone hold every chip ever granted.
	r := rand.New(rand.NewPCG(7, 7))
	games.Range(func(k, v any) bool {
		id := k.(string)
		g, err := s.Game(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		st := Settlement{}
		if g.Pot > 0 {
			st.Moves = []ChipMove{{User: userOf(r), Reason: ReasonPayout, Amount: g.Pot}}
		}
		if _, err := s.Settle(ctx, id, st); err != nil {
			t.Fatalf("settle %s: %v", id, err)
		}
		return true
	})
	checkLedger(t, s)
	for gi, guild := range guilds {
		var total, held int64
		if err := s.rdb.QueryRow(`SELECT SUM(balance), SUM(held) FROM balances WHERE guild = ?`, guild).Scan(&total, &held); err != nil {
			t.Fatal(err)
		}
		if want := players[gi]*startWith + adminGranted[gi].Load(); total != want || held != 0 {
			t.Errorf("guild %s after settling: total %d held %d, want %d and 0", guild, total, held, want)
		}
	}
	var actions int
	s.rdb.QueryRow(`SELECT COUNT(*) FROM actions`).Scan(&actions)
	if actions < 1000 {
		t.Errorf("only %d actions appended; the random mix should append thousands", actions)
	}
}
