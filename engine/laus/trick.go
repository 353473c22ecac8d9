package laus

// Legal returns the cards of hand that may be played to trick, in hand order.
// trick[0] is the card led; on an empty trick every card is legal. A player
// must follow the led group when able: jacks when a jack was led, otherwise
// non-jack cards of the led suit (a jack never counts as its printed suit).
// Without such a card any card may be played.
func Legal(hand, trick []Card) []Card {
	if len(trick) == 0 {
		return append([]Card(nil), hand...)
	}
	g := group(trick[0])
	var out []Card
	for _, c := range hand {
		if g.Has(c) {
			out = append(out, c)
		}
	}
	if len(out) == 0 {
		return append([]Card(nil), hand...)
	}
	return out
}

// legalSet is Legal on sets: the cards of hand playable after led (NoCard: leading).
func legalSet(hand CardSet, led Card) CardSet {
	if led == NoCard {
		return hand
	}
	if f := hand & group(led); f != 0 {
		return f
	}
	return hand
}

// beats reports whether c, played to a trick whose best card so far is w,
// takes the lead from it. Because only cards of the led group or jacks can
// ever be best, w is either a jack or a card of the led suit.
func beats(c, w Card) bool {
	if c.IsJack() {
		// Lower suit number = higher trump: J♣ J♠ J♥ J♦.
		return !w.IsJack() || c.Suit() < w.Suit()
	}
	if w.IsJack() {
		return false
	}
	return c.Suit() == w.Suit() && c.Rank() > w.Rank()
}

// TrickWinner returns the index in trick of the card that wins it: the
// highest jack, or without a jack the highest card of the suit led. It
// returns -1 for an empty trick.
func TrickWinner(trick []Card) int {
	if len(trick) == 0 {
		return -1
	}
	w := 0
	for i := 1; i < len(trick); i++ {
		if beats(trick[i], trick[w]) {
			w = i
		}
	}
	return w
}

// Trick is one trick as the table sees it. Cards[i] was played by seat
// (Leader+i) mod Seats; places from N on hold NoCard. It is a plain value
// (no slices), so copying a Trick copies it entirely.
type Trick struct {
	Leader int     `json:"leader"`
	Seats  int     `json:"seats"`
	N      int     `json:"n"`
	Cards  [4]Card `json:"cards"`
}

// Played returns a copy of the cards played so far, in playing order.
func (t Trick) Played() []Card { return append([]Card(nil), t.Cards[:t.N]...) }

// SeatOf returns the seat that played the i-th card of the trick.
func (t Trick) SeatOf(i int) int { return (t.Leader + i) % t.Seats }

// Led returns the card led, or NoCard for an empty trick.
func (t Trick) Led() Card { return t.Cards[0] }

// best returns the index of the card currently winning the trick (-1 if empty).
func (t Trick) best() int { return TrickWinner(t.Cards[:t.N]) }

// Winner returns the seat currently winning the trick (the seat that took it,
// once complete), or -1 for an empty trick.
func (t Trick) Winner() int {
	i := t.best()
	if i < 0 {
		return -1
	}
	return t.SeatOf(i)
}

// Complete reports whether every seat has played to the trick.
func (t Trick) Complete() bool { return t.Seats > 0 && t.N == t.Seats }

// set returns the trick's cards as a set.
func (t Trick) set() CardSet {
	var s CardSet
	for _, c := range t.Cards[:t.N] {
		s = s.With(c)
	}
	return s
}
