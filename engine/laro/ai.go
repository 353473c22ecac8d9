package laro

import (
	"math/rand/v2"

	"github.com/cardbot/cardbot/engine/cards"
)

// Player is a strategy for one seat. Every decision gets only the seat's
// View, so a strategy cannot see other seats' hidden cards.
type Player interface {
	// Draw chooses the discard pile (true) or the deck for the seat's draw.
	Draw(v View) (fromDiscard bool)
	// DeclareWin is asked when the seat holds a win; false plays on.
	DeclareWin(v View) bool
	// Discard chooses the card to discard from v.Hand.
	Discard(v View) Card
	// Call decides whether to call LARO! on the claimable card, and how.
	Call(v View) (CallOption, bool)
}

// Choose asks p for the seat's move when it is that seat's turn: a draw,
// a win declaration or a discard. It reports false when the seat has no
// move to make.
func Choose(p Player, v View) (Action, bool) {
	if !v.MyTurn() {
		return nil, false
	}
	switch v.Phase {
	case PhaseDraw:
		return Draw{Seat: v.Seat, FromDiscard: v.Top != NoCard && p.Draw(v)}, true
	case PhaseDiscard:
		if _, ok := v.Win(); ok && p.DeclareWin(v) {
			return DeclareWin{Seat: v.Seat}, true
		}
	}
	return Discard{Seat: v.Seat, Card: p.Discard(v)}, true
}

// ChooseCall asks p whether the viewing seat calls LARO! on the claimable
// card, and returns the call and the option it takes.
func ChooseCall(p Player, v View) (Call, CallOption, bool) {
	if !v.CanCall() {
		return Call{}, CallOption{}, false
	}
	o, ok := p.Call(v)
	if !ok {
		return Call{}, CallOption{}, false
	}
	return o.Action(v.Seat), o, true
}

// AutoPlay returns the move played for a seat whose turn timed out: the
// Computer player's choice. It reports false when the seat has no move.
func AutoPlay(g *Game, seat int) (Action, bool) {
	return Choose(Computer{}, g.View(seat))
}

// Computer is the heuristic computer player. It values a hand by its best
// set of disjoint groups: complete clusters, and pairs weighted by how many
// unseen cards would complete them. It takes the discard when that clearly
// improves the hand, always declares a win, discards the card whose loss
// hurts least and calls LARO! whenever laying the cluster does not spoil
// the hand.
type Computer struct{}

// takeGain is how much better a hand must get for Computer to take the
// visible discard rather than gamble on the deck: roughly a pair becoming
// a cluster.
const takeGain = 40

// Draw takes the discard if it completes a win or clearly helps.
func (Computer) Draw(v View) bool {
	if v.Top == NoCard {
		return false
	}
	need, seen := 3-len(v.Laid[v.Seat]), v.seen()
	h := append(v.Hand[:len(v.Hand):len(v.Hand)], v.Top)
	var s splitter
	if s.split(h) {
		return true
	}
	_, after := bestDiscard(h, need, seen, v.Top)
	return after >= evaluate(v.Hand, need, seen)+takeGain
}

// DeclareWin always takes the win: waiting for more points risks the game.
func (Computer) DeclareWin(View) bool { return true }

// Discard drops the card the hand misses least.
func (Computer) Discard(v View) Card {
	c, _ := bestDiscard(v.Hand, 3-len(v.Laid[v.Seat]), v.seen(), NoCard)
	return c
}

// Call always takes a winning call, and a cluster call when the hand with
// the laid cluster is worth at least what it was.
func (Computer) Call(v View) (CallOption, bool) {
	opts := v.CallOptions()
	if len(opts) == 0 {
		return CallOption{}, false
	}
	if opts[0].Win {
		return opts[0], true
	}
	need, seen := 3-len(v.Laid[v.Seat]), v.seen()
	now := evaluate(v.Hand, need, seen)
	best, bestVal := -1, 0
	var rest [9]Card
	for i, o := range opts {
		n := 0
		for _, c := range v.Hand {
			if c != o.Pair[0] && c != o.Pair[1] {
				rest[n] = c
				n++
			}
		}
		_, after := bestDiscard(rest[:n], need-1, seen, NoCard)
		val := clusterScore(o.Kind) + after
		if best < 0 || val > bestVal {
			best, bestVal = i, val
		}
	}
	if bestVal < now {
		return CallOption{}, false
	}
	return opts[best], true
}

