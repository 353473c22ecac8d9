package laus

import (
	"fmt"
	"strings"
)

// Suit is a printed suit. The zero value, NoSuit, is not a suit.
type Suit uint8

// The four suits, in the order their jacks rank as trumps (clubs highest).
const (
	NoSuit Suit = iota
	Clubs
	Spades
	Hearts
	Diamonds
)

// String returns the suit's letter: "C", "S", "H" or "D".
func (s Suit) String() string {
	if s < Clubs || s > Diamonds {
		return "?"
	}
	return "?CSHD"[s : s+1]
}

// Symbol returns the suit's symbol: "♣", "♠", "♥" or "♦".
func (s Suit) Symbol() string {
	switch s {
	case Clubs:
		return "♣"
	case Spades:
		return "♠"
	case Hearts:
		return "♥"
	case Diamonds:
		return "♦"
	}
	return "?"
}

// Rank is a card's rank. The zero value, NoRank, is not a rank. Ranks are
// declared in the order they beat each other within a plain suit, so comparing
// two non-jack ranks with < compares their strength; Jack comes last because
// jacks are trumps and outrank every plain card.
type Rank uint8

// The ranks, weakest plain card first.
const (
	NoRank Rank = iota
	Seven
	Eight
	Nine
	Queen
	King
	Ten
	Ace
	Jack
)

var rankText = [...]string{"?", "7", "8", "9", "Q", "K", "10", "A", "J"}

// String returns the rank as written in a card's text form: "7" … "10", "J", "Q", "K", "A".
func (r Rank) String() string {
	if r > Jack {
		return "?"
	}
	return rankText[r]
}

// Card is one of the 32 cards, held in one byte. The zero value, NoCard, is
// not a card; valid cards are 1..32, numbered suit by suit in plain strength
// order, which is what CardSet's bits follow.
type Card uint8

// NoCard is the zero Card: "no card here".
const NoCard Card = 0

// NewCard returns the card of rank r and suit s, or ErrBadCard when either is
// out of range.
func NewCard(r Rank, s Suit) (Card, error) {
	if r < Seven || r > Jack || s < Clubs || s > Diamonds {
		return NoCard, fmt.Errorf("%w: rank %d suit %d", ErrBadCard, r, s)
	}
	return mk(r, s), nil
}

// mk builds a card from arguments already known to be valid.
func mk(r Rank, s Suit) Card { return Card(uint8(s-1)*8 + uint8(r)) }

// Valid reports whether c is one of the 32 cards.
func (c Card) Valid() bool { return c >= 1 && c <= 32 }

// Suit returns the card's printed suit. A jack's printed suit only orders it
// among the trumps; it never counts as that suit for following.
func (c Card) Suit() Suit {
	if !c.Valid() {
		return NoSuit
	}
	return Suit((c-1)/8 + 1)
}

// Rank returns the card's rank.
func (c Card) Rank() Rank {
	if !c.Valid() {
		return NoRank
	}
	return Rank((c-1)%8 + 1)
}

// IsJack reports whether c is a jack, that is a trump.
func (c Card) IsJack() bool { return c.Rank() == Jack }

// IsQueen reports whether c is a queen.
func (c Card) IsQueen() bool { return c.Rank() == Queen }

// Points returns the card points c is worth in a pile (the deck holds 120).
func (c Card) Points() int {
	switch c.Rank() {
	case Jack:
		return 2
	case Ace:
		return 11
	case Ten:
		return 10
	case King:
		return 4
	case Queen:
		return 3
	}
	return 0
}

// Bonus returns the queen bonus c carries on top of its card points:
// 300 for Q♣, 200 for Q♠, 100 for Q♥ and 0 for every other card. Q♦ has no
// bonus; its effect of cancelling bonuses is applied per pile (see ScorePile).
func (c Card) Bonus() int {
	if !c.IsQueen() {
		return 0
	}
	switch c.Suit() {
	case Clubs:
		return 300
	case Spades:
		return 200
	case Hearts:
		return 100
	}
	return 0
}

// String returns the card's text form, such as "JC" or "10H". NoCard and
// invalid values read "--".
func (c Card) String() string {
	if !c.Valid() {
		return "--"
	}
	return c.Rank().String() + c.Suit().String()
}

// Symbol returns the card's display form, such as "J♣" or "10♥".
func (c Card) Symbol() string {
	if !c.Valid() {
		return "--"
	}
	return c.Rank().String() + c.Suit().Symbol()
}

// MarshalText encodes c in its text form; NoCard encodes as the empty string
// so that the unused places of a Trick survive a JSON round trip.
func (c Card) MarshalText() ([]byte, error) {
	if c == NoCard {
		return []byte{}, nil
	}
	if !c.Valid() {
		return nil, fmt.Errorf("%w: value %d", ErrBadCard, uint8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText decodes what MarshalText produced, or any form ParseCard accepts.
func (c *Card) UnmarshalText(b []byte) error {
	if len(b) == 0 {
		*c = NoCard
		return nil
	}
	p, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = p
	return nil
}

// ParseCard reads one card: a rank (7, 8, 9, 10 or T, J, Q, K, A) followed by
// a suit letter (C, S, H, D) or symbol (♣ ♠ ♥ ♦, outlined ♧ ♤ ♡ ♢ too), in
// any case. An emoji variation selector after the symbol is ignored, since
// phones add one to "♥".
func ParseCard(s string) (Card, error) {
	t := strings.ToUpper(strings.TrimSpace(s))
	t = strings.TrimSuffix(t, "\uFE0F")
	var suit Suit
	for _, p := range suitForms {
		if strings.HasSuffix(t, p.text) {
			suit, t = p.suit, t[:len(t)-len(p.text)]
			break
		}
	}
	if suit == NoSuit {
		return NoCard, fmt.Errorf("%w: %q", ErrBadCard, s)
	}
	var rank Rank
	switch t {
	case "7":
		rank = Seven
	case "8":
		rank = Eight
	case "9":
		rank = Nine
	case "10", "T":
		rank = Ten
	case "J":
		rank = Jack
	case "Q":
		rank = Queen
	case "K":
		rank = King
	case "A":
		rank = Ace
	default:
		return NoCard, fmt.Errorf("%w: %q", ErrBadCard, s)
	}
	return mk(rank, suit), nil
}

var suitForms = [...]struct {
	text string
	suit Suit
}{
	{"C", Clubs}, {"S", Spades}, {"H", Hearts}, {"D", Diamonds},
	{"♣", Clubs}, {"♠", Spades}, {"♥", Hearts}, {"♦", Diamonds},
	{"♧", Clubs}, {"♤", Spades}, {"♡", Hearts}, {"♢", Diamonds},
}

// ParseCards reads cards separated by white space, such as "JC QS 10H 7D".
// An empty or blank string is an empty list. The same card may appear twice;
// whether that is allowed is for the caller to judge.
func ParseCards(s string) ([]Card, error) {
	fields := strings.Fields(s)
	out := make([]Card, 0, len(fields))
	for _, f := range fields {
		c, err := ParseCard(f)
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

// FormatCards writes cards in text form separated by single spaces, the
// inverse of ParseCards.
func FormatCards(cs []Card) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}
