package laro

// View is what one seat may see of a game: its own hand and everything
// face up. It never holds another seat's hidden cards, which is why the
// computer players decide from a View alone.
type View struct {
	Seat   int // the viewing seat
	Seats  int // seats at the table, forfeited ones included
	Dealer int // the seat that drew first

	Hand  []Card // the viewer's hand, sorted
	Drawn Card   // the card the viewer just drew or called, while it is their move

	Laid      [][][]Card // every seat's laid clusters
	HandSizes []int      // every seat's hidden hand size
	Forfeited []bool     // seats that have left

	Top         Card // top of the discard pile, NoCard when empty
	DiscardSize int  // cards in the discard pile, Top included
	DeckSize    int  // cards left in the draw deck
	Reshuffles  int  // times the discard pile became a new deck (at most 2)

	Turn  int   // the seat to move
	Phase Phase // what the game waits for
	Turns int   // turns taken so far (see Game.Turns)

	// Claimable is set while Top was just discarded (no draw or call
	// since) by Discarder, and may be called on.
	Claimable bool
	Discarder int

	End         End      // how the game ended, NotEnded while it runs
	Winner      int      // -1 without a winner
	Points      int      // the winner's points
	WinClusters [][]Card // the winner's three clusters, laid ones first
}

// View returns seat's snapshot of the game. Every slice is a fresh copy.
func (g *Game) View(seat int) View {
	v := View{
		Seat:        seat,
		Seats:       g.cfg.Seats,
		Dealer:      g.cfg.Dealer,
		Laid:        make([][][]Card, g.cfg.Seats),
		HandSizes:   make([]int, g.cfg.Seats),
		Forfeited:   append([]bool(nil), g.out...),
		DiscardSize: len(g.discard),
		DeckSize:    len(g.deck),
		Reshuffles:  g.reshuffles,
		Turn:        g.turn,
		Phase:       g.phase,
		Turns:       g.turns,
		Claimable:   g.claimable,
		Discarder:   -1,
		End:         g.end,
		Winner:      g.winner,
		Points:      g.points,
		WinClusters: cloneGroups(g.winClusters),
	}
	for s := range g.cfg.Seats {
		v.Laid[s] = cloneGroups(g.laid[s])
		v.HandSizes[s] = len(g.hands[s])
	}
	if seat >= 0 && seat < g.cfg.Seats {
		v.Hand = sortedCopy(g.hands[seat])
		if seat == g.turn {
			v.Drawn = g.drawn
		}
	}
	if len(g.discard) > 0 {
		v.Top = g.discard[len(g.discard)-1]
	}
	if g.claimable {
		v.Discarder = g.discarder
	}
	return v
}

// MyTurn reports whether the viewer is the seat to move.
func (v View) MyTurn() bool { return v.Phase != PhaseOver && v.Turn == v.Seat }

// CanCall reports whether the viewer may call LARO! on the top card at all.
func (v View) CanCall() bool {
	return v.Phase != PhaseOver && v.Claimable && v.Seat != v.Discarder &&
		v.Seat >= 0 && v.Seat < v.Seats && !v.Forfeited[v.Seat]
}

// CallOptions lists the viewer's possible calls, as Game.CallOptions does.
func (v View) CallOptions() []CallOption {
	if !v.CanCall() {
		return nil
	}
	return callOptions(v.Hand, v.Top)
}

// BestCall returns the call the viewer would be ranked by in a contest.
func (v View) BestCall() (CallOption, bool) { return first(v.CallOptions()) }

// Win returns the points the viewer would score by declaring a win now.
func (v View) Win() (points int, ok bool) {
	if !v.MyTurn() || v.Phase != PhaseDiscard {
		return 0, false
	}
	p, _, ok := BestSplitWithLaid(v.Hand, v.Laid[v.Seat])
	return p, ok
}

// seen is the set of cards the viewer can account for: its hand, every
// laid cluster and the top discard. The rest may be anywhere.
func (v View) seen() uint64 {
	var m uint64
	for _, c := range v.Hand {
		m |= bit(c)
	}
	for _, l := range v.Laid {
		for _, cl := range l {
			for _, c := range cl {
				m |= bit(c)
			}
		}
	}
	if v.Top != NoCard {
		m |= bit(v.Top)
	}
	return m
}
