package laro

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"
)

func TestCardText(t *testing.T) {
	tests := []struct {
		suit   Suit
		plus   bool
		value  int
		text   string
		symbol string
	}{
		{Circle, true, 1, "C+1", "●+1"},
		{Triangle, false, 10, "T-10", "▲−10"},
		{Square, true, 7, "S+7", "■+7"},
		{Square, false, 1, "S-1", "■−1"},
	}
	for _, tt := range tests {
		c, err := NewCard(tt.suit, tt.plus, tt.value)
		if err != nil {
			t.Fatalf("NewCard(%v, %v, %d): %v", tt.suit, tt.plus, tt.value, err)
		}
		if got := c.String(); got != tt.text {
			t.Errorf("String() = %q, want %q", got, tt.text)
		}
		if got := c.Symbol(); got != tt.symbol {
			t.Errorf("Symbol() = %q, want %q", got, tt.symbol)
		}
		if c.Suit() != tt.suit || c.Plus() != tt.plus || c.Value() != tt.value {
			t.Errorf("%v: got suit %v plus %v value %d, want %v %v %d", c, c.Suit(), c.Plus(), c.Value(), tt.suit, tt.plus, tt.value)
		}
	}
	if got := VoidCard(2).String(); got != "V" {
		t.Errorf("VoidCard(2).String() = %q, want V", got)
	}
	if got := NoCard.String(); got != "?" {
		t.Errorf("NoCard.String() = %q, want ?", got)
	}
}

func TestEveryCardRoundTrips(t *testing.T) {
	seen := map[string]bool{}
	for _, c := range Deck() {
		for _, text := range []string{c.String(), c.Symbol()} {
			got, err := ParseCard(text)
			want := c
			if c.IsVoid() {
				want = VoidCard(0)
			}
			if err != nil || got != want {
				t.Errorf("ParseCard(%q) = %v, %v; want %v", text, got, err, want)
			}
		}
		if !c.IsVoid() && seen[c.String()] {
			t.Errorf("two cards print as %q", c)
		}
		seen[c.String()] = true
	}
	if len(seen) != 61 {
		t.Errorf("got %d distinct texts, want 61 (60 suited and V)", len(seen))
	}
}

func TestParseCards(t *testing.T) {
	tests := []struct {
		in   string
		want string
	}{
		{"C+1 c-2 ▲+3 V", "C+1 C-2 T+3 V"},
		{"  s+10\tt−4 ●-9 ", "S+10 T-4 C-9"},
		{"", ""},
		{"v V v", "V V V"},
	}
	for _, tt := range tests {
		got, err := ParseCards(tt.in)
		if err != nil {
			t.Errorf("ParseCards(%q): %v", tt.in, err)
			continue
		}
		if s := FormatCards(got); s != tt.want {
			t.Errorf("ParseCards(%q) = %q, want %q", tt.in, s, tt.want)
		}
	}
	vs, _ := ParseCards("V V V")
	if k, ok := Classify(vs); !ok || k != Void {
		t.Errorf("Classify(ParseCards(V V V)) = %v, %v; want Void, true", k, ok)
	}
	for _, bad := range []string{"X+1", "C1", "C+0", "C+11", "C+01", "C+", "+1", "V V V V", "C+1x", "CC+1", "C*3"} {
		if _, err := ParseCards(bad); !errors.Is(err, ErrBadCard) {
			t.Errorf("ParseCards(%q) error = %v, want ErrBadCard", bad, err)
		}
	}
}

func TestCardTextMarshal(t *testing.T) {
	c := cs(t, "T-7")[0]
	b, err := c.MarshalText()
	if err != nil || string(b) != "T-7" {
		t.Fatalf("MarshalText = %q, %v; want T-7", b, err)
	}
	var back Card
	if err := back.UnmarshalText(b); err != nil || back != c {
		t.Fatalf("UnmarshalText(%q) = %v, %v; want %v", b, back, err, c)
	}
	if _, err := NoCard.MarshalText(); !errors.Is(err, ErrBadCard) {
		t.Fatalf("NoCard.MarshalText error = %v, want ErrBadCard", err)
	}
	if _, err := NewCard(NoSuit, true, 3); !errors.Is(err, ErrBadCard) {
		t.Fatalf("NewCard(NoSuit) error = %v, want ErrBadCard", err)
	}
}

func TestSortHandGroupsBySuit(t *testing.T) {
	got := FormatCards(SortHand(cs(t, "V S+2 C-3 T+1 C+9 C+3 V")))
	want := "C+3 C+9 C-3 T+1 S+2 V V"
	if got != want {
		t.Errorf("SortHand = %q, want %q", got, want)
	}
}

