package store

import (
	"context"
	"errors"
	"testing"
)

func TestAbandonGameRefundsThePotAndReleasesEscrow(t *testing.T) {
	eachBackend(t, testAbandonGameRefundsThePotAndReleasesEscrow)
}

func testAbandonGameRefundsThePotAndReleasesEscrow(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := playLaroGame(t, s) // a, b and c hold 35 and paid a 5 ante each
	if got, _ := s.Game(ctx, g.ID); got.Pot != 15 {
		t.Fatalf("pot before = %d, want 15", got.Pot)
	}
	ok, err := s.AbandonGame(ctx, g.ID, Closure{By: "mod", Reason: "closed by a moderator"})
	if err != nil || !ok {
		t.Fatalf("AbandonGame = %v, %v; want true, nil", ok, err)
	}
	for _, u := range []string{"a", "b", "c"} {
		if b := mustBalance(t, s, "g", u); b != (Balance{Total: 1000, Free: 1000}) {
			t.Errorf("%s = %+v, want the starting 1000, nothing held", u, b)
		}
	}
	got, _ := s.Game(ctx, g.ID)
	if got.Status != StatusCancelled || got.Pot != 0 {
		t.Errorf("game = %s pot %d, want cancelled, 0", got.Status, got.Pot)
	}
	c, err := s.GameClosure(ctx, g.ID)
	if err != nil || c.By != "mod" || c.Reason != "closed by a moderator" || c.At.IsZero() {
		t.Errorf("GameClosure = %+v, %v", c, err)
	}
	checkLedger(t, s)

	// A second close (say the channel is deleted as the moderator closes it) changes nothing.
	if ok, err := s.AbandonGame(ctx, g.ID, Closure{Reason: "channel deleted"}); err != nil || ok {
		t.Errorf("second AbandonGame = %v, %v; want false, nil", ok, err)
	}
	if c2, _ := s.GameClosure(ctx, g.ID); c2.Reason != "closed by a moderator" {
		t.Errorf("closure after second abandon = %+v, want the first one kept", c2)
	}
}

func TestAbandonGameRefusesWhatItCannotClose(t *testing.T) {
	eachBackend(t, testAbandonGameRefusesWhatItCannotClose)
}

func testAbandonGameRefusesWhatItCannotClose(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := playLaroGame(t, s)
	if _, err := s.AbandonGame(ctx, g.ID, Closure{}); !errors.Is(err, ErrInvalid) {
		t.Errorf("abandon without a reason: err = %v, want ErrInvalid", err)
	}
	if _, err := s.AbandonGame(ctx, "no-such-game", Closure{Reason: "x"}); !errors.Is(err, ErrNotFound) {
		t.Errorf("abandon of a missing game: err = %v, want ErrNotFound", err)
	}
	if _, err := s.GameClosure(ctx, g.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("closure of a game still playing: err = %v, want ErrNotFound", err)
	}
	// A finished game stays finished: its payouts are final.
	st := aWins
	if err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 2, Data: []byte(`"win"`), Settle: &st}, nil); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.AbandonGame(ctx, g.ID, Closure{Reason: "late close"}); err != nil || ok {
		t.Errorf("abandon of a finished game = %v, %v; want false, nil", ok, err)
	}
	checkAWon(t, s)
}

func TestAbandonGameInTheLobbyReleasesHolds(t *testing.T) {
	eachBackend(t, testAbandonGameInTheLobbyReleasesHolds)
}

func testAbandonGameInTheLobbyReleasesHolds(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "g", "a", "b")
	if err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 1, Data: []byte(`"hold"`)},
		[]ChipMove{{User: "a", Reason: ReasonEscrowHold, Amount: 50}}); err != nil {
		t.Fatal(err)
	}
	if ok, err := s.AbandonGame(ctx, g.ID, Closure{Reason: "channel deleted"}); err != nil || !ok {
		t.Fatalf("AbandonGame = %v, %v", ok, err)
	}
	if b := mustBalance(t, s, "g", "a"); b != (Balance{Total: 1000, Free: 1000}) {
		t.Errorf("a = %+v, want 1000 free", b)
	}
}
