package laro

import "time"

// CallOption is one way a seat may call LARO! on the claimable card: lay
// Pair with it as a cluster of Kind, or, with Win set, take it to complete
// a win (Pair is then unused).
//
// Kind of a winning option is the best cluster the card forms with two of
// the caller's hand cards: contests rank every caller by the best cluster
// they could lay.
type CallOption struct {
	Pair [2]Card
	Kind Kind
	Win  bool
}

// Action returns the Call that takes this option for seat.
func (o CallOption) Action(seat int) Call {
	if o.Win {
		return Call{Seat: seat, Win: true}
	}
	return Call{Seat: seat, Pair: o.Pair}
}

// Claim returns the contest entry for seat calling with this option at the
// given (snowflake) time.
func (o CallOption) Claim(seat int, at time.Time) Claim {
	return Claim{Seat: seat, At: at, Kind: o.Kind, Win: o.Win}
}

// CallOptions lists every call seat may make now: the winning call first if
// there is one, then each cluster, best kind first. Pairs that would print
// the same (Voids are interchangeable) are listed once. Empty when the seat
// may not call.
func (g *Game) CallOptions(seat int) []CallOption {
	if g.phase == PhaseOver || !g.claimable || seat < 0 || seat >= g.cfg.Seats ||
		g.out[seat] || seat == g.discarder {
		return nil
	}
	return callOptions(g.hands[seat], g.discard[len(g.discard)-1])
}

// BestCall returns the call a seat would be ranked by in a contest: the
// winning call if it has one, else its best cluster.
func (g *Game) BestCall(seat int) (CallOption, bool) {
	return first(g.CallOptions(seat))
}

func first(opts []CallOption) (CallOption, bool) {
	if len(opts) == 0 {
		return CallOption{}, false
	}
	return opts[0], true
}

// callOptions works from a hand alone: laid clusters never change, and a
// hand always holds exactly the cards still to be cut into clusters.
func callOptions(hand []Card, card Card) []CallOption {
	var h [9]Card
	n := copy(h[:], hand)
	sortCards(h[:n])
	var opts []CallOption
	var keyBuf [36]uint16 // at most C(9,2) pairs
	keys := keyBuf[:0]
	best := NoKind
	for i := range n {
		for j := i + 1; j < n; j++ {
			k := kindOf(h[i], h[j], card)
			if k == NoKind {
				continue
			}
			key := voidKey(h[i], h[j])
			dup := false
			for _, x := range keys {
				dup = dup || x == key
			}
			if dup {
				continue
			}
			keys = append(keys, key)
			opts = append(opts, CallOption{Pair: [2]Card{h[i], h[j]}, Kind: k})
			best = max(best, k)
		}
	}
	if len(opts) == 0 {
		return nil
	}
	// Stable insertion sort by kind, best first, keeping hand order within.
	for i := 1; i < len(opts); i++ {
		for j := i; j > 0 && opts[j].Kind > opts[j-1].Kind; j-- {
			opts[j], opts[j-1] = opts[j-1], opts[j]
		}
	}
	var s splitter
	if n < 9 {
		h[n] = card
		if s.split(h[:n+1]) {
			win := CallOption{Kind: best, Win: true}
			if n == 2 {
				// With two cards left the cluster is the win (ErrCallIsWin).
				return []CallOption{win}
			}
			opts = append([]CallOption{win}, opts...)
		}
	}
	return opts
}

// voidKey identifies a pair as players see it: any Void prints as "V".
func voidKey(a, b Card) uint16 {
	if a.IsVoid() && b.IsVoid() {
		return uint16(firstVoid)<<8 | uint16(firstVoid+1)
	}
	if b.IsVoid() {
		b = firstVoid
	}
	if a.IsVoid() {
		a = firstVoid
	}
	return uint16(a)<<8 | uint16(b)
}
