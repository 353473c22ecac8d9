package laus

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/cardbot/cardbot/engine/cards"
)

// snapshot deep-copies everything a match holds except its random source,
// for comparing two matches with reflect.DeepEqual.
func snapshot(m *Match) Match {
	c := *m
	c.rng = nil
	c.log = slices.Clone(m.log)
	c.history = slices.Clone(m.history)
	c.results = m.Results()
	c.losers = slices.Clone(m.losers)
	return c
}

// state is a cheap summary of a match for the check after every refused
// action: the fixed-size state in full, and the append-only logs by length
// and last entry (Apply only ever appends to them).
type state struct {
	m                             Match
	logs, tricks, results, losers int
	lastAction                    Action
	lastTrick                     Trick
}

func stateOf(m *Match) state {
	s := state{m: *m, logs: len(m.log), tricks: len(m.history), results: len(m.results), losers: len(m.losers)}
	s.m.rng, s.m.log, s.m.history, s.m.results, s.m.losers = nil, nil, nil, nil, nil
	if len(m.log) > 0 {
		s.lastAction = m.log[len(m.log)-1]
	}
	if len(m.history) > 0 {
		s.lastTrick = m.history[len(m.history)-1]
	}
	return s
}

// checkConserved verifies every card is in exactly one place.
func checkConserved(m *Match) error {
	var seen CardSet
	places := []CardSet{m.skat, m.trick.set()}
	places = append(places, m.hands[:m.n()]...)
	places = append(places, m.piles[:m.n()]...)
	for _, p := range places {
		if seen&p != 0 {
			return fmt.Errorf("cards %v are in two places", (seen & p).Cards())
		}
		seen |= p
	}
	if seen != allCards {
		return fmt.Errorf("cards %v are nowhere", (allCards &^ seen).Cards())
	}
	return nil
}

// isLegal reports whether a is among m.Legal, taking a lay-back's two cards in either order.
func isLegal(m *Match, a Action) bool {
	if a == nil || a.Actor() < 0 || a.Actor() >= m.n() {
		return false
	}
	legal := m.Legal(a.Actor())
	if lb, ok := a.(LayBack); ok {
		lb.Cards[0], lb.Cards[1] = lb.Cards[1], lb.Cards[0]
		if slices.Contains(legal, Action(lb)) {
			return true
		}
	}
	return slices.Contains(legal, a)
}

// randomAction makes an action of any kind, from any seat (or none), with any card value.
func randomAction(rng *rand.Rand, seats int) Action {
	seat := rng.IntN(seats+2) - 1
	card := func() Card { return Card(rng.IntN(34)) }
	switch rng.IntN(4) {
	case 0:
		return Look{Seat: seat}
	case 1:
		return Pass{Seat: seat}
	case 2:
		return LayBack{Seat: seat, Cards: [2]Card{card(), card()}}
	}
	return Play{Seat: seat, Card: card()}
}

var sentinels = []error{
	ErrNoSuchSeat, ErrMatchOver, ErrNotYourTurn, ErrNoSkat, ErrSkatDone, ErrSkatPending,
	ErrMustLayBack, ErrNotLooking, ErrLayBackQJ, ErrSameCard, ErrNotInHand, ErrMustFollow,
}

func isSentinel(err error) bool {
	for _, s := range sentinels {
		if errors.Is(err, s) {
			return true
		}
	}
	return false
}

// checkView verifies what seat sees against the match.
func checkView(m *Match, seat int) error {
	v := m.View(seat)
	if !slices.Equal(v.Hand, m.Hand(seat)) {
		return fmt.Errorf("seat %d View.Hand %v, want %v", seat, v.Hand, m.Hand(seat))
	}
	looking := m.phase == PhaseLayBack && m.turn == seat
	if (v.Skat != nil) != looking {
		return fmt.Errorf("seat %d sees skat %v while looking=%v", seat, v.Skat, looking)
	}
	sum := 0
	for s, n := range v.HandSizes {
		if n != m.hands[s].Len() {
			return fmt.Errorf("HandSizes[%d] = %d, want %d", s, n, m.hands[s].Len())
		}
		sum += n
	}
	if v.Played != m.played() || v.Played&SetOf(v.Hand...) != 0 {
		return fmt.Errorf("seat %d: Played %v overlaps the hand or differs from the table", seat, v.Played.Cards())
	}
	return nil
}

// checkRound verifies a finished round's accounting.
func checkRound(r RoundResult, before []int) error {
	points, tricks := 0, 0
	piles := make([][]Card, len(r.Seats))
	counts := make([]int, len(r.Seats))
	for s, sr := range r.Seats {
		points += sr.Points.CardPoints
		tricks += sr.Tricks
		piles[s], counts[s] = sr.Pile, sr.Tricks
		if sr.Total != before[s]+sr.Score {
			return fmt.Errorf("seat %d total %d, want %d + %d", s, sr.Total, before[s], sr.Score)
		}
	}
	if points != 120 {
		return fmt.Errorf("card points in piles sum to %d, want 120", points)
	}
	if want := 32 / len(r.Seats); tricks != want {
		return fmt.Errorf("tricks sum to %d, want %d", tricks, want)
	}
	if got, want := r.Scores(), RoundScores(piles, counts, r.Multiplier.Passes); !slices.Equal(got, want) {
		return fmt.Errorf("scores %v, want RoundScores = %v", got, want)
	}
	return nil
}

