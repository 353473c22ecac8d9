package laus

import (
	"fmt"
	"testing"
)

// strength plays rounds of Laus with the Computer at the seats in
// comp and Random players elsewhere, and returns the mean round score of the
// computer seats and of the random seats.
func strength(t testing.TB, seats, rounds int, comp map[int]bool) (compMean, randMean float64) {
	var cSum, rSum, cN, rN float64
	for i := range rounds {
		m, err := NewMatch(MatchConfig{Seats: seats, Target: 1 << 30}, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		players := make([]Player, seats)
		for s := range players {
			if comp[s] {
				players[s] = Computer{}
			} else {
				players[s] = NewRandom(uint64(i)*4 + uint64(s) + 1e9)
			}
		}
		r := playRound(t, m, players)
		for s, sr := range r.Seats {
			if comp[s] {
				cSum, cN = cSum+float64(sr.Score), cN+1
			} else {
				rSum, rN = rSum+float64(sr.Score), rN+1
			}
		}
	}
	return cSum / cN, rSum / rN
}

func TestComputerBeatsRandom(t *testing.T) {
	for _, tc := range []struct {
		name  string
		seats int
		comp  map[int]bool
	}{
		{"2v2", 4, map[int]bool{0: true, 2: true}},
		{"1v3", 4, map[int]bool{1: true}},
		{"1v2 with skat", 3, map[int]bool{0: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c, r := strength(t, tc.seats, 2000, tc.comp)
			t.Logf("%s over 2000 rounds: computer %.1f, random %.1f points per round (ratio %.2f)", tc.name, c, r, c/r)
			if c >= 0.6*r {
				t.Errorf("computer mean %.1f, want below 0.6 × random mean %.1f = %.1f", c, r, 0.6*r)
			}
		})
	}
}

func ExampleComputer() {
	m, _ := NewMatch(MatchConfig{Seats: 4}, 1)
	seat := m.Turn()
	a, _ := Decide(Computer{}, m.View(seat))
	fmt.Println(m.Apply(a) == nil)
	// Output: true
}
