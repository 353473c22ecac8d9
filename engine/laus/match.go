package laus

import (
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/cardbot/cardbot/engine/cards"
)

// DefaultTarget is the match target when MatchConfig.Target is 0.
const DefaultTarget = 1500

// MatchConfig is what a match is set up with.
type MatchConfig struct {
	Seats  int `json:"seats"`  // 3 or 4
	Target int `json:"target"` // total that ends the match; 0 means DefaultTarget
}

// normalized returns cfg with defaults filled in, or ErrBadConfig.
func (cfg MatchConfig) normalized() (MatchConfig, error) {
	if cfg.Target == 0 {
		cfg.Target = DefaultTarget
	}
	if cfg.Seats != 3 && cfg.Seats != 4 {
		return cfg, fmt.Errorf("%w: %d seats, want 3 or 4", ErrBadConfig, cfg.Seats)
	}
	if cfg.Target < 0 {
		return cfg, fmt.Errorf("%w: target %d, want a positive number", ErrBadConfig, cfg.Target)
	}
	return cfg, nil
}

// Phase is where a round stands. The zero value, NoPhase, is never the phase
// of a match made by NewMatch.
type Phase uint8

// The phases. With four players a round starts in PhasePlay.
const (
	NoPhase      Phase = iota
	PhaseSkat          // three players decide in turn to look at or pass the skat
	PhaseLayBack       // the seat that looked must lay back two cards
	PhasePlay          // tricks are being played
	PhaseOver          // the match is over
)

// String names the phase.
func (p Phase) String() string {
	switch p {
	case PhaseSkat:
		return "skat"
	case PhaseLayBack:
		return "layback"
	case PhasePlay:
		return "play"
	case PhaseOver:
		return "over"
	}
	return "none"
}

// SkatDecision is what a seat did with the skat this round. The zero value
// means it has not decided (or there is no skat).
type SkatDecision uint8

// The skat decisions.
const (
	Undecided SkatDecision = iota
	Looked
	Passed
)

// String names the decision.
func (d SkatDecision) String() string {
	switch d {
	case Looked:
		return "looked"
	case Passed:
		return "passed"
	}
	return "undecided"
}

// Match is a Laus match: a series of rounds until a total reaches the target.
// Create one with NewMatch or Replay and change it only through Apply. Its
// getters return copies, so nothing a caller does to them reaches the match.
type Match struct {
	cfg  MatchConfig
	seed uint64
	rng  *rand.Rand
	log  []Action

	round     int
	dealer    int
	phase     Phase
	turn      int
	hands     [4]CardSet
	skat      CardSet
	looked    CardSet // the skat cards picked up by the seat now laying back
	decisions [4]SkatDecision
	laidBack  [4]CardSet // what each seat laid back this round (its own knowledge)
	passes    int
	trick     Trick
	history   []Trick
	piles     [4]CardSet
	tricks    [4]int
	totals    [4]int
	results   []RoundResult
	losers    []int
}

// NewMatch starts a match with cfg, drawing the first dealer and every
// shuffle from a source seeded with seed, and deals the first round.
func NewMatch(cfg MatchConfig, seed uint64) (*Match, error) {
	cfg, err := cfg.normalized()
	if err != nil {
		return nil, err
	}
	m := &Match{cfg: cfg, seed: seed, rng: cards.NewRand(seed)}
	m.dealer = m.rng.IntN(cfg.Seats)
	m.deal()
	return m, nil
}

// Replay rebuilds a match from its configuration, seed and action log. The
// result is identical to the match that produced the log; an action the rules
// refuse stops the replay with an error naming it.
func Replay(cfg MatchConfig, seed uint64, actions []Action) (*Match, error) {
	m, err := NewMatch(cfg, seed)
	if err != nil {
		return nil, err
	}
	for i, a := range actions {
		if err := m.Apply(a); err != nil {
			return nil, fmt.Errorf("laus: replay action %d (%v): %w", i, a, err)
		}
	}
	return m, nil
}

// n is the number of seats.
func (m *Match) n() int { return m.cfg.Seats }

// left returns the seat to the left of s, the next to act.
func (m *Match) left(s int) int { return (s + 1) % m.n() }

// deal starts round m.round+1 with m.dealer dealing: a fresh shuffled deck,
// dealt from the dealer's left in batches of 3-2-3 (four players) or 3, skat 2,
// 4, 3 (three players).
func (m *Match) deal() {
	m.round++
	deck := NewDeck()
	cards.Shuffle(m.rng, deck)
	m.hands = [4]CardSet{}
	m.piles = [4]CardSet{}
	m.tricks = [4]int{}
	m.decisions = [4]SkatDecision{}
	m.laidBack = [4]CardSet{}
	m.skat, m.passes = 0, 0
	m.history = nil
	batches := []int{3, 2, 3}
	if m.n() == 3 {
		batches = []int{3, -2, 4, 3}
	}
	for _, b := range batches {
		if b < 0 {
			m.skat = SetOf(deck[:-b]...)
			deck = deck[-b:]
			continue
		}
		for i := 1; i <= m.n(); i++ {
			s := (m.dealer + i) % m.n()
			m.hands[s] |= SetOf(deck[:b]...)
			deck = deck[b:]
		}
	}
	first := m.left(m.dealer)
	m.turn = first
	m.trick = Trick{Leader: first, Seats: m.n()}
	m.phase = PhasePlay
	if m.n() == 3 {
		m.phase = PhaseSkat
	}
}

