package store

import (
	"context"
	"errors"
	"testing"
)

// playLaroGame holds each player's maximum loss, antes, and returns the game ready to
// settle: a, b and c each hold 5 + 15×2 = 35 and ante 5.
func playLaroGame(t *testing.T, s *Store) Game {
	t.Helper()
	ctx := context.Background()
	g := newGame(t, s, "g", "a", "b", "c")
	var moves []ChipMove
	for _, u := range []string{"a", "b", "c"} {
		moves = append(moves, ChipMove{User: u, Reason: ReasonEscrowHold, Amount: 35},
			ChipMove{User: u, Reason: ReasonAnte, Amount: 5})
	}
	if err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 1, Data: []byte(`"start"`)}, moves); err != nil {
		t.Fatal(err)
	}
	return g
}

// aWins is a's win with a 12-point hand at stake 2: b and c pay 24 each, a takes the pot.
var aWins = Settlement{
	Moves: []ChipMove{
		{User: "b", Reason: ReasonStake, Amount: 24},
		{User: "c", Reason: ReasonStake, Amount: 24},
		{User: "a", Reason: ReasonPayout, Amount: 15 + 48},
	},
	Laro: []LaroResult{{User: "a", Won: true, Points: 12}, {User: "b"}, {User: "c"}},
}

func checkAWon(t *testing.T, s *Store) {
	t.Helper()
	want := map[string]int64{"a": 1058, "b": 971, "c": 971}
	for u, total := range want {
		if b := mustBalance(t, s, "g", u); b != (Balance{Total: total, Free: total}) {
			t.Errorf("%s = %+v, want %d, nothing held", u, b, total)
		}
	}
	st, err := s.LaroStats(context.Background(), "g", "a")
	if err != nil {
		t.Fatal(err)
	}
	if want := (LaroStats{User: "a", Games: 1, Wins: 1, Points: 12, BiggestHand: 12, ChipsWon: 58}); st != want {
		t.Errorf("LaroStats(a) = %+v, want %+v", st, want)
	}
	st, _ = s.LaroStats(context.Background(), "g", "b")
	if want := (LaroStats{User: "b", Games: 1, ChipsLost: 29}); st != want {
		t.Errorf("LaroStats(b) = %+v, want %+v", st, want)
	}
	checkLedger(t, s)
}

func TestSettleWithFinalActionIsIdempotent(t *testing.T) {
	eachBackend(t, testSettleWithFinalActionIsIdempotent)
}

func testSettleWithFinalActionIsIdempotent(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := playLaroGame(t, s)
	st := aWins
	final := ActionRecord{GameID: g.ID, Seq: 2, Data: []byte(`"win"`), Settle: &st}
	if err := s.AppendAction(ctx, final, nil); err != nil {
		t.Fatalf("final action: %v", err)
	}
	// The same request again, and a settlement without an action, pay nothing.
	if err := s.AppendAction(ctx, final, nil); err == nil {
		t.Error("final action appended twice")
	}
	if settled, err := s.Settle(ctx, g.ID, aWins); err != nil || settled {
		t.Errorf("Settle after final action = %v, %v; want false, nil", settled, err)
	}
	if got, _ := s.Game(ctx, g.ID); got.Status != StatusFinished || got.Pot != 0 {
		t.Errorf("game = %s pot %d, want finished, 0", got.Status, got.Pot)
	}
	if ok, _ := s.Settled(ctx, g.ID); !ok {
		t.Error("Settled = false, want true")
	}
	checkAWon(t, s)
}

func TestSettleIsIdempotent(t *testing.T) { eachBackend(t, testSettleIsIdempotent) }

func testSettleIsIdempotent(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := playLaroGame(t, s)
	for i, want := range []bool{true, false, false} {
		settled, err := s.Settle(ctx, g.ID, aWins)
		if err != nil || settled != want {
			t.Fatalf("Settle #%d = %v, %v; want %v, nil", i+1, settled, err, want)
		}
	}
	checkAWon(t, s)
}

func TestSettleMustEmptyThePot(t *testing.T) { eachBackend(t, testSettleMustEmptyThePot) }

func testSettleMustEmptyThePot(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := playLaroGame(t, s)
	_, err := s.Settle(ctx, g.ID, Settlement{Moves: []ChipMove{{User: "a", Reason: ReasonRefund, Amount: 5}}})
	if !errors.Is(err, ErrPotNotEmpty) {
		t.Fatalf("partial refund settlement: err = %v, want ErrPotNotEmpty", err)
	}
	// Nothing of the failed settlement stayed: a correct one still works.
	refunds := Settlement{Status: StatusCancelled}
	for _, u := range []string{"a", "b", "c"} {
		refunds.Moves = append(refunds.Moves, ChipMove{User: u, Reason: ReasonRefund, Amount: 5})
	}
	if settled, err := s.Settle(ctx, g.ID, refunds); err != nil || !settled {
		t.Fatalf("refund settlement = %v, %v", settled, err)
	}
	for _, u := range []string{"a", "b", "c"} {
		if b := mustBalance(t, s, "g", u); b != (Balance{Total: 1000, Free: 1000}) {
			t.Errorf("%s = %+v, want 1000 free", u, b)
		}
	}
	if got, _ := s.Game(ctx, g.ID); got.Status != StatusCancelled {
		t.Errorf("status = %s, want cancelled", got.Status)
	}
	checkLedger(t, s)
}