// bestDiscard returns the card of hand (other than keep) whose removal
// leaves the best hand, and that hand's value.
func bestDiscard(hand []Card, need int, seen uint64, keep Card) (Card, int) {
	var rest [9]Card
	best, bestVal := NoCard, -1
	for i, c := range hand {
		if c == keep {
			continue
		}
		n := copy(rest[:], hand[:i])
		n += copy(rest[n:], hand[i+1:])
		if val := evaluate(rest[:n], need, seen); val > bestVal {
			best, bestVal = c, val
		}
	}
	return best, bestVal
}

func clusterScore(k Kind) int { return 100 + 4*k.Points() }

func pairScore(outs int) int { return 10 + 5*min(outs, 6) }

type group struct {
	mask  uint16
	score int
}

// evaluate scores a hand that still has to form need clusters: the best
// total of at most need disjoint groups, each a complete cluster or a pair
// some unseen card would complete.
func evaluate(hand []Card, need int, seen uint64) int {
	var gs [120]group
	n := 0
	for i := range hand {
		for j := i + 1; j < len(hand); j++ {
			base := int(hand[i])<<12 | int(hand[j])<<6
			for k := j + 1; k < len(hand); k++ {
				if kd := Kind(kinds[base|int(hand[k])]); kd != NoKind {
					gs[n] = group{1<<i | 1<<j | 1<<k, clusterScore(kd)}
					n++
				}
			}
			if o := outs(hand[i], hand[j], seen); o > 0 {
				gs[n] = group{1<<i | 1<<j, pairScore(o)}
				n++
			}
		}
	}
	list := gs[:n]
	for i := 1; i < n; i++ {
		for j := i; j > 0 && list[j].score > list[j-1].score; j-- {
			list[j], list[j-1] = list[j-1], list[j]
		}
	}
	return bestGroups(list, 0, need)
}

// bestGroups picks at most slots disjoint groups from gs (best first) with
// the greatest total score.
func bestGroups(gs []group, used uint16, slots int) int {
	if slots == 0 {
		return 0
	}
	best := 0
	for i, g := range gs {
		// Sorted best first: nothing further can beat best.
		if g.score*slots <= best {
			break
		}
		if g.mask&used != 0 {
			continue
		}
		if v := g.score + bestGroups(gs[i+1:], used|g.mask, slots-1); v > best {
			best = v
		}
	}
	return best
}

// Random plays uniformly random legal moves from its own seeded source; it
// is the yardstick the Computer is measured against. It calls LARO! on half
// the discards it could call on, with a random option, and declares half
// the wins it holds.
type Random struct {
	rng *rand.Rand
}

// NewRandom returns a Random player drawing from its own seeded source.
func NewRandom(seed uint64) *Random { return &Random{rng: cards.NewRand(seed)} }

// Draw picks deck or discard at random.
func (r *Random) Draw(v View) bool { return v.Top != NoCard && r.rng.IntN(2) == 0 }

// DeclareWin flips a coin.
func (r *Random) DeclareWin(View) bool { return r.rng.IntN(2) == 0 }

// Discard picks any card of the hand.
func (r *Random) Discard(v View) Card { return v.Hand[r.rng.IntN(len(v.Hand))] }

// Call calls half the time it can, with a random option.
func (r *Random) Call(v View) (CallOption, bool) {
	opts := v.CallOptions()
	if len(opts) == 0 || r.rng.IntN(2) == 0 {
		return CallOption{}, false
	}
	return opts[r.rng.IntN(len(opts))], true
}
