package laro

import (
	"slices"
	"testing"
)

// FuzzParseCards: whatever parses prints back to text that parses to the
// same cards, and the shown (symbol) form parses the same too.
func FuzzParseCards(f *testing.F) {
	for _, s := range []string{"C+1 c-2 ▲+3 V", "V V V", "■−10 s+7", "", "C+11", "X", "V V V V", "c+1\tT-10\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		cards, err := ParseCards(s)
		if err != nil {
			return
		}
		text := FormatCards(cards)
		again, err := ParseCards(text)
		if err != nil || !slices.Equal(again, cards) {
			t.Fatalf("ParseCards(%q) = %v; reparsing %q gave %v, %v", s, cards, text, again, err)
		}
		var shown []string
		for _, c := range cards {
			if !c.Valid() {
				t.Fatalf("ParseCards(%q) returned invalid card %d", s, c)
			}
			shown = append(shown, c.Symbol())
		}
		sym, err := ParseCards(joinSpace(shown))
		if err != nil || !slices.Equal(sym, cards) {
			t.Fatalf("symbol form %v of %q parsed to %v, %v", shown, s, sym, err)
		}
	})
}

func joinSpace(ss []string) string {
	out := ""
	for i, s := range ss {
		if i > 0 {
			out += " "
		}
		out += s
	}
	return out
}

// FuzzBestSplit: the fast split agrees with trying all 280 cuts. Each
// fuzz byte picks a card, so duplicates and invalid cards come up too.
func FuzzBestSplit(f *testing.F) {
	f.Add([]byte{1, 2, 3, 14, 15, 16, 61, 62, 63})
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{1, 12, 3, 24, 25, 26, 27, 48, 49})
	f.Add([]byte{4, 6, 61, 9, 10, 62, 35, 36, 63})
	f.Add([]byte{1, 1, 1, 2, 2, 2, 3, 3, 3})
	f.Add([]byte{0, 2, 3, 14, 15, 16, 61, 62, 64})
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) != 9 {
			return
		}
		hand := make([]Card, 9)
		for i, x := range b {
			hand[i] = Card(x)
		}
		want, wantOK := bruteSplit(hand)
		got, clusters, ok := BestSplit(hand)
		if got != want || ok != wantOK {
			t.Fatalf("BestSplit(%v) = %d, %v; want %d, %v", hand, got, ok, want, wantOK)
		}
		if ok {
			var all []Card
			for _, cl := range clusters {
				all = append(all, cl...)
			}
			slices.Sort(all)
			if !slices.Equal(all, SortHand(hand)) {
				t.Fatalf("clusters %v do not use exactly %v", clusters, hand)
			}
		}
	})
}
