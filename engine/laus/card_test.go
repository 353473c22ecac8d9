package laus

import (
	"errors"
	"slices"
	"testing"
)

func TestNewCard(t *testing.T) {
	for s := Clubs; s <= Diamonds; s++ {
		for r := Seven; r <= Jack; r++ {
			c, err := NewCard(r, s)
			if err != nil {
				t.Fatalf("NewCard(%v, %v): %v", r, s, err)
			}
			if c.Rank() != r || c.Suit() != s {
				t.Errorf("NewCard(%v, %v) = %v, want rank %v suit %v", r, s, c, r, s)
			}
		}
	}
	for _, bad := range []struct {
		r Rank
		s Suit
	}{{NoRank, Clubs}, {Jack + 1, Clubs}, {Ace, NoSuit}, {Ace, Diamonds + 1}} {
		if _, err := NewCard(bad.r, bad.s); !errors.Is(err, ErrBadCard) {
			t.Errorf("NewCard(%d, %d) error = %v, want ErrBadCard", bad.r, bad.s, err)
		}
	}
}

func TestCardText(t *testing.T) {
	for _, tc := range []struct {
		r            Rank
		s            Suit
		text, symbol string
	}{
		{Jack, Clubs, "JC", "J♣"},
		{Ten, Hearts, "10H", "10♥"},
		{Seven, Diamonds, "7D", "7♦"},
		{Queen, Spades, "QS", "Q♠"},
		{Ace, Hearts, "AH", "A♥"},
	} {
		c := mk(tc.r, tc.s)
		if got := c.String(); got != tc.text {
			t.Errorf("String() = %q, want %q", got, tc.text)
		}
		if got := c.Symbol(); got != tc.symbol {
			t.Errorf("Symbol() = %q, want %q", got, tc.symbol)
		}
	}
	if got := NoCard.String(); got != "--" {
		t.Errorf("NoCard.String() = %q, want %q", got, "--")
	}
}

func TestParseCard(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want string
	}{
		{"JC", "JC"}, {"jc", "JC"}, {"10H", "10H"}, {"TH", "10H"}, {"th", "10H"},
		{"10♥", "10H"}, {"Q♠", "QS"}, {"a♦", "AD"}, {"7♣", "7C"}, {" 8S ", "8S"},
		{"K♥\uFE0F", "KH"}, {"9♢", "9D"},
	} {
		c, err := ParseCard(tc.in)
		if err != nil {
			t.Errorf("ParseCard(%q): %v", tc.in, err)
			continue
		}
		if c.String() != tc.want {
			t.Errorf("ParseCard(%q) = %v, want %v", tc.in, c, tc.want)
		}
	}
	for _, in := range []string{"", "J", "C", "1C", "6H", "11S", "JX", "10", "QQ", "JCC", "♥"} {
		if c, err := ParseCard(in); !errors.Is(err, ErrBadCard) {
			t.Errorf("ParseCard(%q) = %v, %v; want ErrBadCard", in, c, err)
		}
	}
}

func TestParseCards(t *testing.T) {
	got, err := ParseCards("JC QS 10H 7D")
	if err != nil {
		t.Fatal(err)
	}
	want := []Card{mk(Jack, Clubs), mk(Queen, Spades), mk(Ten, Hearts), mk(Seven, Diamonds)}
	if !slices.Equal(got, want) {
		t.Errorf("ParseCards = %v, want %v", got, want)
	}
	if got, err := ParseCards("  "); err != nil || len(got) != 0 {
		t.Errorf("ParseCards(blank) = %v, %v; want empty, nil", got, err)
	}
	if _, err := ParseCards("JC XX"); !errors.Is(err, ErrBadCard) {
		t.Errorf("ParseCards(\"JC XX\") error = %v, want ErrBadCard", err)
	}
}

func TestCardTextMarshal(t *testing.T) {
	for _, c := range append(NewDeck(), NoCard) {
		b, err := c.MarshalText()
		if err != nil {
			t.Fatalf("%v.MarshalText: %v", c, err)
		}
		var back Card
		if err := back.UnmarshalText(b); err != nil || back != c {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", b, back, err, c)
		}
	}
	if _, err := Card(33).MarshalText(); !errors.Is(err, ErrBadCard) {
		t.Errorf("Card(33).MarshalText error = %v, want ErrBadCard", err)
	}
}

func TestDeck(t *testing.T) {
	d := NewDeck()
	if len(d) != 32 {
		t.Fatalf("len(NewDeck()) = %d, want 32", len(d))
	}
	if s := SetOf(d...); s != allCards {
		t.Errorf("deck set = %032b, want all 32 cards", s)
	}
	points := 0
	for _, c := range d {
		points += c.Points()
	}
	if points != 120 {
		t.Errorf("deck card points = %d, want 120", points)
	}
	if got := allCards.Points(); got != 120 {
		t.Errorf("CardSet.Points of the deck = %d, want 120", got)
	}
}

func TestCardPointsAndBonus(t *testing.T) {
	for _, tc := range []struct {
		card          string
		points, bonus int
	}{
		{"JC", 2, 0}, {"JD", 2, 0}, {"AS", 11, 0}, {"10D", 10, 0}, {"KH", 4, 0},
		{"QC", 3, 300}, {"QS", 3, 200}, {"QH", 3, 100}, {"QD", 3, 0},
		{"9C", 0, 0}, {"8H", 0, 0}, {"7S", 0, 0},
	} {
		c := c1(t, tc.card)
		if c.Points() != tc.points || c.Bonus() != tc.bonus {
			t.Errorf("%v: points %d bonus %d, want %d and %d", c, c.Points(), c.Bonus(), tc.points, tc.bonus)
		}
	}
}

func TestSortCards(t *testing.T) {
	got := cs(t, "7C JD AH QS JC 10C 8D JS KC AC JH 9H")
	SortCards(got)
	want := cs(t, "JC JS JH JD AC 10C KC 7C QS AH 9H 8D")
	if !slices.Equal(got, want) {
		t.Errorf("SortCards = %v, want %v", got, want)
	}
	if got := SetOf(want...).Cards(); !slices.Equal(got, want) {
		t.Errorf("CardSet.Cards = %v, want %v", got, want)
	}
}

func FuzzParseCards(f *testing.F) {
	for _, s := range []string{"JC QS 10H 7D", "th 9♢ a♣", "", "QQ", "10♥\uFE0F K♠", "  jd\t8s\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := ParseCards(s)
		if err != nil {
			return
		}
		text := FormatCards(got)
		back, err := ParseCards(text)
		if err != nil {
			t.Fatalf("ParseCards(%q) -> %q, which does not parse: %v", s, text, err)
		}
		if !slices.Equal(back, got) {
			t.Fatalf("round trip of %q: got %v, want %v", s, back, got)
		}
		for _, c := range got {
			if !c.Valid() {
				t.Fatalf("ParseCards(%q) returned invalid card %d", s, c)
			}
		}
	})
}
