package store

import (
	"context"
	"sync"
	"testing"
	"time"
)

// fakeClock is a settable clock for Store.Now.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newFakeClock() *fakeClock {
	return &fakeClock{t: time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// newGame creates a playing Laro game in guild with the given human seats.
func newGame(t testing.TB, s *Store, guild string, users ...string) Game {
	t.Helper()
	var seats []Seat
	for _, u := range users {
		seats = append(seats, Seat{User: u})
	}
	g, err := s.CreateGame(context.Background(), Game{
		Kind: KindLaro, Guild: guild, Channel: "chan-" + guild, Host: users[0],
		Seats: seats, Status: StatusPlaying, Seed: []byte{1, 2, 3},
	})
	if err != nil {
		t.Fatalf("CreateGame: %v", err)
	}
	return g
}

func mustBalance(t testing.TB, s *Store, guild, user string) Balance {
	t.Helper()
	b, err := s.Balance(context.Background(), guild, user)
	if err != nil {
		t.Fatalf("Balance(%s, %s): %v", guild, user, err)
	}
	return b
}

// checkLedger verifies the store's accounting invariants over the whole database:
// balances equal their ledger sums, held equals escrow, nothing is negative, and no
// movement of a game is booked in another guild. It returns per-guild totals of chips
// granted and chips present (balances plus pots).
func checkLedger(t testing.TB, s *Store) (granted, present map[string]int64) {
	t.Helper()
	ctx := context.Background()
	q := func(query string) int64 {
		t.Helper()
		var n int64
		if err := s.rdb.QueryRowContext(ctx, query).Scan(&n); err != nil {
			t.Fatalf("%s: %v", query, err)
		}
		return n
	}
	if n := q(`SELECT COUNT(*) FROM balances WHERE balance < 0 OR held < 0 OR held > balance`); n != 0 {
		t.Errorf("%d balances negative or over-held", n)
	}
	if n := q(`SELECT COUNT(*) FROM balances b WHERE balance != (SELECT COALESCE(SUM(delta), 0) FROM ledger l
		WHERE l.guild = b.guild AND l.user_id = b.user_id)`); n != 0 {
		t.Errorf("%d balances differ from their ledger sum", n)
	}
	if n := q(`SELECT COUNT(*) FROM balances b WHERE held != (SELECT COALESCE(SUM(held_delta), 0) FROM ledger l
		WHERE l.guild = b.guild AND l.user_id = b.user_id)`); n != 0 {
		t.Errorf("%d held amounts differ from their ledger sum", n)
	}
	if n := q(`SELECT COUNT(*) FROM balances b WHERE held != (SELECT COALESCE(SUM(amount), 0) FROM escrow e
		WHERE e.guild = b.guild AND e.user_id = b.user_id)`); n != 0 {
		t.Errorf("%d held amounts differ from escrow", n)
	}
	if n := q(`SELECT COUNT(*) FROM ledger l JOIN games g ON g.id = l.game_id WHERE l.guild != g.guild`); n != 0 {
		t.Errorf("%d ledger rows booked in another guild than their game", n)
	}
	if n := q(`SELECT COUNT(*) FROM escrow e JOIN games g ON g.id = e.game_id WHERE e.guild != g.guild`); n != 0 {
		t.Errorf("%d escrow rows in another guild than their game", n)
	}
	if n := q(`SELECT COUNT(*) FROM games g WHERE pot != -(SELECT COALESCE(SUM(delta), 0) FROM ledger l
		WHERE l.game_id = g.id)`); n != 0 {
		t.Errorf("%d game pots differ from their ledger movements", n)
	}
	// game_nets holds exactly the per-player sums of each game's ledger rows: compared
	// both ways, so a missing row and a stray one both show.
	if n := q(`SELECT COUNT(*) FROM (
		SELECT game_id, guild, user_id, SUM(delta) AS net FROM ledger
		WHERE game_id IS NOT NULL GROUP BY game_id, guild, user_id HAVING SUM(delta) != 0
		EXCEPT SELECT game_id, guild, user_id, net FROM game_nets) AS d`); n != 0 {
		t.Errorf("%d games' ledger sums per player missing from game_nets", n)
	}
	if n := q(`SELECT COUNT(*) FROM game_nets n WHERE net != (SELECT COALESCE(SUM(delta), 0) FROM ledger l
		WHERE l.game_id = n.game_id AND l.guild = n.guild AND l.user_id = n.user_id)`); n != 0 {
		t.Errorf("%d game_nets rows differ from their ledger sum", n)
	}
	granted, present = map[string]int64{}, map[string]int64{}
	rows, err := s.rdb.QueryContext(ctx, `SELECT guild, SUM(delta) FROM ledger
		WHERE reason IN ('grant', 'daily', 'admin_grant') GROUP BY guild`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var g string
		var n int64
		if err := rows.Scan(&g, &n); err != nil {
			t.Fatal(err)
		}
		granted[g] = n
	}
	rows.Close()
	rows, err = s.rdb.QueryContext(ctx, `SELECT guild, SUM(n) FROM (
		SELECT guild, balance AS n FROM balances UNION ALL SELECT guild, pot FROM games) AS c GROUP BY guild`)
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var g string
		var n int64
		if err := rows.Scan(&g, &n); err != nil {
			t.Fatal(err)
		}
		if n != 0 || granted[g] != 0 {
			present[g] = n
		}
	}
	rows.Close()
	for g, n := range granted {
		if present[g] != n {
			t.Errorf("guild %s: %d chips present, %d granted", g, present[g], n)
		}
	}
	return granted, present
}
