package laro

import (
	"fmt"
	"slices"

	"github.com/cardbot/cardbot/engine/cards"
)

// Apply checks an action against the rules and, if it is legal, plays it
// and appends it to the log. A refused action returns an error wrapping one
// of the Err values and changes nothing.
//
// An action naming a Void card is recorded with the lowest-numbered Void the
// seat holds, since Voids are interchangeable.
func (g *Game) Apply(a Action) error {
	c, err := g.check(a)
	if err != nil {
		return err
	}
	g.do(c)
	g.log = append(g.log, c)
	return nil
}

// Check reports whether a would be accepted now, without playing it: the
// bot asks before it queues a draw behind the LARO! window.
func (g *Game) Check(a Action) error {
	_, err := g.check(a)
	return err
}

// check validates a without touching the game and returns the action in
// the canonical form that is played and logged.
func (g *Game) check(a Action) (Action, error) {
	if a == nil {
		return nil, ErrBadAction
	}
	if g.phase == PhaseOver {
		return nil, ErrGameOver
	}
	seat := a.ActionSeat()
	if seat < 0 || seat >= g.cfg.Seats {
		return nil, fmt.Errorf("%w: %d", ErrBadSeat, seat)
	}
	if g.out[seat] {
		return nil, ErrForfeited
	}
	switch a := a.(type) {
	case Draw:
		if err := g.checkTurn(seat, PhaseDraw); err != nil {
			return nil, err
		}
		if a.FromDiscard && len(g.discard) == 0 {
			return nil, ErrDiscardEmpty
		}
		return boxedDraw[seat][b2i(a.FromDiscard)], nil
	case Discard:
		if err := g.checkTurn(seat, PhaseDiscard); err != nil {
			return nil, err
		}
		c, ok := resolve(g.hands[seat], a.Card, NoCard)
		if !ok {
			return nil, fmt.Errorf("%w: %v", ErrNotInHand, a.Card)
		}
		return boxedDiscard[seat][c], nil
	case DeclareWin:
		if err := g.checkTurn(seat, PhaseDiscard); err != nil {
			return nil, err
		}
		if g.phase == PhaseCallDiscard {
			return nil, ErrMustDiscard
		}
		var s splitter
		if !s.split(g.hands[seat]) {
			return nil, ErrNotWinning
		}
		return boxedWin[seat], nil
	case Call:
		return g.checkCall(a)
	case Forfeit:
		return a, nil
	}
	return nil, ErrBadAction
}

// checkTurn checks that seat is to move and that the game waits for a draw
// (want PhaseDraw) or for a discard (want PhaseDiscard, which also accepts
// the discard owed after a call).
func (g *Game) checkTurn(seat int, want Phase) error {
	if seat != g.turn {
		return ErrNotYourTurn
	}
	if want == PhaseDraw && g.phase != PhaseDraw {
		return ErrMustDiscard
	}
	if want == PhaseDiscard && g.phase == PhaseDraw {
		return ErrMustDraw
	}
	return nil
}

func (g *Game) checkCall(a Call) (Action, error) {
	if !g.claimable {
		return nil, ErrNothingToCall
	}
	if a.Seat == g.discarder {
		return nil, ErrOwnDiscard
	}
	card := g.discard[len(g.discard)-1]
	hand := g.hands[a.Seat]
	if a.Win {
		var s splitter
		if !s.split(append(slices.Clip(hand), card)) {
			return nil, ErrNotWinning
		}
		return Call{Seat: a.Seat, Win: true}, nil
	}
	p0, ok0 := resolve(hand, a.Pair[0], NoCard)
	p1, ok1 := resolve(hand, a.Pair[1], p0)
	if !ok0 || !ok1 {
		return nil, fmt.Errorf("%w: %v %v", ErrNotInHand, a.Pair[0], a.Pair[1])
	}
	if p0 == p1 || kindOf(p0, p1, card) == NoKind {
		return nil, fmt.Errorf("%w: %v %v %v", ErrNotCluster, p0, p1, card)
	}
	if len(hand) == 2 {
		// Laying the last two hand cards completes three clusters: that is
		// the win, and there would be nothing left to discard.
		return nil, ErrCallIsWin
	}
	if p1 < p0 {
		p0, p1 = p1, p0
	}
	return Call{Seat: a.Seat, Pair: [2]Card{p0, p1}}, nil
}