// Apply validates a against the rules and applies it. A refused action
// returns an error wrapping one of the sentinel errors (ErrNotYourTurn,
// ErrMustFollow, ErrNotInHand, ErrLayBackQJ, ...) and leaves the match
// exactly as it was.
func (m *Match) Apply(a Action) error {
	if err := m.check(a); err != nil {
		return err
	}
	m.log = append(m.log, a)
	switch a := a.(type) {
	case Look:
		m.hands[a.Seat] |= m.skat
		m.looked, m.skat = m.skat, 0
		m.decisions[a.Seat] = Looked
		m.phase = PhaseLayBack
	case Pass:
		m.decisions[a.Seat] = Passed
		m.passes++
		m.nextSkatTurn(a.Seat)
	case LayBack:
		s := SetOf(a.Cards[:]...)
		m.hands[a.Seat] &^= s
		m.skat, m.looked = s, 0
		m.laidBack[a.Seat] = s
		m.phase = PhaseSkat
		m.nextSkatTurn(a.Seat)
	case Play:
		m.play(a.Seat, a.Card)
	}
	return nil
}

// check returns why a may not be applied now, or nil.
func (m *Match) check(a Action) error {
	if a == nil {
		return fmt.Errorf("%w: nil", ErrUnknownAction)
	}
	seat := a.Actor()
	if seat < 0 || seat >= m.n() {
		return fmt.Errorf("%w: seat %d of %d", ErrNoSuchSeat, seat, m.n())
	}
	if m.phase == PhaseOver {
		return ErrMatchOver
	}
	if seat != m.turn {
		return fmt.Errorf("%w: seat %d acted, seat %d is to act", ErrNotYourTurn, seat, m.turn)
	}
	switch a := a.(type) {
	case Look, Pass:
		switch {
		case m.n() == 4:
			return ErrNoSkat
		case m.phase == PhaseLayBack:
			return ErrMustLayBack
		case m.phase != PhaseSkat:
			return ErrSkatDone
		}
	case LayBack:
		if m.phase != PhaseLayBack {
			return ErrNotLooking
		}
		return checkLayBack(m.hands[seat], a.Cards)
	case Play:
		switch m.phase {
		case PhaseSkat:
			return ErrSkatPending
		case PhaseLayBack:
			return ErrMustLayBack
		}
		if !m.hands[seat].Has(a.Card) {
			return fmt.Errorf("%w: %v", ErrNotInHand, a.Card)
		}
		if !legalSet(m.hands[seat], m.trick.Led()).Has(a.Card) {
			return fmt.Errorf("%w: %v on %v led", ErrMustFollow, a.Card, m.trick.Led())
		}
	default:
		return fmt.Errorf("%w: %T", ErrUnknownAction, a)
	}
	return nil
}

// checkLayBack validates two cards to lay back from hand.
func checkLayBack(hand CardSet, cs [2]Card) error {
	for _, c := range cs {
		if !hand.Has(c) {
			return fmt.Errorf("%w: %v", ErrNotInHand, c)
		}
	}
	if cs[0] == cs[1] {
		return fmt.Errorf("%w: %v twice", ErrSameCard, cs[0])
	}
	for _, c := range cs {
		if c.IsQueen() || c.IsJack() {
			return fmt.Errorf("%w: %v", ErrLayBackQJ, c)
		}
	}
	return nil
}

// nextSkatTurn moves the skat decision on from seat s; after the dealer has
// decided, the first trick begins, led from the dealer's left.
func (m *Match) nextSkatTurn(s int) {
	if s != m.dealer {
		m.turn = m.left(s)
		return
	}
	m.phase = PhasePlay
	m.turn = m.left(m.dealer)
}

// play puts c from seat's hand on the trick and settles the trick when full.
func (m *Match) play(seat int, c Card) {
	m.hands[seat] = m.hands[seat].Without(c)
	m.trick.Cards[m.trick.N] = c
	m.trick.N++
	if !m.trick.Complete() {
		m.turn = m.left(seat)
		return
	}
	w := m.trick.Winner()
	m.piles[w] |= m.trick.set()
	m.tricks[w]++
	m.history = append(m.history, m.trick)
	m.trick = Trick{Leader: w, Seats: m.n()}
	m.turn = w
	if m.hands[w] == 0 {
		m.endRound(w)
	}
}

// endRound scores the round whose last trick lastWinner took, adds the scores
// to the totals, and either ends the match or deals the next round.
func (m *Match) endRound(lastWinner int) {
	r := RoundResult{Round: m.round, Dealer: m.dealer, SkatTo: -1, FinalTrick: m.history[len(m.history)-1]}
	if m.n() == 3 {
		r.SkatTo = lastWinner
		r.Skat = m.skat.Cards()
		m.piles[lastWinner] |= m.skat
		m.skat = 0
	}
	r.Multiplier = RoundMultiplier(m.tricks[:m.n()], m.passes)
	r.Seats = make([]SeatResult, m.n())
	for s := range r.Seats {
		ps := scoreSet(m.piles[s])
		score := seatScore(s, ps.Total(), r.Multiplier)
		m.totals[s] += score
		r.Seats[s] = SeatResult{Pile: m.piles[s].Cards(), Tricks: m.tricks[s], Points: ps, Score: score, Total: m.totals[s]}
	}
	reached := false
	for s := range m.n() {
		reached = reached || m.totals[s] >= m.cfg.Target
	}
	if reached {
		top := slices.Max(m.totals[:m.n()])
		for s := range m.n() {
			if m.totals[s] == top {
				m.losers = append(m.losers, s)
			}
		}
		r.MatchOver = true
		r.Losers = slices.Clone(m.losers)
	}
	m.results = append(m.results, r)
	if reached {
		m.phase = PhaseOver
		m.turn = -1
		return
	}
	m.dealer = m.left(m.dealer)
	m.deal()
}
