package store

import (
	"context"
	"encoding/json"
	"testing"
	"time"
)

func TestSeatNamesTakesTheLatestNameOfEachUser(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	clock := newFakeClock()
	s.Now = clock.Now
	playing := StatusPlaying
	create := func(kind Kind, guild string, seats ...Seat) {
		g, err := s.CreateGame(ctx, Game{Kind: kind, Guild: guild, Channel: "c", Host: seats[0].User, TableID: "t",
			Settings: json.RawMessage(`{}`), Seed: []byte("seed"), Seats: seats})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.UpdateGame(ctx, g.ID, GameUpdate{Status: &playing}); err != nil {
			t.Fatal(err)
		}
		clock.Advance(time.Second)
	}
	create(KindLaus, "g", Seat{User: "1", Name: "Ann"}, Seat{User: "2"}, Seat{Computer: true})
	create(KindLaus, "g", Seat{User: "1", Name: "Annie"}, Seat{User: "3", Name: "Cy"})
	create(KindLaro, "g", Seat{User: "1", Name: "Laro Ann"})
	create(KindLaus, "other", Seat{User: "3", Name: "Cy elsewhere"})
	got, err := s.SeatNames(ctx, "g", KindLaus, []string{"1", "2", "3"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"1": "Annie", "3": "Cy"}
	if len(got) != len(want) || got["1"] != want["1"] || got["3"] != want["3"] {
		t.Errorf("SeatNames = %v, want %v (latest name, this guild and kind, none for a seat stored without one)", got, want)
	}
	if got, err := s.SeatNames(ctx, "g", KindNone, []string{"1"}); err != nil || got["1"] != "Laro Ann" {
		t.Errorf("SeatNames of any kind = %v, %v; want the latest name at any table, Laro Ann", got, err)
	}
}