// resolve finds card c in hand. A Void stands for the lowest-numbered Void
// in the hand other than skip.
func resolve(hand []Card, c, skip Card) (Card, bool) {
	if c.IsVoid() {
		best := NoCard
		for _, h := range hand {
			if h.IsVoid() && h != skip && (best == NoCard || h < best) {
				best = h
			}
		}
		return best, best != NoCard
	}
	return c, c.Valid() && slices.Contains(hand, c)
}

// do plays a checked, canonical action.
func (g *Game) do(a Action) {
	switch a := a.(type) {
	case Draw:
		g.doDraw(a)
	case Discard:
		g.hands[a.Seat] = remove(g.hands[a.Seat], a.Card)
		g.discard = append(g.discard, a.Card)
		g.claimable, g.discarder = true, a.Seat
		g.drawn = NoCard
		g.turn, g.phase = g.nextActive(a.Seat), PhaseDraw
	case DeclareWin:
		g.win(a.Seat, g.hands[a.Seat])
	case Call:
		g.doCall(a)
	case Forfeit:
		g.doForfeit(a.Seat)
	}
}

func (g *Game) doDraw(a Draw) {
	var c Card
	if a.FromDiscard {
		c = g.discard[len(g.discard)-1]
		g.discard = g.discard[:len(g.discard)-1]
	} else {
		if len(g.deck) == 0 {
			if g.reshuffles == MaxReshuffles || len(g.discard) <= 1 {
				g.finish(EndDeckOut, -1, 0, nil)
				return
			}
			top := g.discard[len(g.discard)-1]
			g.deck = append(g.deck, g.discard[:len(g.discard)-1]...)
			g.discard = append(g.discard[:0], top)
			g.shuffle(g.deck)
			g.reshuffles++
		}
		c = g.pop()
	}
	g.turns++
	g.claimable = false
	g.hands[a.Seat] = append(g.hands[a.Seat], c)
	g.drawn = c
	g.phase = PhaseDiscard
}

func (g *Game) doCall(a Call) {
	card := g.discard[len(g.discard)-1]
	g.discard = g.discard[:len(g.discard)-1]
	g.claimable = false
	g.turns++
	if a.Win {
		g.hands[a.Seat] = append(g.hands[a.Seat], card)
		g.win(a.Seat, g.hands[a.Seat])
		return
	}
	h := remove(g.hands[a.Seat], a.Pair[0])
	g.hands[a.Seat] = remove(h, a.Pair[1])
	cluster := []Card{a.Pair[0], a.Pair[1], card}
	sortCards(cluster)
	g.laid[a.Seat] = append(g.laid[a.Seat], cluster)
	// Seats between the discarder and the caller are jumped.
	g.turn, g.phase, g.drawn = a.Seat, PhaseCallDiscard, card
}

func (g *Game) doForfeit(seat int) {
	g.out[seat] = true
	gone := slices.Clone(g.hands[seat])
	for _, cl := range g.laid[seat] {
		gone = append(gone, cl...)
	}
	// Shuffled face down under the deck: whoever draws them later learns
	// nothing about how they were held.
	g.shuffle(gone)
	g.deck = append(gone, g.deck...)
	g.hands[seat], g.laid[seat] = nil, nil
	if g.turn == seat {
		g.turn, g.phase, g.drawn = g.nextActive(seat), PhaseDraw, NoCard
	}
	active, last := 0, -1
	for s, out := range g.out {
		if !out {
			active, last = active+1, s
		}
	}
	switch {
	case active == 0:
		g.finish(EndAbandoned, -1, 0, nil)
	case active == 1 && g.cfg.Seats > 1:
		g.finish(EndDefault, last, 0, nil)
	}
}

// win ends the game for seat, whose hand (with the laid clusters) is known
// to split into three clusters.
func (g *Game) win(seat int, hand []Card) {
	var s splitter
	s.split(hand)
	pts := s.best
	clusters := cloneGroups(g.laid[seat])
	for _, cl := range clusters {
		k, _ := Classify(cl)
		pts += k.Points()
	}
	g.finish(EndWin, seat, pts, append(clusters, s.clusters()...))
}

func (g *Game) finish(e End, winner, points int, clusters [][]Card) {
	g.end, g.winner, g.points, g.winClusters = e, winner, points, clusters
	g.phase, g.claimable, g.drawn = PhaseOver, false, NoCard
}

// shuffle draws from the game's own seeded source, so replay repeats it.
func (g *Game) shuffle(cs []Card) {
	if len(cs) > 1 {
		cards.Shuffle(g.rng, cs)
	}
}

func remove(hand []Card, c Card) []Card {
	i := slices.Index(hand, c)
	return slices.Delete(hand, i, i+1)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
