package laus

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/cardbot/cardbot/bot/lang"
	"github.com/cardbot/cardbot/store"
)

// The scoreboard names players, never mentions them, lists the totals
// lowest (the leader) first, and keeps within an embed with long names.
func TestMatchBoardNamesPlayersSortedByTotal(t *testing.T) {
	long := strings.Repeat("W", 32)
	board := store.LausBoard{Game: store.Game{TableID: "xyz789", Status: store.StatusPlaying,
		Settings: json.RawMessage(`{"target":1000,"match_no":2}`),
		Seats:    []store.Seat{{User: "1", Name: "ann_b"}, {User: "2", Name: long}, {Computer: true}}}}
	totals := []int{0, 0, 0}
	for r := 1; r <= 30; r++ {
		var scores []store.LausSeatScore
		for s, add := range []int{30, 5, 12} {
			totals[s] += add
			scores = append(scores, store.LausSeatScore{Seat: s, User: board.Game.Seats[s].User, Score: add, Total: totals[s]})
		}
		board.Rounds = append(board.Rounds, store.LausRound{Round: r, Multiplier: 1, Scores: scores})
	}
	e := matchBoard(lang.English, board)
	text := e.Description + e.Fields[0].Value
	if strings.Contains(text, "<@") {
		t.Errorf("the scoreboard mentions someone:\n%s", text)
	}
	if n := len([]rune(e.Description)); n > 4096 {
		t.Errorf("the description is %d characters, over Discord's 4096", n)
	}
	if !strings.Contains(e.Description, `Round 30 ×1: ann\_b 900 (+30) · `+long+` 150 (+5) · 🤖 Ada 360 (+12)`) {
		t.Errorf("the last round's row does not name the seats:\n%s", e.Description)
	}
	if !strings.Contains(e.Description, "earlier rounds not shown") {
		t.Errorf("30 rounds with long names should drop the earliest:\n%s", e.Description)
	}
	wantTotals := fmt.Sprintf("%s: total **150**\n🤖 Ada: total **360**\nann\\_b: total **900** · closest to the target (100 to go)\n", long)
	if got := e.Fields[0].Value; got != wantTotals {
		t.Errorf("totals:\n%s\nwant, lowest first:\n%s", got, wantTotals)
	}
}

func TestAllTimeTableNamesPlayers(t *testing.T) {
	e := allTimeTable(lang.English, []store.LausPlayerStats{
		{User: "1", Matches: 1, Losses: 0, Rounds: 1, AvgRoundScore: 12, Slams: 1, QueensTaken: 1},
		{User: "2", Matches: 2, Losses: 1, Rounds: 5, AvgRoundScore: 40, QueensTaken: 3},
	}, map[string]string{"1": "*Ann*"})
	want := "1. \\*Ann\\* — 1 match, 0 lost · 1 round, average 12.0 · 1 slam · 1 queen taken\n" +
		"2. <@2> — 2 matches, 1 lost · 5 rounds, average 40.0 · 0 slams · 3 queens taken\n"
	if e.Description != want {
		t.Errorf("all-time table:\n%s\nwant:\n%s", e.Description, want)
	}
}
