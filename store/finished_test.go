package store

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"
)

func TestRecentlyFinishedGames(t *testing.T) { eachBackend(t, testRecentlyFinishedGames) }

func testRecentlyFinishedGames(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	clock := newFakeClock()
	s.Now = clock.Now
	now := clock.Now()
	open := Deadline{At: now.Add(10 * time.Minute), Kind: "idle"}

	// game creates a game of table in status, or finished with deadline dl.
	game := func(table string, status Status, dl Deadline) Game {
		t.Helper()
		g, err := s.CreateGame(ctx, Game{
			TableID: table, Kind: KindLaro, Guild: "g", Channel: "c", Host: "h",
			Seats: []Seat{{User: "h"}, {User: "o"}}, Status: StatusPlaying,
		})
		if err != nil {
			t.Fatal(err)
		}
		clock.Advance(time.Second) // created_at orders a table's games
		switch status {
		case StatusFinished:
			rec := ActionRecord{GameID: g.ID, Seq: 1, Data: []byte("end"), At: now, Status: StatusFinished, Deadline: &dl}
			if err := s.AppendAction(ctx, rec, nil); err != nil {
				t.Fatal(err)
			}
		case StatusCancelled, StatusLobby:
			if _, err := s.UpdateGame(ctx, g.ID, GameUpdate{Status: &status}); err != nil {
				t.Fatal(err)
			}
		}
		return g
	}

	open1 := game("open", StatusFinished, open)
	game("closed", StatusFinished, Deadline{At: now.Add(-time.Minute), Kind: "idle"})
	game("cleared", StatusFinished, Deadline{}) // a game that ended before tables outlived their games
	game("turn", StatusFinished, Deadline{At: now.Add(time.Minute), Kind: "turn"})
	game("again", StatusFinished, open)
	again2 := game("again", StatusFinished, Deadline{At: open.At.Add(time.Minute), Kind: "idle"})
	game("playing", StatusFinished, open)
	game("playing", StatusPlaying, Deadline{})
	game("lobby", StatusFinished, open)
	game("lobby", StatusLobby, Deadline{})
	undone := game("undone", StatusFinished, open)
	game("undone", StatusCancelled, Deadline{}) // Play again, refused: the table stays after its game

	got, err := s.RecentlyFinishedGames(ctx, now)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, g := range got {
		ids = append(ids, g.TableID+"/"+g.ID)
		if g.Status != StatusFinished || g.Deadline.Kind != "idle" || !g.Deadline.At.After(now) {
			t.Errorf("game %s: status %s, deadline %+v; want finished, with an idle deadline after %v", g.ID, g.Status, g.Deadline, now)
		}
	}
	want := []string{"open/" + open1.ID, "again/" + again2.ID, "undone/" + undone.ID}
	if !slices.Equal(ids, want) {
		t.Errorf("RecentlyFinishedGames = %v, want %v", ids, want)
	}

	// Once the deadline has passed, the table is closed.
	clock.Advance(time.Hour)
	got, err = s.RecentlyFinishedGames(ctx, now.Add(time.Hour))
	if err != nil || len(got) != 0 {
		t.Errorf("an hour later: RecentlyFinishedGames = %d games (%v), want none", len(got), err)
	}
}

// BenchmarkRecentlyFinishedGames measures the query a restart makes for the
// tables still open after their game, in a store that holds 100,000
// finished games (the query reads every finished game's row: there is no
// index on the deadline) of which 200 are within their after-game time.
//
//	go test ./store -run '^$' -bench RecentlyFinished
func BenchmarkRecentlyFinishedGames(b *testing.B) {
	const games, open = 100_000, 200
	ctx := context.Background()
	s := openTest(b)
	now := time.Now()
	tx, err := s.wdb.BeginTx(ctx, nil)
	if err != nil {
		b.Fatal(err)
	}
	for i := range games {
		dl := now.Add(-time.Duration(i) * time.Minute)
		if i < open {
			dl = now.Add(time.Duration(i+1) * time.Second)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO games (id, table_id, kind, guild, channel, host, settings, seats, status,
			deadline, deadline_kind, created_at, updated_at) VALUES (?, ?, 'laro', 'g', 'c', 'h', '{"stake":1,"ante":2,"game_no":3}',
			'[{"user":"111111111111111111"},{"user":"222222222222222222"}]', 'finished', ?, 'idle', ?, ?)`,
			fmt.Sprintf("game%d", i), fmt.Sprintf("t%d", i), dl.UnixMilli(), dl.UnixMilli(), dl.UnixMilli()); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for b.Loop() {
		got, err := s.RecentlyFinishedGames(ctx, now)
		if err != nil || len(got) != open {
			b.Fatalf("RecentlyFinishedGames = %d games (%v), want %d", len(got), err, open)
		}
	}
}
