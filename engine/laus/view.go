package laus

import "slices"

// View is what one seat may know of the match at a moment: its own hand,
// everything face up, and nothing else. Every slice in it is a fresh copy.
type View struct {
	Seat   int   `json:"seat"`   // the viewing seat
	Seats  int   `json:"seats"`  // 3 or 4
	Target int   `json:"target"` // the match target
	Round  int   `json:"round"`  // current round, 1 for the first
	Dealer int   `json:"dealer"` // dealer of the current round
	Phase  Phase `json:"phase"`  // where the round stands
	Turn   int   `json:"turn"`   // seat to act, -1 when the match is over

	Hand      []Card `json:"hand"`       // own hand, display order (see SortCards)
	HandSizes []int  `json:"hand_sizes"` // cards in every seat's hand

	SkatDecisions []SkatDecision `json:"skat_decisions"` // per seat, this round
	Passes        int            `json:"passes"`         // skat passes so far this round
	// Skat holds the skat's cards only while this seat has looked and must lay
	// back; otherwise it is nil, because the skat lies face down.
	Skat []Card `json:"skat"`
	// LaidBack is what this seat laid back this round: knowledge it already
	// has, kept so a player need not remember it.
	LaidBack []Card `json:"laid_back"`

	Trick       Trick   `json:"trick"`        // the trick being played (N is 0 before the lead)
	History     []Trick `json:"history"`      // completed tricks of this round, in order
	TricksTaken []int   `json:"tricks_taken"` // per seat, this round
	// Played holds every card played to a trick this round, the current trick included.
	Played CardSet `json:"played"`

	Totals    []int        `json:"totals"`     // match totals
	LastRound *RoundResult `json:"last_round"` // the last finished round, nil before the first ends
	Losers    []int        `json:"losers"`     // the match losers once it is over
}

// LastTrick returns the most recently completed trick of this round, and false
// when none has been completed yet.
func (v View) LastTrick() (Trick, bool) {
	if len(v.History) == 0 {
		return Trick{}, false
	}
	return v.History[len(v.History)-1], true
}

// MyTurn reports whether the viewing seat is to act.
func (v View) MyTurn() bool { return v.Turn == v.Seat && v.Phase != PhaseOver }

// View returns the snapshot seat may see. A seat that does not exist gets a
// View with no hand.
func (m *Match) View(seat int) View {
	n := m.n()
	// One backing array for the per-seat numbers: the computer player asks for
	// a View at every move, so allocations here are its main cost.
	ints := make([]int, 3*n)
	v := View{
		Seat: seat, Seats: n, Target: m.cfg.Target, Round: m.round, Dealer: m.dealer,
		Phase: m.phase, Turn: m.turn,
		HandSizes:     ints[0:n:n],
		SkatDecisions: slices.Clone(m.decisions[:n]),
		Passes:        m.passes,
		Trick:         m.trick,
		History:       slices.Clone(m.history),
		TricksTaken:   ints[n : 2*n : 2*n],
		Played:        m.played(),
		Totals:        ints[2*n : 3*n : 3*n],
		Losers:        slices.Clone(m.losers),
	}
	copy(v.TricksTaken, m.tricks[:n])
	copy(v.Totals, m.totals[:n])
	for s := range n {
		v.HandSizes[s] = m.hands[s].Len()
	}
	if seat >= 0 && seat < n {
		v.Hand = m.hands[seat].Cards()
		if m.laidBack[seat] != 0 {
			v.LaidBack = m.laidBack[seat].Cards()
		}
		if m.phase == PhaseLayBack && m.turn == seat {
			// The looker's hand already holds the picked-up cards; show which they were.
			v.Skat = m.looked.Cards()
		}
	}
	if len(m.results) > 0 {
		r := m.results[len(m.results)-1].Clone()
		v.LastRound = &r
	}
	return v
}

// played returns every card on a trick this round.
func (m *Match) played() CardSet {
	s := m.trick.set()
	for _, t := range m.history {
		s |= t.set()
	}
	return s
}

// Legal returns every action seat may take now, so a caller can offer exactly
// these: Look and Pass in the skat phase, every allowed pair of cards to lay
// back (each pair once, in display order), or a Play for each playable card.
// It returns nil when seat is not to act.
func (m *Match) Legal(seat int) []Action {
	if m.phase == PhaseOver || seat != m.turn {
		return nil
	}
	switch m.phase {
	case PhaseSkat:
		return []Action{Look{Seat: seat}, Pass{Seat: seat}}
	case PhaseLayBack:
		ok := (m.hands[seat] &^ (jacks | queens)).Cards()
		var out []Action
		for i, a := range ok {
			for _, b := range ok[i+1:] {
				out = append(out, LayBack{Seat: seat, Cards: [2]Card{a, b}})
			}
		}
		return out
	}
	cs := legalSet(m.hands[seat], m.trick.Led()).Cards()
	out := make([]Action, len(cs))
	for i, c := range cs {
		out[i] = Play{Seat: seat, Card: c}
	}
	return out
}
