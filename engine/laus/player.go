package laus

import (
	"math/bits"
	"math/rand/v2"

	"github.com/cardbot/cardbot/engine/cards"
)

// Player chooses moves for one seat. Its only input is that seat's View, so
// no strategy can see another seat's hidden cards.
type Player interface {
	// Skat reports whether to look at the skat (true) or pass (false).
	Skat(v View) (look bool)
	// LayBack picks the two cards to lay back after looking; the hand in v
	// already holds the picked-up skat.
	LayBack(v View) [2]Card
	// Play picks the card to play to the current trick.
	Play(v View) Card
}

// Decide asks p for the move of seat v.Seat and returns it as an Action, or
// false when that seat is not to act. A choice the rules would refuse (a
// faulty strategy) is replaced by the first legal one, so the result can
// always be applied: the bot relies on this when it plays for an absent player.
func Decide(p Player, v View) (Action, bool) {
	if !v.MyTurn() {
		return nil, false
	}
	hand := SetOf(v.Hand...)
	switch v.Phase {
	case PhaseSkat:
		if p.Skat(v) {
			return Look{Seat: v.Seat}, true
		}
		return Pass{Seat: v.Seat}, true
	case PhaseLayBack:
		cs := p.LayBack(v)
		if checkLayBack(hand, cs) != nil {
			ok := hand &^ (jacks | queens)
			a := ok.first()
			cs = [2]Card{a, ok.Without(a).first()}
		}
		return LayBack{Seat: v.Seat, Cards: cs}, true
	case PhasePlay:
		legal := legalSet(hand, v.Trick.Led())
		c := p.Play(v)
		if !legal.Has(c) {
			c = legal.first()
		}
		return Play{Seat: v.Seat, Card: c}, true
	}
	return nil, false
}

// Random plays uniformly random legal moves from its own seeded source. It
// exists to measure the Computer against, and to fuzz the engine.
type Random struct{ rng *rand.Rand }

// NewRandom returns a Random player drawing from a source seeded with seed.
func NewRandom(seed uint64) *Random { return &Random{rng: cards.NewRand(seed)} }

// Skat looks or passes with equal chance.
func (r *Random) Skat(View) bool { return r.rng.IntN(2) == 0 }

// LayBack picks two different allowed cards at random.
func (r *Random) LayBack(v View) [2]Card {
	ok := SetOf(v.Hand...) &^ (jacks | queens)
	a := r.pick(ok)
	return [2]Card{a, r.pick(ok.Without(a))}
}

// Play picks a legal card at random.
func (r *Random) Play(v View) Card {
	return r.pick(legalSet(SetOf(v.Hand...), v.Trick.Led()))
}

// pick returns a uniformly chosen card of s (NoCard when s is empty).
func (r *Random) pick(s CardSet) Card {
	if s == 0 {
		return NoCard
	}
	for k := r.rng.IntN(s.Len()); k > 0; k-- {
		s &= s - 1
	}
	return Card(bits.TrailingZeros32(uint32(s)) + 1)
}
