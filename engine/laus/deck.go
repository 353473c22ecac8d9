package laus

import "slices"

// NewDeck returns the 32 cards in a fixed order (suit by suit). Every round
// shuffles a fresh copy of it with the match's seeded source.
func NewDeck() []Card {
	d := make([]Card, 32)
	for i := range d {
		d[i] = Card(i + 1)
	}
	return d
}

// sortKey orders cards for display: trumps first (J♣ J♠ J♥ J♦), then ♣ ♠ ♥ ♦,
// each suit from high to low (A 10 K Q 9 8 7).
func sortKey(c Card) int {
	if c.IsJack() {
		return int(c.Suit())
	}
	return 8 + int(c.Suit())*8 - int(c.Rank())
}

// SortCards sorts cs in place into display order: trumps first (J♣ J♠ J♥ J♦),
// then clubs, spades, hearts and diamonds, each from high to low.
func SortCards(cs []Card) {
	slices.SortFunc(cs, func(a, b Card) int { return sortKey(a) - sortKey(b) })
}