func TestHints(t *testing.T) {
	hints := Hints(cs(t, "C+4 C+5 C+6 S-9 V V"))
	var texts []string
	for _, h := range hints {
		s := FormatCards(h.Cards)
		if h.Kind != NoKind {
			s += " =" + h.Kind.String()
		}
		texts = append(texts, s)
	}
	want := map[string]bool{"C+4 C+5 C+6 =Pure": true, "C+4 C+5 V =Wild": true, "C+4 C+5": true, "V V": true, "S-9 V": true}
	got := map[string]bool{}
	for _, s := range texts {
		got[s] = true
	}
	for w := range want {
		if !got[w] {
			t.Errorf("Hints: got %q, want it to include %q", texts, w)
		}
	}
	if got["C+4 S-9"] {
		t.Errorf("Hints: got %q, want no unrelated pair C+4 S-9", texts)
	}
	count := 0
	for _, s := range texts {
		if s == "C+4 V" {
			count++
		}
	}
	if count != 1 {
		t.Errorf("Hints: got %d copies of C+4 V, want 1", count)
	}
}

// Hints lists a group once however many groups print like it; it tells them
// apart by printedKey. Over every ordered group of two or three cards, two
// keys are equal exactly when the groups print the same.
func TestPrintedKeyIsEqualExactlyForGroupsThatPrintAlike(t *testing.T) {
	byKey := map[uint32]string{}
	byText := map[string]uint32{}
	check := func(cs []Card) {
		key, text := printedKey(cs), FormatCards(cs)
		if prev, ok := byKey[key]; ok && prev != text {
			t.Fatalf("%q and %q print differently but share a key", prev, text)
		}
		if prev, ok := byText[text]; ok && prev != key {
			t.Fatalf("%q has two keys, %d and %d: Hints would list it twice", text, prev, key)
		}
		byKey[key], byText[text] = text, key
	}
	for a := Card(1); a <= NumCards; a++ {
		for b := Card(1); b <= NumCards; b++ {
			check([]Card{a, b})
			for c := Card(1); c <= NumCards; c++ {
				check([]Card{a, b, c})
			}
		}
	}
	if len(byText) < 40000 {
		t.Fatalf("only %d groups checked", len(byText))
	}
}

// Hints and FirstHints (which share their backing arrays and stop early)
// list what the plain search below lists, in its order, over random hands;
// FirstHints(hand, n) is that list cut to n.
func TestFirstHintsAreTheFirstOfHints(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	deck := make([]Card, NumCards)
	for i := range deck {
		deck[i] = Card(i + 1)
	}
	for range 3000 {
		r.Shuffle(len(deck), func(i, j int) { deck[i], deck[j] = deck[j], deck[i] })
		hand := slices.Clone(deck[:1+r.IntN(HandSize+3)])
		all := plainHints(hand)
		if got := Hints(hand); !reflect.DeepEqual(got, all) {
			t.Fatalf("Hints(%v) = %v, want %v", hand, got, all)
		}
		for n := range len(all) + 2 {
			want := all[:min(n, len(all))]
			if got := FirstHints(hand, n); len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
				t.Fatalf("FirstHints(%v, %d) = %v, want %v", hand, n, got, want)
			}
		}
	}
}

// plainHints is the search Hints does, written plainly: every triple that is
// a cluster, then every pair with its completing cards, each group listed
// once however many groups print like it.
func plainHints(hand []Card) []Hint {
	h := SortHand(hand)
	var out []Hint
	seen := map[string]bool{}
	add := func(x Hint) {
		text := ""
		for _, c := range x.Cards {
			text += c.String() + " "
		}
		if !seen[text] {
			seen[text] = true
			out = append(out, x)
		}
	}
	for i := range h {
		for j := i + 1; j < len(h); j++ {
			for k := j + 1; k < len(h); k++ {
				if kd := kindOf(h[i], h[j], h[k]); kd != NoKind {
					add(Hint{Cards: []Card{h[i], h[j], h[k]}, Kind: kd})
				}
			}
		}
	}
	for i := range h {
		for j := i + 1; j < len(h); j++ {
			var needs []string
			for c := Card(1); c <= NumCards; c++ {
				if kindOf(h[i], h[j], c) == NoKind {
					continue
				}
				if s := c.String(); !slices.Contains(needs, s) {
					needs = append(needs, s)
				}
			}
			if len(needs) > 0 {
				add(Hint{Cards: []Card{h[i], h[j]}, Needs: needs})
			}
		}
	}
	return out
}
