package laro

import "math/bits"

// Kind is the kind of a cluster. The zero value, NoKind, means "not a
// cluster". Kinds are numbered by rank, so a greater Kind outranks a lesser
// one when calls are contested.
type Kind int

// The four cluster kinds, lowest rank first.
const (
	NoKind Kind = iota
	Corrupt
	Wild
	Pure
	Void
)

// String returns the kind's name, "" for NoKind.
func (k Kind) String() string {
	switch k {
	case Corrupt:
		return "Corrupt"
	case Wild:
		return "Wild"
	case Pure:
		return "Pure"
	case Void:
		return "Void"
	}
	return ""
}

// Points returns what a cluster of this kind scores in a winning hand.
func (k Kind) Points() int {
	switch k {
	case Corrupt:
		return 1
	case Wild:
		return 2
	case Pure:
		return 3
	case Void:
		return 9
	}
	return 0
}

// Classify returns the kind of cluster three cards form. It reports false
// for anything that is not a cluster, including a wrong number of cards,
// invalid cards and repeated cards.
func Classify(cs []Card) (Kind, bool) {
	if len(cs) != 3 {
		return NoKind, false
	}
	k := kindOf(cs[0], cs[1], cs[2])
	return k, k != NoKind
}

// kinds holds the kind of every ordered triple of card numbers 0..63, so
// that classifying a triple in the hot paths (best split, call options, the
// computer player) is one load.
var kinds [64 * 64 * 64]uint8

// completers[a<<6|b] is the set (bit c-1) of cards that make a cluster with
// the pair a, b.
var completers [64 * 64]uint64

func init() {
	for a := Card(1); a <= NumCards; a++ {
		for b := Card(1); b <= NumCards; b++ {
			var set uint64
			for c := Card(1); c <= NumCards; c++ {
				k := classify(a, b, c)
				kinds[int(a)<<12|int(b)<<6|int(c)] = uint8(k)
				if k != NoKind {
					set |= 1 << (c - 1)
				}
			}
			completers[int(a)<<6|int(b)] = set
		}
	}
}

func kindOf(a, b, c Card) Kind {
	if a > NumCards || b > NumCards || c > NumCards {
		return NoKind
	}
	return Kind(kinds[int(a)<<12|int(b)<<6|int(c)])
}

// outs counts the cards outside seen that would complete the pair a, b.
func outs(a, b Card, seen uint64) int {
	return bits.OnesCount64(completers[int(a)<<6|int(b)] &^ seen)
}

// classify is the rule itself; the table above is built from it.
func classify(a, b, c Card) Kind {
	if !a.Valid() || !b.Valid() || !c.Valid() || a == b || b == c || a == c {
		return NoKind
	}
	voids := 0
	var rest [3]Card
	n := 0
	for _, x := range [3]Card{a, b, c} {
		if x.IsVoid() {
			voids++
		} else {
			rest[n] = x
			n++
		}
	}
	switch voids {
	case 3:
		return Void
	case 2:
		return NoKind
	case 1:
		x, y := rest[0], rest[1]
		if x.Suit() != y.Suit() || x.Plus() != y.Plus() {
			return NoKind
		}
		// Two values one or two apart always leave room in 1..10 for the
		// Void to complete a run of three.
		if d := x.Value() - y.Value(); d == 1 || d == -1 || d == 2 || d == -2 {
			return Wild
		}
		return NoKind
	}
	if a.Suit() != b.Suit() || b.Suit() != c.Suit() {
		return NoKind
	}
	lo, mid, hi := a.Value(), b.Value(), c.Value()
	if lo > mid {
		lo, mid = mid, lo
	}
	if mid > hi {
		mid, hi = hi, mid
	}
	if lo > mid {
		lo, mid = mid, lo
	}
	if mid != lo+1 || hi != mid+1 {
		return NoKind
	}
	if a.Plus() == b.Plus() && b.Plus() == c.Plus() {
		return Pure
	}
	return Corrupt
}
