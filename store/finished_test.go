package store

import (
	"context"
	"slices"
	"testing"
	"time"
)

func TestRecentlyFinishedGames(t *testing.T) {
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
