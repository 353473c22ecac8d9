package laus

import "math/bits"

// CardSet is a set of cards, one bit per card. It is a plain value: copying
// it copies the set, which is what lets the computer player reason about
// hands without allocating.
type CardSet uint32

// allCards holds the 32 cards.
const allCards CardSet = 1<<32 - 1

// SetOf returns the set holding cs. Invalid cards are ignored.
func SetOf(cs ...Card) CardSet {
	var s CardSet
	for _, c := range cs {
		s = s.With(c)
	}
	return s
}

func bit(c Card) CardSet {
	if !c.Valid() {
		return 0
	}
	return 1 << (c - 1)
}

// Has reports whether c is in s.
func (s CardSet) Has(c Card) bool { return c.Valid() && s&bit(c) != 0 }

// With returns s with c added.
func (s CardSet) With(c Card) CardSet { return s | bit(c) }

// Without returns s with c removed.
func (s CardSet) Without(c Card) CardSet { return s &^ bit(c) }

// Len returns the number of cards in s.
func (s CardSet) Len() int { return bits.OnesCount32(uint32(s)) }

// first returns the lowest-numbered card of s, or NoCard when s is empty.
func (s CardSet) first() Card {
	if s == 0 {
		return NoCard
	}
	return Card(bits.TrailingZeros32(uint32(s)) + 1)
}

// Cards returns the cards of s in display order (see SortCards).
func (s CardSet) Cards() []Card {
	out := make([]Card, 0, s.Len())
	for _, c := range displayOrder {
		if s&(1<<(c-1)) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// Points returns the card points of the cards in s.
func (s CardSet) Points() int {
	// Counting by rank keeps this branch-free: the AI calls it in its inner loop.
	return 11*(s&ranks[Ace]).Len() + 10*(s&ranks[Ten]).Len() + 4*(s&ranks[King]).Len() +
		3*(s&ranks[Queen]).Len() + 2*(s&ranks[Jack]).Len()
}

// Masks of the follow-suit groups: the four jacks, and each suit without its jack.
var (
	jacks   CardSet
	queens  CardSet
	plain   [5]CardSet // indexed by Suit; plain[NoSuit] is empty
	bonused CardSet    // the three queens carrying a bonus
	ranks   [9]CardSet // indexed by Rank: the four cards of each rank

	// displayOrder lists the 32 cards in the order SortCards gives.
	displayOrder [32]Card
)

func init() {
	for s := Clubs; s <= Diamonds; s++ {
		for r := Seven; r <= Jack; r++ {
			c := mk(r, s)
			ranks[r] = ranks[r].With(c)
			switch {
			case r == Jack:
				jacks = jacks.With(c)
			default:
				plain[s] = plain[s].With(c)
			}
			if r == Queen {
				queens = queens.With(c)
				if c.Bonus() > 0 {
					bonused = bonused.With(c)
				}
			}
		}
	}
	d := NewDeck()
	SortCards(d)
	copy(displayOrder[:], d)
}

// group returns the cards that follow c when c is led: the jacks for a jack,
// otherwise the non-jack cards of c's suit.
func group(c Card) CardSet {
	if c.IsJack() {
		return jacks
	}
	return plain[c.Suit()]
}
