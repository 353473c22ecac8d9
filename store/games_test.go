package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

func TestGameLifecycle(t *testing.T) { eachBackend(t, testGameLifecycle) }

func testGameLifecycle(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	clock := newFakeClock()
	s.Now = clock.Now

	g, err := s.CreateGame(ctx, Game{
		Kind: KindLaro, Guild: "g", Channel: "c", Host: "h", TableID: "t1",
		Settings: json.RawMessage(`{"stake":2,"ante":5}`), Seed: []byte("seed-32-bytes"),
		Seats: []Seat{{User: "h"}, {Computer: true}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if g.ID == "" || g.Status != StatusLobby {
		t.Fatalf("CreateGame = id %q status %s, want an id and lobby", g.ID, g.Status)
	}
	if _, err := s.Game(ctx, "missing"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Game(missing): err = %v, want ErrNotFound", err)
	}

	msg := "m-1"
	playing := StatusPlaying
	deadline := Deadline{At: clock.Now().Add(30 * time.Second), Kind: "turn"}
	if _, err := s.UpdateGame(ctx, g.ID, GameUpdate{MessageID: &msg, Status: &playing, Deadline: &deadline}); err != nil {
		t.Fatal(err)
	}

	at := clock.Now().Add(-time.Second)
	for seq := int64(1); seq <= 3; seq++ {
		rec := ActionRecord{GameID: g.ID, Seq: seq, Data: fmt.Appendf(nil, `{"n":%d}`, seq), At: at}
		if seq == 3 {
			rec.Deadline = &Deadline{At: clock.Now().Add(time.Minute), Kind: "claim"}
		}
		if err := s.AppendAction(ctx, rec, nil); err != nil {
			t.Fatalf("AppendAction %d: %v", seq, err)
		}
	}
	// A duplicated request, or one that skips a seq, changes nothing.
	for _, seq := range []int64{3, 1, 5} {
		err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: seq, Data: []byte(`{}`)}, nil)
		if !errors.Is(err, ErrSeqConflict) {
			t.Errorf("AppendAction seq %d: err = %v, want ErrSeqConflict", seq, err)
		}
	}

	got, acts, err := s.LoadGame(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.MessageID != "m-1" || got.Status != StatusPlaying || got.LastSeq != 3 || got.TableID != "t1" ||
		string(got.Settings) != `{"stake":2,"ante":5}` || string(got.Seed) != "seed-32-bytes" ||
		len(got.Seats) != 2 || !got.Seats[1].Computer || got.Seats[0].User != "h" {
		t.Errorf("LoadGame = %+v", got)
	}
	if want := clock.Now().Add(time.Minute); got.Deadline.Kind != "claim" || !got.Deadline.At.Equal(want) {
		t.Errorf("deadline = %+v, want claim at %v", got.Deadline, want)
	}
	if len(acts) != 3 {
		t.Fatalf("got %d actions, want 3", len(acts))
	}
	for i, a := range acts {
		if a.Seq != int64(i+1) || string(a.Data) != fmt.Sprintf(`{"n":%d}`, i+1) || !a.At.Equal(at) {
			t.Errorf("action %d = seq %d data %s at %v", i, a.Seq, a.Data, a.At)
		}
	}
	if later, err := s.Actions(ctx, g.ID, 2); err != nil || len(later) != 1 || later[0].Seq != 3 {
		t.Errorf("Actions after 2 = %+v, %v; want seq 3", later, err)
	}

	// The final action closes the game; afterwards nothing more is appended.
	if err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 4, Data: []byte(`{}`),
		Status: StatusFinished, Deadline: &Deadline{}}, nil); err != nil {
		t.Fatal(err)
	}
	if err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 5, Data: []byte(`{}`)}, nil); !errors.Is(err, ErrGameClosed) {
		t.Errorf("append after finish: err = %v, want ErrGameClosed", err)
	}
	if got, _ := s.Game(ctx, g.ID); !got.Deadline.At.IsZero() || got.Status != StatusFinished {
		t.Errorf("after finish: %+v, want finished, no deadline", got)
	}
	lobby := StatusLobby
	if _, err := s.UpdateGame(ctx, g.ID, GameUpdate{Status: &lobby}); !errors.Is(err, ErrGameClosed) {
		t.Errorf("reopening a finished game: err = %v, want ErrGameClosed", err)
	}
	if err := s.AppendAction(ctx, ActionRecord{GameID: "missing", Seq: 1}, nil); !errors.Is(err, ErrNotFound) {
		t.Errorf("append to a missing game: err = %v, want ErrNotFound", err)
	}
}

