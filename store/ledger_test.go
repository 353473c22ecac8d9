package store

import (
	"context"
	"errors"
	"testing"
	"time"
)

func TestBalanceGrantsNewPlayersOnce(t *testing.T) { eachBackend(t, testBalanceGrantsNewPlayersOnce) }

func testBalanceGrantsNewPlayersOnce(t *testing.T) {
	s := openTest(t)
	s.StartingGrant = 500
	if got := mustBalance(t, s, "g1", "u1"); got != (Balance{Total: 500, Free: 500}) {
		t.Errorf("first Balance = %+v, want 500 free", got)
	}
	if got := mustBalance(t, s, "g1", "u1"); got.Total != 500 {
		t.Errorf("second Balance = %d, want 500 (granted once)", got.Total)
	}
	// Another guild is another account.
	if _, err := s.AdminGrant(context.Background(), "g2", "admin", "u1", 7); err != nil {
		t.Fatal(err)
	}
	if got := mustBalance(t, s, "g2", "u1"); got.Total != 507 {
		t.Errorf("g2 balance = %d, want 507", got.Total)
	}
	if got := mustBalance(t, s, "g1", "u1"); got.Total != 500 {
		t.Errorf("g1 balance after g2 grant = %d, want 500", got.Total)
	}
	checkLedger(t, s)
}

func TestClaimDaily(t *testing.T) { eachBackend(t, testClaimDaily) }

func testClaimDaily(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	clock := newFakeClock()
	s.Now = clock.Now

	b, err := s.ClaimDaily(ctx, "g", "u")
	if err != nil {
		t.Fatalf("first claim: %v", err)
	}
	if want := DefaultStartingGrant + DefaultDailyBonus; b.Total != want {
		t.Errorf("after first claim balance = %d, want %d", b.Total, want)
	}
	clock.Advance(19 * time.Hour)
	_, err = s.ClaimDaily(ctx, "g", "u")
	if !errors.Is(err, ErrDailyTooSoon) {
		t.Fatalf("claim after 19h: err = %v, want ErrDailyTooSoon", err)
	}
	next, ok := NextDaily(err)
	if want := newFakeClock().Now().Add(20 * time.Hour); !ok || !next.Equal(want) {
		t.Errorf("NextDaily = %v, %v; want %v, true", next, ok, want)
	}
	clock.Advance(time.Hour)
	if b, err = s.ClaimDaily(ctx, "g", "u"); err != nil {
		t.Fatalf("claim after 20h: %v", err)
	}
	if want := DefaultStartingGrant + 2*DefaultDailyBonus; b.Total != want {
		t.Errorf("after second claim balance = %d, want %d", b.Total, want)
	}
	// The interval is per guild.
	if _, err := s.ClaimDaily(ctx, "other", "u"); err != nil {
		t.Errorf("claim in another guild: %v", err)
	}
	checkLedger(t, s)
}

func TestAdminGrant(t *testing.T) { eachBackend(t, testAdminGrant) }

func testAdminGrant(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	tests := []struct {
		amount    int64
		want      int64
		wantErr   error
		wantShort int64
	}{
		{amount: 250, want: 1250},
		{amount: -1200, want: 50},
		{amount: -80, want: 50, wantErr: ErrInsufficientChips, wantShort: 30},
		{amount: -50, want: 0},
		{amount: 0, want: 0},
	}
	for _, tt := range tests {
		b, err := s.AdminGrant(ctx, "g", "admin", "u", tt.amount)
		if !errors.Is(err, tt.wantErr) {
			t.Fatalf("AdminGrant(%d) err = %v, want %v", tt.amount, err, tt.wantErr)
		}
		if err != nil {
			if short, ok := MissingChips(err); !ok || short != tt.wantShort {
				t.Errorf("AdminGrant(%d) missing = %d, %v; want %d", tt.amount, short, ok, tt.wantShort)
			}
			b = mustBalance(t, s, "g", "u")
		}
		if b.Total != tt.want {
			t.Errorf("AdminGrant(%d) balance = %d, want %d", tt.amount, b.Total, tt.want)
		}
	}
	var actor string
	if err := s.rdb.QueryRow(`SELECT actor FROM ledger WHERE reason = 'admin_grant' LIMIT 1`).Scan(&actor); err != nil || actor != "admin" {
		t.Errorf("ledger actor = %q (%v), want admin", actor, err)
	}
	checkLedger(t, s)
}

func TestLeaderboard(t *testing.T) { eachBackend(t, testLeaderboard) }

func testLeaderboard(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	for i, u := range []string{"a", "b", "c", "d"} {
		if _, err := s.AdminGrant(ctx, "g", "admin", u, int64(i*10)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := s.AdminGrant(ctx, "other", "admin", "rich", 1e6); err != nil {
		t.Fatal(err)
	}
	rows, err := s.Leaderboard(ctx, "g", 3)
	if err != nil {
		t.Fatal(err)
	}
	want := []LeaderRow{{1, "d", 1030}, {2, "c", 1020}, {3, "b", 1010}}
	if len(rows) != len(want) {
		t.Fatalf("Leaderboard = %+v, want %+v", rows, want)
	}
	for i := range want {
		if rows[i] != want[i] {
			t.Errorf("Leaderboard[%d] = %+v, want %+v", i, rows[i], want[i])
		}
	}
}
