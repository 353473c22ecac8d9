package laro

import (
	"testing"

	"github.com/cardbot/cardbot/engine/cards"
)

func TestBestSplit(t *testing.T) {
	tests := []struct {
		name   string
		hand   string
		points int
		ok     bool
	}{
		{"three corrupt, the least", "C+1 C-2 C+3 T+4 T-5 T+6 S-7 S+8 S-9", 3, true},
		{"six points: pure, wild, corrupt", "C+1 C+2 C+3 T+5 T+7 V S-8 S+9 S-10", 6, true},
		{"fifteen points, the most: void, pure, pure", "V V V C+4 C+5 C+6 S-1 S-2 S-3", 15, true},
		{"best of two cuts", "C+1 C+2 C+3 C+4 C+5 C+6 V T+1 T+2", 8, true},
		{"no split", "C+1 C+2 C+3 T+4 T-5 T+6 S-7 S+8 S+1", 0, false},
		{"eight cards", "C+1 C+2 C+3 T+4 T-5 T+6 S-7 S+8", 0, false},
		{"ten cards", "C+1 C+2 C+3 T+4 T-5 T+6 S-7 S+8 S-9 S-10", 0, false},
		{"a card twice", "C+1 C+2 C+3 C+1 C+2 C+3 C+1 C+2 C+3", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pts, clusters, ok := BestSplit(cs(t, tt.hand))
			if pts != tt.points || ok != tt.ok {
				t.Fatalf("BestSplit(%s) = %d, %v; want %d, %v", tt.hand, pts, ok, tt.points, tt.ok)
			}
			if !ok {
				return
			}
			sum := 0
			for _, cl := range clusters {
				k, isCluster := Classify(cl)
				if !isCluster {
					t.Fatalf("split part %v: got no cluster", cl)
				}
				sum += k.Points()
			}
			if sum != pts || len(clusters) != 3 {
				t.Fatalf("clusters %v: got %d points in %d clusters, want %d in 3", clusters, sum, len(clusters), pts)
			}
		})
	}
}

func TestBestSplitWithLaid(t *testing.T) {
	tests := []struct {
		name   string
		hand   string
		laid   [][]string
		points int
		ok     bool
	}{
		// Nine cards alone would score 8 (Pure+Pure+Wild); with C+1..3 laid
		// as a cluster, the rest must be cut around it.
		{"laid kept as laid", "C+4 C+5 C+6 V T+1 T+2", [][]string{{"C+1 C+2 C+3"}}, 8, true},
		{"laid forces a worse cut", "C+3 C+4 C+5 V T+1 T+2", [][]string{{"C+1 C+2 C-3"}}, 6, true},
		{"laid blocks the only cut", "C+5 C+6 T+1 T+2 T+3 S+9", [][]string{{"C+2 C+3 C+4"}}, 0, false},
		{"two laid", "S-1 S-2 S-3", [][]string{{"V V V"}, {"T+4 T-5 T+6"}}, 13, true},
		{"three laid", "", [][]string{{"C+1 C+2 C+3"}, {"T+1 T+2 T+3"}, {"S+1 S+2 S+3"}}, 9, true},
		{"laid not a cluster", "C+4 C+5 C+6 V T+1 T+2", [][]string{{"C+1 C+2 C+9"}}, 0, false},
		{"wrong count", "C+4 C+5 C+6 V T+1", [][]string{{"C+1 C+2 C+3"}}, 0, false},
		{"card both in hand and laid", "C+1 C+5 C+6 V T+1 T+2", [][]string{{"C+1 C+2 C+3"}}, 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var laid [][]Card
			voids := 0
			renumber := func(c []Card) []Card {
				for i := range c {
					if c[i].IsVoid() {
						c[i] = VoidCard(voids)
						voids++
					}
				}
				return c
			}
			for _, l := range tt.laid {
				laid = append(laid, renumber(cs(t, l[0])))
			}
			hand := renumber(cs(t, tt.hand))
			pts, clusters, ok := BestSplitWithLaid(hand, laid)
			if pts != tt.points || ok != tt.ok {
				t.Fatalf("BestSplitWithLaid(%s, %v) = %d, %v; want %d, %v", tt.hand, tt.laid, pts, ok, tt.points, tt.ok)
			}
			if ok {
				for i, l := range laid {
					if FormatCards(clusters[i]) != FormatCards(SortHand(l)) {
						t.Fatalf("cluster %d = %v, want the laid %v", i, clusters[i], l)
					}
				}
			}
		})
	}
}

// bruteSplit scores nine cards by trying all 280 ways to cut them into
// three groups of three. Nine cards must be nine different cards.
func bruteSplit(c []Card) (int, bool) {
	if len(c) != 9 {
		return 0, false
	}
	for i := range c {
		for j := i + 1; j < len(c); j++ {
			if c[i] == c[j] {
				return 0, false
			}
		}
	}
	best, ok := 0, false
	for a := 1; a < 9; a++ {
		for b := a + 1; b < 9; b++ {
			g1 := []Card{c[0], c[a], c[b]}
			var rest []Card
			for i := 1; i < 9; i++ {
				if i != a && i != b {
					rest = append(rest, c[i])
				}
			}
			for x := 1; x < 6; x++ {
				for y := x + 1; y < 6; y++ {
					g2 := []Card{rest[0], rest[x], rest[y]}
					var g3 []Card
					for i := 1; i < 6; i++ {
						if i != x && i != y {
							g3 = append(g3, rest[i])
						}
					}
					k1, ok1 := Classify(g1)
					k2, ok2 := Classify(g2)
					k3, ok3 := Classify(g3)
					if ok1 && ok2 && ok3 {
						ok = true
						best = max(best, k1.Points()+k2.Points()+k3.Points())
					}
				}
			}
		}
	}
	return best, ok
}

// TestBestSplitAgreesWithBruteForce tries random nine-card hands drawn from
// a narrow slice of the deck, so that many of them split.
func TestBestSplitAgreesWithBruteForce(t *testing.T) {
	rng := cards.NewRand(9)
	narrow := cs(t, "C+1 C+2 C+3 C+4 C+5 C+6 C-2 C-3 C-4 C-5 T+1 T+2 T+3 V V V")
	splits := 0
	for range 3000 {
		cards.Shuffle(rng, narrow)
		hand := narrow[:9]
		want, wantOK := bruteSplit(hand)
		got, _, ok := BestSplit(hand)
		if got != want || ok != wantOK {
			t.Fatalf("BestSplit(%v) = %d, %v; want %d, %v", hand, got, ok, want, wantOK)
		}
		if ok {
			splits++
		}
	}
	if splits < 100 {
		t.Fatalf("got %d splitting hands, want at least 100 to make the test mean something", splits)
	}
}
