package laro

import "slices"

// SortHand returns a sorted copy of a hand: grouped by suit (Circle,
// Triangle, Square), plus before minus, values rising, Voids last. Runs that
// are forming stand next to each other.
func SortHand(hand []Card) []Card { return sortedCopy(hand) }

func sortedCopy(cs []Card) []Card {
	out := slices.Clone(cs)
	sortCards(out)
	return out
}

// sortCards sorts in place; hands are at most nine cards, so an insertion
// sort beats the generic sort and never allocates.
func sortCards(cs []Card) {
	for i := 1; i < len(cs); i++ {
		for j := i; j > 0 && cs[j] < cs[j-1]; j-- {
			cs[j], cs[j-1] = cs[j-1], cs[j]
		}
	}
}

// Hint is a group of cards in a hand worth showing together: a complete
// cluster (Kind set) or a pair that one more card would make a cluster
// (Kind NoKind, Needs listing the completing cards' text, Voids as one "V").
type Hint struct {
	Cards []Card
	Kind  Kind
	Needs []string
}

// printedKey packs up to three cards, in order, into a number that is equal
// for two groups exactly when they print the same: every Void counts as the
// first, since all Voids print as "V".
func printedKey(cs []Card) uint32 {
	key := uint32(len(cs))
	for _, c := range cs {
		if c.IsVoid() {
			c = firstVoid
		}
		key = key<<6 | uint32(c)
	}
	return key
}

// Hints lists, for display, every complete cluster in a hand and every pair
// one card short of a cluster. Voids are interchangeable, so groups that
// would print the same are listed once.
func Hints(hand []Card) []Hint { return FirstHints(hand, -1) }

// FirstHints returns the first n hints of Hints(hand), or all of them when n
// is negative, without finding the rest: a hand message shows a few, and is
// drawn on nearly every click.
func FirstHints(hand []Card, n int) []Hint {
	if n == 0 {
		return nil
	}
	var sorted [HandSize + 1]Card // a hand holding the card just drawn
	h := sorted[:0]
	if len(hand) > len(sorted) {
		h = nil // more than a hand holds: not in a game, but still answered
	}
	h = append(h, hand...)
	sortCards(h)
	// The hints' cards and needs share one array each, not one per hint,
	// sized for n hints (a pair needs a few cards) when n is given.
	var out []Hint
	var cards []Card
	var needs []string
	if n > 0 {
		out, cards, needs = make([]Hint, 0, n), make([]Card, 0, 3*n), make([]string, 0, 4*n)
	}
	// The keys of the groups listed so far: a hand has few, so a scan beats
	// a map, and a key packs a group's cards into one number instead of
	// printing them.
	var printedKeys [16]uint32
	printed := printedKeys[:0]
	add := func(x Hint) bool {
		key := printedKey(x.Cards)
		if slices.Contains(printed, key) {
			return false
		}
		printed = append(printed, key)
		out = append(out, x)
		return len(out) == n
	}
	for i := range h {
		for j := i + 1; j < len(h); j++ {
			for k := j + 1; k < len(h); k++ {
				if kd := kindOf(h[i], h[j], h[k]); kd != NoKind {
					cards = append(cards, h[i], h[j], h[k])
					if add(Hint{Cards: cards[len(cards)-3 : len(cards) : len(cards)], Kind: kd}) {
						return out
					}
				}
			}
		}
	}
	for i := range h {
		for j := i + 1; j < len(h); j++ {
			set := completers[int(h[i])<<6|int(h[j])]
			if set == 0 {
				continue
			}
			from := len(needs)
			void := false
			for c := Card(1); c <= NumCards; c++ {
				if set&bit(c) == 0 {
					continue
				}
				if c.IsVoid() {
					if void {
						continue
					}
					void = true
				}
				needs = append(needs, c.String())
			}
			cards = append(cards, h[i], h[j])
			if add(Hint{Cards: cards[len(cards)-2 : len(cards) : len(cards)], Needs: needs[from:len(needs):len(needs)]}) {
				return out
			}
		}
	}
	return out
}