func TestLiveGames(t *testing.T) { eachBackend(t, testLiveGames) }

func testLiveGames(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	lobby := newGame(t, s, "g1", "a")
	lobbyStatus := StatusLobby
	if _, err := s.UpdateGame(ctx, lobby.ID, GameUpdate{Status: &lobbyStatus}); err != nil {
		t.Fatal(err)
	}
	playing := newGame(t, s, "g2", "b")
	done := newGame(t, s, "g1", "c")
	cancelled := StatusCancelled
	if _, err := s.UpdateGame(ctx, done.ID, GameUpdate{Status: &cancelled}); err != nil {
		t.Fatal(err)
	}
	live, err := s.LiveGames(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(live) != 2 || live[0].ID != lobby.ID || live[1].ID != playing.ID {
		t.Errorf("LiveGames = %+v, want [%s %s]", live, lobby.ID, playing.ID)
	}
}

// TestAppendIsAtomic checks that an action whose chip movement fails is not appended,
// and that none of its other movements stays.
func TestAppendIsAtomic(t *testing.T) { eachBackend(t, testAppendIsAtomic) }

func testAppendIsAtomic(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "g", "a", "b")
	err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 1, Data: []byte(`"ante"`)}, []ChipMove{
		{User: "a", Reason: ReasonAnte, Amount: 10},
		{User: "b", Reason: ReasonAnte, Amount: 5000},
	})
	if short, ok := MissingChips(err); !ok || short != 4000 {
		t.Fatalf("err = %v (missing %d), want 4000 missing", err, short)
	}
	got, acts, _ := s.LoadGame(ctx, g.ID)
	if len(acts) != 0 || got.LastSeq != 0 || got.Pot != 0 {
		t.Errorf("after failed append: %d actions, last seq %d, pot %d; want none", len(acts), got.LastSeq, got.Pot)
	}
	if b := mustBalance(t, s, "g", "a"); b.Total != 1000 {
		t.Errorf("a = %d, want 1000 (ante rolled back)", b.Total)
	}
	err = s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 1, Data: []byte(`"pay"`)},
		[]ChipMove{{User: "a", Reason: ReasonPayout, Amount: 1}})
	if !errors.Is(err, ErrPotOverdrawn) {
		t.Errorf("payout from an empty pot: err = %v, want ErrPotOverdrawn", err)
	}
	err = s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 1, Data: []byte(`"x"`)},
		[]ChipMove{{User: "a", Reason: ReasonDaily, Amount: 1}})
	if !errors.Is(err, ErrInvalid) {
		t.Errorf("grant as a game move: err = %v, want ErrInvalid", err)
	}
	checkLedger(t, s)
}

// TestBatchIsolatesFailures runs a batch directly, so that its members surely share a
// transaction, and checks that a failing action fails alone.
func TestBatchIsolatesFailures(t *testing.T) { eachBackend(t, testBatchIsolatesFailures) }

