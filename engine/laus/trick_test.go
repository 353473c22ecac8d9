package laus

import (
	"slices"
	"testing"
)

func TestTrickWinner(t *testing.T) {
	for _, tc := range []struct {
		name  string
		trick string
		want  int
	}{
		{"no follower", "7H", 0},
		{"empty", "", -1},
		{"plain led, highest of suit", "KH AH 10H 7H", 1},
		{"plain led, ten beats king", "KS 10S", 1},
		{"plain led, off-suit ace loses", "7D AC AS AH", 0},
		{"plain led, jack trumps", "AH 7H JD 10H", 2},
		{"jack of led suit is a trump, not that suit", "AC JC", 1},
		{"two jacks on plain lead", "9S JH JS 7S", 2},
		{"jack led, higher jack wins", "JH JC JD JS", 1},
		{"jack led, plain cards lose", "JD AD AC 10C", 0},
		{"three players", "QC KC 9C", 1},
		{"queen beats nine", "9D QD 8D", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := TrickWinner(cs(t, tc.trick)); got != tc.want {
				t.Errorf("TrickWinner(%s) = %d, want %d", tc.trick, got, tc.want)
			}
		})
	}
}

func TestLegal(t *testing.T) {
	for _, tc := range []struct {
		name, hand, trick, want string
	}{
		{"leading: anything", "JC 7H AD", "", "JC 7H AD"},
		{"follow plain suit", "JC 7H AD KH", "10H", "7H KH"},
		{"jack never follows its printed suit", "JH 9D", "AH", "JH 9D"},
		{"jack of led suit is not a heart", "JH 7H", "AH", "7H"},
		{"jack led: follow with jack", "JD 7C QC", "JS", "JD"},
		{"jack led: plain cards of the jack's suit do not follow", "AS 7C", "JS", "AS 7C"},
		{"void: anything", "JC 7S QC", "AH", "JC 7S QC"},
		{"trick in progress uses led card", "8C 9D", "9C JC AD", "8C"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Legal(cs(t, tc.hand), cs(t, tc.trick))
			if want := cs(t, tc.want); !slices.Equal(got, want) {
				t.Errorf("Legal(%s | %s) = %v, want %v", tc.hand, tc.trick, got, want)
			}
		})
	}
}

func TestTrickValue(t *testing.T) {
	tr := Trick{Leader: 2, Seats: 3}
	for _, c := range cs(t, "9C AC JH") {
		tr.Cards[tr.N] = c
		tr.N++
	}
	if got := tr.Winner(); got != 1 {
		t.Errorf("Winner() = seat %d, want seat 1 (played JH, third from leader 2)", got)
	}
	if !tr.Complete() {
		t.Error("Complete() = false for three cards at three seats, want true")
	}
	if got, want := tr.Played(), cs(t, "9C AC JH"); !slices.Equal(got, want) {
		t.Errorf("Played() = %v, want %v", got, want)
	}
	if got := (Trick{Seats: 4}).Winner(); got != -1 {
		t.Errorf("empty trick Winner() = %d, want -1", got)
	}
}
