package laro

import (
	"testing"

	"github.com/cardbot/cardbot/bot/table"
)

func TestNextDealerAfterPlayersLeft(t *testing.T) {
	t.Parallel()
	a, b, c := table.Seat{UserID: "a", Name: "a"}, table.Seat{UserID: "b", Name: "b"}, table.Seat{UserID: "c", Name: "c"}
	played := []table.Seat{a, b, c}
	cases := []struct {
		seated []table.Seat
		dealer int
		want   int
	}{
		{[]table.Seat{a, b, c}, 2, 2}, // nobody left
		{[]table.Seat{a, c}, 2, 1},    // someone before the dealer left
		{[]table.Seat{a, c}, 1, 1},    // the dealer left: the next one deals
		{[]table.Seat{a}, 1, 0},       // the dealer left, and so did the next
		{[]table.Seat{b, c}, 0, 0},    // the dealer left: b, after a, deals
	}
	for _, tc := range cases {
		if got := nextDealer(played, tc.seated, tc.dealer); got != tc.want {
			t.Errorf("nextDealer(dealer %d, seated %v) = %d, want %d", tc.dealer, tc.seated, got, tc.want)
		}
	}
}
