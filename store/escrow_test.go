package store

import (
	"context"
	"errors"
	"testing"
)

func TestHoldRelease(t *testing.T) { eachBackend(t, testHoldRelease) }

func testHoldRelease(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "g", "u")

	if err := s.Hold(ctx, "g", "u", g.ID, 400); err != nil {
		t.Fatalf("Hold 400: %v", err)
	}
	if got := mustBalance(t, s, "g", "u"); got != (Balance{Total: 1000, Held: 400, Free: 600}) {
		t.Errorf("after hold = %+v, want 1000/400/600", got)
	}
	err := s.Hold(ctx, "g", "u", g.ID, 637)
	if !errors.Is(err, ErrInsufficientChips) {
		t.Fatalf("Hold 637: err = %v, want ErrInsufficientChips", err)
	}
	if short, _ := MissingChips(err); short != 37 {
		t.Errorf("missing = %d, want 37", short)
	}
	if held, err := s.Held(ctx, "g", "u", g.ID); err != nil || held != 400 {
		t.Errorf("Held = %d, %v; want 400", held, err)
	}
	// Another guild cannot touch this game.
	if err := s.Hold(ctx, "other", "u", g.ID, 1); !errors.Is(err, ErrNotFound) {
		t.Errorf("Hold from another guild: err = %v, want ErrNotFound", err)
	}
	if err := s.Release(ctx, "g", "u", g.ID); err != nil {
		t.Fatalf("Release: %v", err)
	}
	if got := mustBalance(t, s, "g", "u"); got != (Balance{Total: 1000, Free: 1000}) {
		t.Errorf("after release = %+v, want 1000 free", got)
	}
	if err := s.Release(ctx, "g", "u", g.ID); err != nil {
		t.Errorf("second Release: %v", err)
	}
	if err := s.Hold(ctx, "g", "u", "no-such-game", 1); !errors.Is(err, ErrNotFound) {
		t.Errorf("Hold for a missing game: err = %v, want ErrNotFound", err)
	}
	checkLedger(t, s)
}

// TestDebitDrawsFromHold checks that a player whose chips are all held for a game can
// still pay what they lose in it.
func TestDebitDrawsFromHold(t *testing.T) { eachBackend(t, testDebitDrawsFromHold) }

func testDebitDrawsFromHold(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	s.StartingGrant = 100
	g := newGame(t, s, "g", "a", "b")
	if err := s.Hold(ctx, "g", "a", g.ID, 100); err != nil {
		t.Fatal(err)
	}
	err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 1, Data: []byte(`"lose"`)},
		[]ChipMove{{User: "a", Reason: ReasonStake, Amount: 60}, {User: "b", Reason: ReasonPayout, Amount: 60}})
	if err != nil {
		t.Fatalf("AppendAction: %v", err)
	}
	if got := mustBalance(t, s, "g", "a"); got != (Balance{Total: 40, Held: 40, Free: 0}) {
		t.Errorf("a = %+v, want 40 total, 40 held", got)
	}
	if got := mustBalance(t, s, "g", "b"); got != (Balance{Total: 160, Free: 160}) {
		t.Errorf("b = %+v, want 160", got)
	}
	// Losing more than the hold and the free balance together is refused.
	err = s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 2, Data: []byte(`"lose"`)},
		[]ChipMove{{User: "a", Reason: ReasonStake, Amount: 45}})
	if short, ok := MissingChips(err); !ok || short != 5 {
		t.Errorf("over-debit: err = %v, missing %d; want 5 missing", err, short)
	}
	checkLedger(t, s)
}
