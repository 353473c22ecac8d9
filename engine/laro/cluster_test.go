package laro

import "testing"

func TestClassify(t *testing.T) {
	tests := []struct {
		cards string
		want  Kind
	}{
		{"V V V", Void},
		{"C+4 C+5 C+6", Pure},
		{"C+6 C+4 C+5", Pure},
		{"T-1 T-2 T-3", Pure},
		{"S+8 S+9 S+10", Pure},
		{"C+4 C+6 V", Wild},
		{"C+9 C+10 V", Wild},
		{"V S-1 S-2", Wild},
		{"T+1 V T+3", Wild},
		{"C+4 C-5 C+6", Corrupt},
		{"T-8 T+9 T-10", Corrupt},
		{"S-1 S-2 S+3", Corrupt},
		// Near misses.
		{"C+9 C+10 C+1", NoKind},    // runs do not wrap
		{"C+10 C+1 V", NoKind},      // nor with a Void
		{"C+4 C-6 V", NoKind},       // Void with mixed subsuits
		{"C+4 C-5 V", NoKind},       // likewise
		{"V V C+3", NoKind},         // two Voids and a card
		{"C+4 C+7 V", NoKind},       // gap too wide for one Void
		{"C+4 C+5 C+7", NoKind},     // not consecutive
		{"C+4 T+5 C+6", NoKind},     // two suits
		{"C+4 T+5 S+6", NoKind},     // three suits
		{"C+4 C-4 C+5", NoKind},     // a value twice
		{"C+5 C+5 V", NoKind},       // same value, Void can't help
		{"C+1 C+2", NoKind},         // wrong count
		{"C+1 C+2 C+3 C+4", NoKind}, // wrong count
		{"", NoKind},
	}
	for _, tt := range tests {
		got, ok := Classify(cs(t, tt.cards))
		if got != tt.want || ok != (tt.want != NoKind) {
			t.Errorf("Classify(%s) = %v, %v; want %v, %v", tt.cards, got, ok, tt.want, tt.want != NoKind)
		}
	}
}

func TestClassifyRejectsDuplicatesAndBadCards(t *testing.T) {
	c4 := cs(t, "C+4")[0]
	c5 := cs(t, "C+5")[0]
	tests := [][]Card{
		{c4, c4, c5},
		{VoidCard(0), VoidCard(0), VoidCard(1)},
		{c4, c5, NoCard},
		{c4, c5, Card(64)},
		{c4, c5, Card(200)},
	}
	for _, tt := range tests {
		if got, ok := Classify(tt); ok {
			t.Errorf("Classify(%v) = %v, true; want no cluster", tt, got)
		}
	}
}

func TestKindPointsAndNames(t *testing.T) {
	tests := []struct {
		k      Kind
		name   string
		points int
	}{
		{Void, "Void", 9}, {Pure, "Pure", 3}, {Wild, "Wild", 2}, {Corrupt, "Corrupt", 1}, {NoKind, "", 0},
	}
	for _, tt := range tests {
		if tt.k.String() != tt.name || tt.k.Points() != tt.points {
			t.Errorf("%d: got %q %d points, want %q %d", tt.k, tt.k, tt.k.Points(), tt.name, tt.points)
		}
	}
	if !(Void > Pure && Pure > Wild && Wild > Corrupt && Corrupt > NoKind) {
		t.Error("kinds are not numbered in rank order")
	}
}

// TestClassifyIsOrderFree checks the lookup table agrees with itself over
// every permutation of every triple.
func TestClassifyIsOrderFree(t *testing.T) {
	for a := Card(1); a <= NumCards; a++ {
		for b := a + 1; b <= NumCards; b++ {
			for c := b + 1; c <= NumCards; c++ {
				k := kindOf(a, b, c)
				for _, p := range [][3]Card{{a, c, b}, {b, a, c}, {b, c, a}, {c, a, b}, {c, b, a}} {
					if got := kindOf(p[0], p[1], p[2]); got != k {
						t.Fatalf("kind of %v = %v, of %v %v %v = %v", p, got, a, b, c, k)
					}
				}
			}
		}
	}
}
