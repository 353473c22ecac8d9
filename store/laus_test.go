package store

import (
	"context"
	"errors"
	"testing"
)

func newLausMatch(t *testing.T, s *Store, guild, channel string, users ...string) Game {
	t.Helper()
	seats := []Seat{}
	for _, u := range users {
		if u == "" {
			seats = append(seats, Seat{Computer: true})
		} else {
			seats = append(seats, Seat{User: u})
		}
	}
	g, err := s.CreateGame(context.Background(), Game{Kind: KindLaus, Guild: guild, Channel: channel,
		Host: users[0], Seats: seats, Status: StatusPlaying})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestLausScores(t *testing.T) { eachBackend(t, testLausScores) }

func testLausScores(t *testing.T) {
	ctx := context.Background()
	s := openTest(t)
	if _, err := s.LausScoreboard(ctx, "g", "c"); !errors.Is(err, ErrNotFound) {
		t.Errorf("scoreboard of an empty channel: err = %v, want ErrNotFound", err)
	}

	// Match 1: a, b and a computer; two rounds, b loses.
	m1 := newLausMatch(t, s, "g", "c", "a", "b", "")
	r1 := LausRound{Round: 1, Multiplier: 2, Scores: []LausSeatScore{
		{Seat: 0, User: "a", CardPoints: 40, QueenBonus: 0, QueensTaken: 2, QDCancelled: true, Tricks: 4, Score: 92, Total: 92},
		{Seat: 1, User: "b", CardPoints: 70, QueenBonus: 300, QueensTaken: 1, Tricks: 5, Score: 740, Total: 740},
		{Seat: 2, Computer: true, CardPoints: 10, QueensTaken: 1, Tricks: 1, Score: 20, Total: 20},
	}}
	if err := s.AppendAction(ctx, ActionRecord{GameID: m1.ID, Seq: 1, Data: []byte(`"last trick"`), LausRound: &r1}, nil); err != nil {
		t.Fatal(err)
	}
	// Recording the round again (a replay) changes nothing.
	if err := s.RecordLausRound(ctx, LausRound{GameID: m1.ID, Round: 1, Multiplier: 9, Scores: r1.Scores[:1]}); err != nil {
		t.Fatal(err)
	}
	r2 := LausRound{GameID: m1.ID, Round: 2, Multiplier: 1, Scores: []LausSeatScore{
		{Seat: 0, User: "a", Tricks: 10, Slam: true, Score: -120, Total: -28},
		{Seat: 1, User: "b", Score: 0, Total: 740},
		{Seat: 2, Computer: true, Score: 0, Total: 20},
	}}
	if err := s.RecordLausRound(ctx, r2); err != nil {
		t.Fatal(err)
	}
	board, err := s.LausScoreboard(ctx, "g", "c")
	if err != nil {
		t.Fatal(err)
	}
	if board.Game.ID != m1.ID || len(board.Rounds) != 2 || len(board.Losers) != 0 {
		t.Fatalf("scoreboard = %+v", board)
	}
	if got := board.Rounds[0]; got.Multiplier != 2 || len(got.Scores) != 3 || got.Scores[0] != r1.Scores[0] {
		t.Errorf("round 1 = %+v, want %+v", got, r1)
	}
	if got := board.Rounds[1].Scores[0]; got.Total != -28 || !got.Slam {
		t.Errorf("round 2 seat 0 = %+v", got)
	}

	if err := s.AppendAction(ctx, ActionRecord{GameID: m1.ID, Seq: 2, Data: []byte(`"end"`),
		Settle: &Settlement{LausLosers: []int{1}}}, nil); err != nil {
		t.Fatal(err)
	}
	board, _ = s.LausScoreboard(ctx, "g", "c")
	if len(board.Losers) != 1 || board.Losers[0] != 1 || board.Game.Status != StatusFinished {
		t.Errorf("finished board losers %v status %s, want [1] finished", board.Losers, board.Game.Status)
	}

	// Match 2 opens in the same channel: until it has finished a round, the
	// scoreboard keeps showing match 1 rather than an empty board.
	m2 := newLausMatch(t, s, "g", "c", "b", "a", "d")
	board, _ = s.LausScoreboard(ctx, "g", "c")
	if board.Game.ID != m1.ID || len(board.Rounds) != 2 {
		t.Errorf("scoreboard with a new match of no rounds = %s with %d rounds, want match 1 (%s) with 2", board.Game.ID, len(board.Rounds), m1.ID)
	}
	// Match 2 becomes the one shown once its first round is over; b and a tie and lose together.
	if err := s.RecordLausRound(ctx, LausRound{GameID: m2.ID, Round: 1, Multiplier: 1, Scores: []LausSeatScore{
		{Seat: 0, User: "b", Score: 100, Total: 100, QueensTaken: 1},
		{Seat: 1, User: "a", Score: 100, Total: 100, QueensTaken: 1},
		{Seat: 2, User: "d", Score: 20, Total: 20},
	}}); err != nil {
		t.Fatal(err)
	}
	if board, _ = s.LausScoreboard(ctx, "g", "c"); board.Game.ID != m2.ID || len(board.Rounds) != 1 {
		t.Errorf("scoreboard = %s with %d rounds, want match 2 (%s) with 1", board.Game.ID, len(board.Rounds), m2.ID)
	}
	if _, err := s.Settle(ctx, m2.ID, Settlement{LausLosers: []int{0, 1}}); err != nil {
		t.Fatal(err)
	}
	// A channel whose only match has no finished round shows that match.
	m3 := newLausMatch(t, s, "g", "c2", "a", "b", "")
	if board, err := s.LausScoreboard(ctx, "g", "c2"); err != nil || board.Game.ID != m3.ID || len(board.Rounds) != 0 {
		t.Errorf("scoreboard of a channel with one new match = %s with %d rounds (err %v), want %s with none", board.Game.ID, len(board.Rounds), err, m3.ID)
	}
	// Another guild's match never shows up.
	other := newLausMatch(t, s, "h", "c", "a", "b", "e")
	if err := s.RecordLausRound(ctx, LausRound{GameID: other.ID, Round: 1, Multiplier: 1, Scores: []LausSeatScore{
		{Seat: 0, User: "a", Score: 5000, Total: 5000}}}); err != nil {
		t.Fatal(err)
	}

	table, err := s.LausTable(ctx, "g")
	if err != nil {
		t.Fatal(err)
	}
	want := []LausPlayerStats{
		{User: "d", Matches: 1, Losses: 0, Rounds: 1, AvgRoundScore: 20},
		{User: "a", Matches: 2, Losses: 1, Rounds: 3, AvgRoundScore: 24, Slams: 1, QueensTaken: 3},
		{User: "b", Matches: 2, Losses: 2, Rounds: 3, AvgRoundScore: 280, QueensTaken: 2},
	}
	if len(table) != len(want) {
		t.Fatalf("LausTable = %+v, want %+v", table, want)
	}
	for i := range want {
		if table[i] != want[i] {
			t.Errorf("LausTable[%d] = %+v, want %+v", i, table[i], want[i])
		}
	}
}
