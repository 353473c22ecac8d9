package laus

import (
	"slices"
	"testing"
)

func TestPilePoints(t *testing.T) {
	for _, tc := range []struct {
		name, pile string
		want       int
	}{
		{"empty", "", 0},
		{"card points", "JC AH 10S KD 9C 8C 7C", 2 + 11 + 10 + 4},
		{"queen of clubs", "QC", 303},
		{"queen of spades", "QS", 203},
		{"queen of hearts", "QH", 103},
		{"queen of diamonds alone", "QD", 3},
		{"hearts and spades (seed example)", "QH QS", 306},
		{"diamond cancels both (seed example)", "QH QS QD", 9},
		{"diamond cancels all three", "QC QS QH QD", 12},
		{"diamond with points only", "QD AC 10C", 24},
		{"diamond with clubs queen and points", "QC QD AH", 17},
		{"all four queens with the rest", "QC QS AH KD", 300 + 200 + 3 + 3 + 11 + 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := PilePoints(cs(t, tc.pile)); got != tc.want {
				t.Errorf("PilePoints(%s) = %d, want %d", tc.pile, got, tc.want)
			}
		})
	}
}

func TestScorePile(t *testing.T) {
	got := ScorePile(cs(t, "QH QS QD 10C"))
	want := PileScore{CardPoints: 19, RawBonus: 300, Cancelled: true, Bonus: 0}
	if got != want {
		t.Errorf("ScorePile = %+v, want %+v", got, want)
	}
	if got.Total() != 19 {
		t.Errorf("Total() = %d, want 19", got.Total())
	}
}

func TestRoundScores(t *testing.T) {
	// Four piles with distinct points: 306, 10, 4, 0 before multiplying.
	piles := func(t *testing.T) [][]Card {
		return [][]Card{cs(t, "QH QS"), cs(t, "10D"), cs(t, "KC"), nil}
	}
	for _, tc := range []struct {
		name   string
		tricks []int
		passes int
		want   []int
	}{
		{"everyone took a trick", []int{2, 2, 2, 2}, 0, []int{306, 10, 4, 0}},
		{"one player without a trick doubles", []int{3, 3, 2, 0}, 0, []int{612, 20, 8, 0}},
		{"two players without a trick quadruple", []int{4, 4, 0, 0}, 0, []int{1224, 40, 16, 0}},
		{"one skat pass doubles", []int{2, 2, 2, 2}, 1, []int{612, 20, 8, 0}},
		{"passes and no-trick players stack", []int{5, 3, 0, 0}, 2, []int{306 * 16, 160, 64, 0}},
		{"three passes", []int{2, 2, 2, 2}, 3, []int{306 * 8, 80, 32, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := RoundScores(piles(t), tc.tricks, tc.passes); !slices.Equal(got, tc.want) {
				t.Errorf("RoundScores(tricks %v, passes %d) = %v, want %v", tc.tricks, tc.passes, got, tc.want)
			}
		})
	}
}

func TestRoundScoresSlam(t *testing.T) {
	// The slam player's pile holds everything, queens included: the bonuses do not count.
	var all [][]Card
	all = append(all, NewDeck(), nil, nil)
	for _, tc := range []struct {
		passes int
		want   []int
	}{
		{0, []int{-120, 0, 0}},
		{1, []int{-240, 0, 0}},
		{2, []int{-480, 0, 0}},
		{3, []int{-960, 0, 0}},
	} {
		got := RoundScores(all, []int{10, 0, 0}, tc.passes)
		if !slices.Equal(got, tc.want) {
			t.Errorf("slam with %d passes: RoundScores = %v, want %v", tc.passes, got, tc.want)
		}
	}
	m := RoundMultiplier([]int{0, 8, 0, 0}, 0)
	if want := (Multiplier{Passes: 0, NoTrick: 0, Slam: 1, Factor: 1}); m != want {
		t.Errorf("RoundMultiplier of a 4-player slam = %+v, want %+v (no no-trick doubling)", m, want)
	}
}
