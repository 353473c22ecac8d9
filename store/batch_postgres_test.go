package store

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"
)

// TestSetAppendMatchesActionByAction: batches written by the set-based statements on
// PostgreSQL (appendSet) leave exactly what the same batches leave written action by
// action under savepoints: balances, holds, pots, ledger rows, logs and games' state,
// through antes paid from holds, releases of all, deadlines set and cleared, and actions
// that do not qualify (a game twice in a batch, a hold read after it changed). On SQLite
// both runs take the one path, and the comparison still holds.
func TestSetAppendMatchesActionByAction(t *testing.T) {
	eachBackend(t, func(t *testing.T) {
		set, one := openTest(t), openTest(t)
		setWrote := 0
		set.observeSet = func(n int) { setWrote += n } // the test's goroutine runs the batches
		for _, s := range []*Store{set, one} {
			clock := newFakeClock()
			s.Now = clock.Now
		}
		ctx := context.Background()
		const games = 6
		var ids []string
		players := map[string][]string{}
		for i := range games {
			users := []string{fmt.Sprintf("a%d", i), fmt.Sprintf("b%d", i), fmt.Sprintf("c%d", i)}
			var g Game
			for _, s := range []*Store{set, one} {
				var seats []Seat
				for _, u := range users {
					seats = append(seats, Seat{User: u})
				}
				var err error
				g, err = s.CreateGame(ctx, Game{ID: fmt.Sprintf("game%d", i), Kind: KindLaro, Guild: fmt.Sprintf("g%d", i%2),
					Channel: "c", Host: users[0], Seats: seats, Status: StatusPlaying, Seed: []byte{1}})
				if err != nil {
					t.Fatal(err)
				}
			}
			ids = append(ids, g.ID)
			for _, s := range []*Store{set, one} {
				for _, u := range users {
					mustBalance(t, s, g.Guild, u) // the guild has seen them, as when they join
				}
			}
			players[g.ID] = users
		}
		at := time.UnixMilli(1_700_000_000_000)
		seq := map[string]int64{}
		for round := range 12 {
			var batch []*appendReq
			for i, id := range ids {
				seq[id]++
				rec := ActionRecord{GameID: id, Seq: seq[id], Data: []byte(fmt.Sprintf(`{"r":%d}`, round)), At: at}
				switch (round + i) % 4 {
				case 1:
					rec.Deadline = &Deadline{At: at.Add(time.Minute), Kind: "turn"}
				case 2:
					rec.Deadline = &Deadline{} // cleared
				}
				moves := crashMoves(players[id], seq[id])
				if round%5 == 4 && i == 0 {
					// A hold, then an ante of the same player reading it: not plain.
					moves = append([]ChipMove{{User: players[id][0], Reason: ReasonEscrowHold, Amount: 3}},
						ChipMove{User: players[id][0], Reason: ReasonAnte, Amount: 2})
				}
				batch = append(batch, &appendReq{ctx: ctx, rec: rec, moves: moves, done: make(chan error, 1)})
				if round%3 == 2 && i == 1 {
					// The same game twice in one batch.
					seq[id]++
					again := rec
					again.Seq, again.Deadline = seq[id], nil
					batch = append(batch, &appendReq{ctx: ctx, rec: again, moves: crashMoves(players[id], seq[id]), done: make(chan error, 1)})
				}
			}
			for _, run := range []struct {
				s          *Store
				savepoints bool
			}{{set, false}, {one, true}} {
				var cp []*appendReq
				for _, r := range batch {
					c := *r
					cp = append(cp, &c)
				}
				errs, err := run.s.commitBatch(run.s.lanes[0], cp, run.savepoints)
				if err != nil {
					t.Fatalf("round %d (savepoints %v): %v", round, run.savepoints, err)
				}
				for i, e := range errs {
					if e != nil {
						t.Fatalf("round %d (savepoints %v): action %d: %v", round, run.savepoints, i, e)
					}
				}
			}
		}
		if onPostgres(t) && setWrote < 12*games/2 {
			t.Errorf("appendSet wrote %d of the %d actions, want most", setWrote, 12*games)
		}
		for _, q := range []string{
			`SELECT guild || ' ' || user_id || ' ' || balance || ' ' || held FROM balances ORDER BY guild, user_id`,
			`SELECT game_id || ' ' || user_id || ' ' || amount FROM escrow ORDER BY game_id, user_id`,
			`SELECT id || ' ' || last_seq || ' ' || status || ' ' || pot || ' ' || COALESCE(CAST(deadline AS TEXT), '-') || ' ' || deadline_kind || ' ' || updated_at FROM games ORDER BY id`,
			`SELECT game_id || ' ' || seq || ' ' || data || ' ' || at FROM actions ORDER BY game_id, seq`,
			`SELECT guild || ' ' || user_id || ' ' || delta || ' ' || held_delta || ' ' || reason || ' ' || COALESCE(game_id, '') || ' ' || COALESCE(CAST(action_seq AS TEXT), '') FROM ledger ORDER BY guild, user_id, game_id, action_seq, reason, delta, held_delta`,
		} {
			a, b := dump(t, set, q), dump(t, one, q)
			if !slices.Equal(a, b) {
				t.Errorf("%s\nset-based:\n%v\naction by action:\n%v", q, a, b)
			}
			if len(a) == 0 {
				t.Errorf("%s: no rows", q)
			}
		}
	})
}

// dump returns the rows of a one-column query.
func dump(t *testing.T, s *Store, q string) []string {
	t.Helper()
	rows, err := s.rdb.Query(q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var v string
		if err := rows.Scan(&v); err != nil {
			t.Fatal(err)
		}
		out = append(out, v)
	}
	return out
}
