package laus

// Computer is the heuristic computer player. It holds no state: every choice
// follows from the View alone, so the same Computer can stand in for any seat,
// including a human whose turn time ran out. Its zero value is ready to use.
//
// Every card is weighed by two estimates, in card points: what taking the
// current trick would add to the seat's own score (queen bonuses included,
// with Q♦ cancelling them), times the chance of taking it with that card; and
// what keeping the card costs later (high cards win tricks, queens may have to
// be taken). It plays the card with the lowest expected cost. So it ducks under
// the winning card with its most dangerous card, dumps queens and high-point
// cards when void, leads low cards, and keeps Q♦ when it would protect bonuses
// already in its pile. It never allocates: it works on CardSet values.
type Computer struct{}

// knowledge is what a seat can deduce from its View.
type knowledge struct {
	n, seat int
	hand    CardSet
	unseen  CardSet    // cards in other hands or the skat, as far as the seat knows
	piles   [4]CardSet // cards each seat has taken this round
	void    [4]CardSet // groups (as card masks) each seat is known to be void in
}

func know(v *View) knowledge {
	k := knowledge{n: v.Seats, seat: v.Seat}
	for _, c := range v.Hand {
		k.hand = k.hand.With(c)
	}
	var laid CardSet
	for _, c := range v.LaidBack {
		laid = laid.With(c)
	}
	k.unseen = allCards &^ k.hand &^ v.Played &^ laid
	for i := range v.History {
		t := &v.History[i]
		k.piles[t.Winner()] |= t.set()
		k.noteVoids(t)
	}
	k.noteVoids(&v.Trick)
	return k
}

// noteVoids records the seats that did not follow t's led group.
func (k *knowledge) noteVoids(t *Trick) {
	if t.N == 0 {
		return
	}
	g := group(t.Cards[0])
	for i := 1; i < t.N; i++ {
		if !g.Has(t.Cards[i]) {
			k.void[t.SeatOf(i)] |= g
		}
	}
}

// over[c] holds the cards of c's group that beat c.
var over [33]CardSet

func init() {
	for a := Card(1); a <= 32; a++ {
		for b := Card(1); b <= 32; b++ {
			if group(a).Has(b) && beats(b, a) {
				over[a] = over[a].With(b)
			}
		}
	}
}

// half[h] is the rough chance that a card with h unseen cards above it is
// not beaten: opponents holding higher cards usually duck, so it falls off
// slower than halving.
var half = [...]float64{1, 0.6, 0.36, 0.22, 0.13, 0.08, 0.05, 0.03, 0.02}

func chance(h int) float64 {
	if h >= len(half) {
		return 0.01
	}
	return half[h]
}

// delta returns how much taking the cards t would change pile's score.
func delta(pile, t CardSet) float64 {
	return float64(scoreSet(pile|t).Total() - scoreSet(pile).Total())
}

// holdCost estimates what keeping c in hand will cost later.
func (k *knowledge) holdCost(c Card) float64 {
	h := (over[c] & k.unseen).Len()
	power := 1 / float64(1+h)
	cost := 10*power + 0.3*float64(c.Points())
	if b := c.Bonus(); b > 0 {
		cost += float64(b) * (0.15 + 0.5*power)
	}
	if c == qd {
		// Q♦ only protects from inside the pile: keep it to take it oneself
		// while bonuses sit in the pile, otherwise it is a plain 3-pointer.
		if p := scoreSet(k.piles[k.seat]); !p.Cancelled && p.RawBonus > 0 {
			cost -= 0.4 * float64(p.RawBonus)
		}
	}
	return cost
}

// dumpRisk estimates what the seats after this one will add to a trick led
// with group g, if this seat ends up taking it.
func (k *knowledge) dumpRisk(g CardSet, after int) float64 {
	if after == 0 || k.unseen == 0 {
		return 0
	}
	avg := float64(k.unseen.Points()) / float64(k.unseen.Len())
	bonus := float64(bonusOf(k.unseen))
	if k.unseen.Has(qd) {
		bonus *= 0.5
	}
	follow := float64((g & k.unseen).Len())
	risk := 0.0
	for i := 1; i <= after; i++ {
		s := (k.seat + i) % k.n
		voidP := 1 - follow/float64(2*(k.n-1))
		if k.void[s]&g != 0 {
			voidP = 1
		}
		if voidP < 0.05 {
			voidP = 0.05
		}
		risk += avg + voidP*bonus/float64(k.n-1)*0.5
	}
	return risk
}

// Skat looks unless the hand is safe enough that doubling the round hurts the
// others more: looking never worsens a hand much (the picked-up cards can go
// straight back when they are not queens or jacks), while a pass doubles
// every score.
func (Computer) Skat(v View) bool {
	k := know(&v)
	cost := 0.0
	for r := k.hand; r != 0; r &= r - 1 {
		cost += k.holdCost(r.first())
	}
	return cost > skatPassBelow
}

// skatPassBelow is the hand cost under which the Computer passes. Hands with
// no bonus queen and few likely winners fall below it: about one deal in ten.
const skatPassBelow = 110

// LayBack lays back the two allowed cards that are costliest to keep,
// preferring pairs that empty a suit from the hand (a void lets the seat dump
// its dangerous cards on other players' tricks).
func (Computer) LayBack(v View) [2]Card {
	k := know(&v)
	ok := k.hand &^ (jacks | queens)
	var best [2]Card
	bestScore := -1e18
	for r := ok; r != 0; r &= r - 1 {
		a := r.first()
		for q := r &^ bit(a); q != 0; q &= q - 1 {
			b := q.first()
			score := k.holdCost(a) + k.holdCost(b)
			left := k.hand.Without(a).Without(b)
			for s := Clubs; s <= Diamonds; s++ {
				if k.hand&plain[s] != 0 && left&plain[s] == 0 {
					score += 8
				}
			}
			if score > bestScore {
				best, bestScore = [2]Card{a, b}, score
			}
		}
	}
	return best
}

// Play picks the legal card with the lowest expected cost.
func (Computer) Play(v View) Card {
	k := know(&v)
	t := &v.Trick
	legal := legalSet(k.hand, t.Led())
	after := k.n - 1 - t.N
	var g CardSet
	bestIdx, winner := -1, -1
	if t.N > 0 {
		g = group(t.Cards[0])
		bestIdx = t.best()
		winner = t.SeatOf(bestIdx)
	}
	mine := k.piles[k.seat]
	best, bestCost := NoCard, 1e18
	for r := legal; r != 0; r &= r - 1 {
		c := r.first()
		cost := -k.holdCost(c)
		if t.N > 0 && !beats(c, t.Cards[bestIdx]) {
			// The card cannot take the trick; what it gives away matters
			// only a little, as the receiver's score (the match is lost by
			// the highest total, so feeding others points is welcome).
			cost -= 0.05 * delta(k.piles[winner], bit(c))
		} else {
			lead := g
			if t.N == 0 {
				lead = group(c)
			}
			above := over[c] & k.unseen
			if !c.IsJack() && lead != jacks {
				for i := 1; i <= after; i++ {
					if k.void[(k.seat+i)%k.n]&lead != 0 {
						above |= jacks & k.unseen
						break
					}
				}
			}
			p := 1.0
			if after > 0 {
				p = chance(above.Len())
			}
			taken := t.set().With(c)
			cost += p * (delta(mine, taken) + k.dumpRisk(lead, after))
		}
		if cost < bestCost {
			best, bestCost = c, cost
		}
	}
	return best
}
