package store

import (
	"context"
	"testing"
	"time"
)

// TestChipHistory walks a player's balance back from the ledger: grants
// one point each, a game's movements one point together, holds none.
func TestChipHistory(t *testing.T) { eachBackend(t, testChipHistory) }

func testChipHistory(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	clock := newFakeClock()
	s.Now = clock.Now
	if pts, err := s.ChipHistory(ctx, "g", "u", 10); err != nil || len(pts) != 0 {
		t.Fatalf("unknown player: %v, %v; want none", pts, err)
	}
	if _, err := s.AdminGrant(ctx, "g", "admin", "u", 200); err != nil { // 1000 grant, then +200
		t.Fatal(err)
	}
	clock.Advance(time.Hour)
	g := newGame(t, s, "g", "u", "v")
	if err := s.Hold(ctx, "g", "u", g.ID, 100); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 1, Data: []byte("start")},
		[]ChipMove{{User: "u", Reason: ReasonAnte, Amount: 10}}); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Minute)
	if err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 2, Data: []byte("win")},
		[]ChipMove{{User: "u", Reason: ReasonStake, Amount: 30}}); err != nil {
		t.Fatal(err)
	}
	clock.Advance(time.Hour)
	if _, err := s.AdminGrant(ctx, "g", "admin", "u", 5); err != nil {
		t.Fatal(err)
	}
	pts, err := s.ChipHistory(ctx, "g", "u", 10)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	want := []ChipPoint{
		{At: start, Balance: 1000},
		{At: start, Balance: 1200},
		{At: start.Add(time.Hour + time.Minute), Balance: 1160},
		{At: start.Add(2*time.Hour + time.Minute), Balance: 1165},
	}
	if len(pts) != len(want) {
		t.Fatalf("history = %v, want %v", pts, want)
	}
	for i := range want {
		if !pts[i].At.Equal(want[i].At) || pts[i].Balance != want[i].Balance {
			t.Errorf("point %d = %v, want %v", i, pts[i], want[i])
		}
	}
	last2, err := s.ChipHistory(ctx, "g", "u", 2)
	if err != nil || len(last2) != 2 || last2[0].Balance != 1160 || last2[1].Balance != 1165 {
		t.Errorf("latest 2 = %v, %v; want 1160 then 1165", last2, err)
	}
}