func testBatchIsolatesFailures(t *testing.T) {
	s := openTest(t)
	g1 := newGame(t, s, "g", "a")
	g2 := newGame(t, s, "g", "b")
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	mk := func(ctx context.Context, g Game, seq int64, moves ...ChipMove) *appendReq {
		return &appendReq{ctx: ctx, rec: ActionRecord{GameID: g.ID, Seq: seq, Data: []byte(`{}`)},
			moves: moves, done: make(chan error, 1)}
	}
	ctx := context.Background()
	batch := []*appendReq{
		mk(ctx, g1, 1, ChipMove{User: "a", Reason: ReasonAnte, Amount: 10}),
		mk(ctx, g2, 1, ChipMove{User: "b", Reason: ReasonAnte, Amount: 10}),
		mk(ctx, g1, 1), // duplicate seq within the batch
		mk(ctx, g2, 2, ChipMove{User: "b", Reason: ReasonAnte, Amount: 99999}),
		mk(cancelled, g2, 2),
		mk(ctx, g2, 2, ChipMove{User: "b", Reason: ReasonRefund, Amount: 10}),
	}
	s.runBatch(s.lanes[0], batch)
	wantErrs := []error{nil, nil, ErrSeqConflict, ErrInsufficientChips, context.Canceled, nil}
	for i, r := range batch {
		if err := <-r.done; !errors.Is(err, wantErrs[i]) || (err == nil) != (wantErrs[i] == nil) {
			t.Errorf("batch[%d] err = %v, want %v", i, err, wantErrs[i])
		}
	}
	if g, _ := s.Game(ctx, g2.ID); g.LastSeq != 2 || g.Pot != 0 {
		t.Errorf("g2 last seq %d pot %d, want 2 and 0", g.LastSeq, g.Pot)
	}
	if g, _ := s.Game(ctx, g1.ID); g.LastSeq != 1 || g.Pot != 10 {
		t.Errorf("g1 last seq %d pot %d, want 1 and 10", g.LastSeq, g.Pot)
	}
	checkLedger(t, s)
}

// TestConcurrentDuplicateAppends sends the same action from many goroutines at once, as
// a retried interaction might: exactly one is stored.
func TestConcurrentDuplicateAppends(t *testing.T) { eachBackend(t, testConcurrentDuplicateAppends) }

func testConcurrentDuplicateAppends(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "g", "a")
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok := 0
	for range 16 {
		wg.Go(func() {
			err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 1, Data: []byte(`"ante"`)},
				[]ChipMove{{User: "a", Reason: ReasonAnte, Amount: 10}})
			if err == nil {
				mu.Lock()
				ok++
				mu.Unlock()
			} else if !errors.Is(err, ErrSeqConflict) {
				t.Errorf("duplicate append: %v", err)
			}
		})
	}
	wg.Wait()
	if ok != 1 {
		t.Errorf("%d appends succeeded, want 1", ok)
	}
	if b := mustBalance(t, s, "g", "a"); b.Total != 990 {
		t.Errorf("balance = %d, want 990 (one ante)", b.Total)
	}
}

// TestClosingReleasesEscrow checks that a closed game never keeps chips: holds are
// released, and a game with chips in its pot cannot close without paying them out.
func TestClosingReleasesEscrow(t *testing.T) { eachBackend(t, testClosingReleasesEscrow) }

func testClosingReleasesEscrow(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	g := newGame(t, s, "g", "a", "b")
	if err := s.Hold(ctx, "g", "a", g.ID, 100); err != nil {
		t.Fatal(err)
	}
	cancelled := StatusCancelled
	if _, err := s.UpdateGame(ctx, g.ID, GameUpdate{Status: &cancelled}); err != nil {
		t.Fatal(err)
	}
	if b := mustBalance(t, s, "g", "a"); b.Held != 0 {
		t.Errorf("held after cancel = %d, want 0", b.Held)
	}

	g = newGame(t, s, "g", "a", "b")
	if err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 1, Data: []byte(`"ante"`)},
		[]ChipMove{{User: "a", Reason: ReasonAnte, Amount: 5}}); err != nil {
		t.Fatal(err)
	}
	if _, err := s.UpdateGame(ctx, g.ID, GameUpdate{Status: &cancelled}); !errors.Is(err, ErrPotNotEmpty) {
		t.Errorf("closing with chips in the pot via UpdateGame: err = %v, want ErrPotNotEmpty", err)
	}
	err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 2, Data: []byte(`"quit"`), Status: StatusCancelled}, nil)
	if !errors.Is(err, ErrPotNotEmpty) {
		t.Errorf("closing with chips in the pot via AppendAction: err = %v, want ErrPotNotEmpty", err)
	}
	if err := s.AppendAction(ctx, ActionRecord{GameID: g.ID, Seq: 2, Data: []byte(`"quit"`), Status: StatusCancelled},
		[]ChipMove{{User: "a", Reason: ReasonRefund, Amount: 5}}); err != nil {
		t.Errorf("closing after the refund: %v", err)
	}
	checkLedger(t, s)
}
