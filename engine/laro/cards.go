package laro

import (
	"errors"
	"fmt"
	"strings"
)

// Card is one of the 63 Laro cards. The zero value is NoCard.
//
// Cards 1..60 are the suited cards, ordered by suit, then subsuit (plus
// first), then value, so sorting cards groups a hand by suit and shows runs.
// Cards 61..63 are the three Void cards, numbered only to keep every card
// distinct.
type Card uint8

// NoCard is the zero Card: no card at all.
const NoCard Card = 0

// NumCards is the size of the deck.
const NumCards = 63

const firstVoid Card = 61

// Suit is the suit of a non-Void card. The zero value means none (a Void).
type Suit uint8

// The three suits, in sort order.
const (
	NoSuit Suit = iota
	Circle
	Triangle
	Square
)

// String returns the suit's letter: "C", "T" or "S" ("" for NoSuit).
func (s Suit) String() string {
	switch s {
	case Circle:
		return "C"
	case Triangle:
		return "T"
	case Square:
		return "S"
	}
	return ""
}

// Symbol returns the shape shown for the suit in Discord: ●, ▲ or ■.
func (s Suit) Symbol() string {
	switch s {
	case Circle:
		return "●"
	case Triangle:
		return "▲"
	case Square:
		return "■"
	}
	return ""
}

// ErrBadCard reports text or a number that is not a Laro card.
var ErrBadCard = errors.New("laro: not a card")

// NewCard returns the card of suit s, subsuit plus (true) or minus (false),
// and value 1..10.
func NewCard(s Suit, plus bool, value int) (Card, error) {
	if s < Circle || s > Square || value < 1 || value > 10 {
		return NoCard, fmt.Errorf("%w: suit %d value %d", ErrBadCard, s, value)
	}
	i := int(s-1)*20 + value - 1
	if !plus {
		i += 10
	}
	return Card(i + 1), nil
}

// VoidCard returns Void card n (0, 1 or 2); any other n yields NoCard.
func VoidCard(n int) Card {
	if n < 0 || n > 2 {
		return NoCard
	}
	return firstVoid + Card(n)
}

// Deck returns the 63 cards in sort order.
func Deck() []Card {
	d := make([]Card, NumCards)
	for i := range d {
		d[i] = Card(i + 1)
	}
	return d
}

// Valid reports whether c is one of the 63 cards.
func (c Card) Valid() bool { return c >= 1 && c <= NumCards }

// IsVoid reports whether c is a Void card.
func (c Card) IsVoid() bool { return c >= firstVoid && c <= NumCards }

// Suit returns the card's suit, NoSuit for a Void or invalid card.
func (c Card) Suit() Suit {
	if !c.Valid() || c.IsVoid() {
		return NoSuit
	}
	return Suit((c-1)/20 + 1)
}

// Plus reports whether a suited card is of the plus subsuit.
func (c Card) Plus() bool {
	return c.Suit() != NoSuit && (c-1)%20 < 10
}

// Value returns 1..10 for a suited card and 0 for a Void or invalid card.
func (c Card) Value() int {
	if c.Suit() == NoSuit {
		return 0
	}
	return int((c-1)%10) + 1
}

// String returns the text form: "C+1", "T-10", "V" ("?" for an invalid card).
func (c Card) String() string {
	if c.Valid() {
		return cardStrings[c]
	}
	return "?"
}

// Symbol returns the form shown to players: "●+1", "▲−10", "V".
func (c Card) Symbol() string {
	if c.Valid() {
		return cardSymbols[c]
	}
	return "?"
}

// Every card's two forms, made once: hands and tables name cards by the dozen
// on every move, and formatting them each time was a noticeable share of a
// busy bot's CPU.
var cardStrings, cardSymbols = func() (str, sym [NumCards + 1]string) {
	for c := Card(1); c <= NumCards; c++ {
		str[c], sym[c] = c.format(Suit.String, "-"), c.format(Suit.Symbol, "−")
	}
	return str, sym
}()

func (c Card) format(suit func(Suit) string, minus string) string {
	switch {
	case c.IsVoid():
		return "V"
	case !c.Valid():
		return "?"
	}
	sign := "+"
	if !c.Plus() {
		sign = minus
	}
	return fmt.Sprintf("%s%s%d", suit(c.Suit()), sign, c.Value())
}

// MarshalText encodes the card in its text form.
func (c Card) MarshalText() ([]byte, error) {
	if !c.Valid() {
		return nil, fmt.Errorf("%w: %d", ErrBadCard, uint8(c))
	}
	return []byte(c.String()), nil
}

// UnmarshalText parses one card; a "V" becomes Void card 0.
func (c *Card) UnmarshalText(b []byte) error {
	x, err := ParseCard(string(b))
	if err != nil {
		return err
	}
	*c = x
	return nil
}

// ParseCard parses one card in text or shown form, ignoring case.
// A "V" yields Void card 0; use ParseCards to read several Voids.
func ParseCard(s string) (Card, error) {
	if strings.EqualFold(s, "V") {
		return VoidCard(0), nil
	}
	var suit Suit
	rest := s
	for _, p := range []struct {
		prefix string
		suit   Suit
	}{
		{"C", Circle}, {"c", Circle}, {"●", Circle},
		{"T", Triangle}, {"t", Triangle}, {"▲", Triangle},
		{"S", Square}, {"s", Square}, {"■", Square},
	} {
		if strings.HasPrefix(rest, p.prefix) {
			suit, rest = p.suit, rest[len(p.prefix):]
			break
		}
	}
	if suit == NoSuit {
		return NoCard, fmt.Errorf("%w: %q", ErrBadCard, s)
	}
	var plus bool
	switch {
	case strings.HasPrefix(rest, "+"):
		plus, rest = true, rest[1:]
	case strings.HasPrefix(rest, "-"):
		rest = rest[1:]
	case strings.HasPrefix(rest, "−"):
		rest = rest[len("−"):]
	default:
		return NoCard, fmt.Errorf("%w: %q", ErrBadCard, s)
	}
	// Only the canonical "1".."10" are accepted, so each card has one text.
	v := 0
	switch {
	case rest == "10":
		v = 10
	case len(rest) == 1 && rest[0] >= '1' && rest[0] <= '9':
		v = int(rest[0] - '0')
	default:
		return NoCard, fmt.Errorf("%w: %q", ErrBadCard, s)
	}
	return NewCard(suit, plus, v)
}

// ParseCards parses cards separated by white space. Voids are numbered in
// the order they appear, so "V V V" yields the three distinct Void cards; a
// fourth Void is an error. Other cards may repeat: this is a parser, and the
// game rejects what is not in a hand.
func ParseCards(s string) ([]Card, error) {
	fields := strings.Fields(s)
	out := make([]Card, 0, len(fields))
	voids := 0
	for _, f := range fields {
		c, err := ParseCard(f)
		if err != nil {
			return nil, err
		}
		if c.IsVoid() {
			if voids == 3 {
				return nil, fmt.Errorf("%w: more than three Void cards in %q", ErrBadCard, s)
			}
			c = VoidCard(voids)
			voids++
		}
		out = append(out, c)
	}
	return out, nil
}

// FormatCards joins the text forms of cards with spaces.
func FormatCards(cs []Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}
