package laro

import (
	"slices"
	"testing"
)

func TestSettle(t *testing.T) {
	tests := []struct {
		name                  string
		seats, winner, points int
		stake, ante           int64
		want                  []int64
	}{
		{"win", 4, 2, 6, 10, 5, []int64{-65, -65, 195, -65}},
		{"most a hand scores", 2, 0, 15, 10, 5, []int64{155, -155}},
		{"no winner returns antes", 4, -1, 0, 10, 5, []int64{0, 0, 0, 0}},
		{"default win takes only the pot", 3, 1, 0, 10, 5, []int64{-5, 10, -5}},
		{"unstaked", 3, 0, 9, 0, 0, []int64{0, 0, 0}},
		{"solo", 1, 0, 12, 10, 5, []int64{0}},
	}
	for _, tt := range tests {
		got := Settle(tt.seats, tt.winner, tt.points, tt.stake, tt.ante)
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: Settle = %v, want %v", tt.name, got, tt.want)
		}
		var sum int64
		for i, d := range got {
			sum += d
			if -d > MaxLoss(tt.stake, tt.ante) {
				t.Errorf("%s: seat %d loses %d, more than MaxLoss %d", tt.name, i, -d, MaxLoss(tt.stake, tt.ante))
			}
		}
		if sum != 0 {
			t.Errorf("%s: deltas sum to %d, want 0", tt.name, sum)
		}
	}
	if got := MaxLoss(10, 5); got != 155 {
		t.Errorf("MaxLoss(10, 5) = %d, want 155", got)
	}
}