// playProperty plays one seeded match of random and computer players,
// checking the invariants after every action, and returns the rounds played.
func playProperty(t *testing.T, seats int, seed uint64) int {
	rng := cards.NewRand(seed ^ 0xABCDEF)
	cfg := MatchConfig{Seats: seats, Target: 100 + rng.IntN(1400)}
	m, err := NewMatch(cfg, seed)
	if err != nil {
		t.Fatal(err)
	}
	players := make([]Player, seats)
	for s := range players {
		if rng.IntN(3) == 0 {
			players[s] = Computer{}
		} else {
			players[s] = NewRandom(seed*8 + uint64(s))
		}
	}
	totals := m.Totals()
	rounds := 0
	for step := 0; !m.Over(); step++ {
		if err := checkConserved(m); err != nil {
			t.Fatalf("seats %d seed %d step %d: %v", seats, seed, step, err)
		}
		// Illegal actions are refused with a reason and change nothing.
		for range 3 {
			a := randomAction(rng, seats)
			if isLegal(m, a) {
				continue
			}
			before := stateOf(m)
			err := m.Apply(a)
			if err == nil || !isSentinel(err) {
				t.Fatalf("seats %d seed %d step %d: Apply(%v) = %v, want a refusal", seats, seed, step, a, err)
			}
			if !reflect.DeepEqual(before, stateOf(m)) {
				t.Fatalf("seats %d seed %d step %d: refused %v changed the match", seats, seed, step, a)
			}
		}
		seat := m.Turn()
		for _, s := range []int{seat, rng.IntN(seats)} {
			if err := checkView(m, s); err != nil {
				t.Fatalf("seats %d seed %d step %d: %v", seats, seed, step, err)
			}
		}
		a, ok := Decide(players[seat], m.View(seat))
		if !ok || !isLegal(m, a) {
			t.Fatalf("seats %d seed %d step %d: player chose %v, not among %v", seats, seed, step, a, m.Legal(seat))
		}
		round := m.Round()
		if err := m.Apply(a); err != nil {
			t.Fatalf("seats %d seed %d step %d: legal %v refused: %v", seats, seed, step, a, err)
		}
		if m.Round() != round || m.Over() {
			rounds++
			r, _ := m.LastRound()
			if err := checkRound(r, totals); err != nil {
				t.Fatalf("seats %d seed %d round %d: %v", seats, seed, r.Round, err)
			}
			totals = m.Totals()
		}
	}
	if err := checkConserved(m); err != nil {
		t.Fatalf("seats %d seed %d at the end: %v", seats, seed, err)
	}
	// The stored log replays to the same match, rng position included: the
	// deals after refused actions would differ otherwise.
	var log []Action
	for _, a := range m.Log() {
		b, err := MarshalAction(a)
		if err != nil {
			t.Fatal(err)
		}
		back, err := UnmarshalAction(b)
		if err != nil {
			t.Fatal(err)
		}
		log = append(log, back)
	}
	re, err := Replay(cfg, seed, log)
	if err != nil {
		t.Fatalf("seats %d seed %d: Replay: %v", seats, seed, err)
	}
	if !reflect.DeepEqual(snapshot(m), snapshot(re)) {
		t.Fatalf("seats %d seed %d: replayed match differs", seats, seed)
	}
	return rounds
}

func TestRandomMatchesKeepInvariants(t *testing.T) {
	for _, seats := range []int{3, 4} {
		t.Run(fmt.Sprintf("%d players", seats), func(t *testing.T) {
			t.Parallel()
			rounds := 0
			for seed := uint64(1); rounds < 2000; seed++ {
				rounds += playProperty(t, seats, seed)
			}
			t.Logf("%d rounds checked", rounds)
		})
	}
}

func TestReplayMidRound(t *testing.T) {
	m, _ := NewMatch(MatchConfig{Seats: 3}, 77)
	players := []Player{Computer{}, NewRandom(1), Computer{}}
	for range 17 {
		a, _ := Decide(players[m.Turn()], m.View(m.Turn()))
		mustApply(t, m, a)
	}
	re, err := Replay(m.Config(), m.Seed(), m.Log())
	if err != nil {
		t.Fatal(err)
	}
	for s := range 3 {
		if got, want := re.View(s), m.View(s); !reflect.DeepEqual(got, want) {
			t.Errorf("seat %d: replayed view %+v, want %+v", s, got, want)
		}
	}
	bad := append(m.Log(), Play{Seat: m.Turn(), Card: NoCard})
	if _, err := Replay(m.Config(), m.Seed(), bad); !errors.Is(err, ErrNotInHand) {
		t.Errorf("Replay with a bad last action: error %v, want ErrNotInHand", err)
	}
}
