package laus

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/cardbot/cardbot/engine/cards"
)

// rig returns a match in its first round with the given dealer, hands and
// skat, as if just dealt (cards need not add up to a deck).
func rig(t *testing.T, seats, dealer int, hands []string, skat string) *Match {
	t.Helper()
	m, err := NewMatch(MatchConfig{Seats: seats}, 1)
	if err != nil {
		t.Fatal(err)
	}
	m.dealer = dealer
	m.hands = [4]CardSet{}
	for i, h := range hands {
		m.hands[i] = SetOf(cs(t, h)...)
	}
	m.skat = SetOf(cs(t, skat)...)
	m.turn = (dealer + 1) % seats
	m.trick = Trick{Leader: m.turn, Seats: seats}
	m.phase = PhasePlay
	if seats == 3 {
		m.phase = PhaseSkat
	}
	return m
}

// mustApply applies each action, failing the test on the first refusal.
func mustApply(t *testing.T, m *Match, as ...Action) {
	t.Helper()
	for _, a := range as {
		if err := m.Apply(a); err != nil {
			t.Fatalf("Apply(%v): %v", a, err)
		}
	}
}

// wantErr applies a and checks it is refused with want.
func wantErr(t *testing.T, m *Match, a Action, want error) {
	t.Helper()
	if err := m.Apply(a); !errors.Is(err, want) {
		t.Errorf("Apply(%v) error = %v, want %v", a, err, want)
	}
}

func TestNewMatchConfig(t *testing.T) {
	for _, cfg := range []MatchConfig{{Seats: 2}, {Seats: 5}, {Seats: 0}, {Seats: 4, Target: -5}} {
		if _, err := NewMatch(cfg, 1); !errors.Is(err, ErrBadConfig) {
			t.Errorf("NewMatch(%+v) error = %v, want ErrBadConfig", cfg, err)
		}
	}
	m, err := NewMatch(MatchConfig{Seats: 3}, 1)
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Config().Target; got != DefaultTarget {
		t.Errorf("default target = %d, want %d", got, DefaultTarget)
	}
}

func TestDealBatches(t *testing.T) {
	for _, seats := range []int{3, 4} {
		for seed := uint64(0); seed < 50; seed++ {
			m, err := NewMatch(MatchConfig{Seats: seats}, seed)
			if err != nil {
				t.Fatal(err)
			}
			// Rebuild the deal by hand from the same seeded source.
			rng := cards.NewRand(seed)
			dealer := rng.IntN(seats)
			deck := NewDeck()
			cards.Shuffle(rng, deck)
			hands := make([]CardSet, seats)
			var skat CardSet
			pos := 0
			batches := []int{3, 2, 3}
			if seats == 3 {
				batches = []int{3, 0, 4, 3}
			}
			for _, b := range batches {
				if b == 0 {
					skat = SetOf(deck[pos : pos+2]...)
					pos += 2
					continue
				}
				for i := 1; i <= seats; i++ {
					s := (dealer + i) % seats
					hands[s] |= SetOf(deck[pos : pos+b]...)
					pos += b
				}
			}
			if m.Dealer() != dealer {
				t.Fatalf("seats %d seed %d: dealer %d, want %d", seats, seed, m.Dealer(), dealer)
			}
			for s := range seats {
				if m.hands[s] != hands[s] {
					t.Errorf("seats %d seed %d seat %d: hand %v, want %v", seats, seed, s, m.Hand(s), hands[s].Cards())
				}
			}
			if m.skat != skat {
				t.Errorf("seats %d seed %d: skat %v, want %v", seats, seed, m.skat.Cards(), skat.Cards())
			}
			if want := (dealer + 1) % seats; m.Turn() != want {
				t.Errorf("seats %d seed %d: first to act %d, want dealer's left %d", seats, seed, m.Turn(), want)
			}
			wantPhase := PhasePlay
			if seats == 3 {
				wantPhase = PhaseSkat
			}
			if m.Phase() != wantPhase {
				t.Errorf("seats %d: phase %v, want %v", seats, m.Phase(), wantPhase)
			}
		}
	}
}

func TestFirstDealerIsRandom(t *testing.T) {
	seen := map[int]bool{}
	for seed := uint64(0); seed < 64; seed++ {
		m, _ := NewMatch(MatchConfig{Seats: 4}, seed)
		seen[m.Dealer()] = true
	}
	if len(seen) != 4 {
		t.Errorf("first dealers over 64 seeds: %v, want all four seats", seen)
	}
}

func TestDealerRotatesLeft(t *testing.T) {
	m, _ := NewMatch(MatchConfig{Seats: 3, Target: 1 << 30}, 9)
	players := []Player{Computer{}, Computer{}, Computer{}}
	for range 5 {
		d := m.Dealer()
		playRound(t, m, players)
		if want := (d + 1) % 3; m.Dealer() != want {
			t.Fatalf("round %d: dealer %d, want %d", m.Round(), m.Dealer(), want)
		}
		if want := (m.Dealer() + 1) % 3; m.Turn() != want {
			t.Fatalf("round %d: first to act %d, want %d", m.Round(), m.Turn(), want)
		}
	}
}

func TestSkatFlow(t *testing.T) {
	m := rig(t, 3, 2, []string{
		"JC QC AC 10C KC 9C 8C 7C AS 10S",
		"JS QS KS 9S 8S 7S AH 10H KH QH",
		"JH JD 9H 8H 7H AD 10D KD QD 9D",
	}, "8D 7D")
	// Seat 0 (the dealer's left) decides first.
	wantErr(t, m, Look{Seat: 1}, ErrNotYourTurn)
	wantErr(t, m, Play{Seat: 0, Card: c1(t, "AC")}, ErrSkatPending)
	wantErr(t, m, LayBack{Seat: 0, Cards: [2]Card{c1(t, "AC"), c1(t, "9C")}}, ErrNotLooking)
	mustApply(t, m, Look{Seat: 0})
	if m.Phase() != PhaseLayBack {
		t.Fatalf("phase after Look = %v, want %v", m.Phase(), PhaseLayBack)
	}
	v := m.View(0)
	if got, want := v.Skat, cs(t, "8D 7D"); !slices.Equal(got, want) {
		t.Errorf("looker's View.Skat = %v, want %v", got, want)
	}
	if len(v.Hand) != 12 {
		t.Errorf("looker holds %d cards, want 12", len(v.Hand))
	}
	for _, s := range []int{1, 2} {
		if got := m.View(s).Skat; got != nil {
			t.Errorf("seat %d sees the skat %v, want nil", s, got)
		}
	}
	// Ten cards may go back (AC 10C KC 9C 8C 7C AS 10S 8D 7D): 45 pairs.
	if n := len(m.Legal(0)); n != 45 {
		t.Errorf("Legal lay-backs = %d, want 45", n)
	}
	wantErr(t, m, Pass{Seat: 0}, ErrMustLayBack)
	wantErr(t, m, Play{Seat: 0, Card: c1(t, "AC")}, ErrMustLayBack)
	wantErr(t, m, LayBack{Seat: 0, Cards: [2]Card{c1(t, "QC"), c1(t, "9C")}}, ErrLayBackQJ)
	wantErr(t, m, LayBack{Seat: 0, Cards: [2]Card{c1(t, "9C"), c1(t, "JC")}}, ErrLayBackQJ)
	wantErr(t, m, LayBack{Seat: 0, Cards: [2]Card{c1(t, "9C"), c1(t, "9C")}}, ErrSameCard)
	wantErr(t, m, LayBack{Seat: 0, Cards: [2]Card{c1(t, "9C"), c1(t, "AH")}}, ErrNotInHand)
	// Laying back the very cards picked up is allowed.
	mustApply(t, m, LayBack{Seat: 0, Cards: [2]Card{c1(t, "7D"), c1(t, "8D")}})
	if got := m.View(0).LaidBack; !slices.Equal(got, cs(t, "8D 7D")) {
		t.Errorf("View.LaidBack = %v, want [8D 7D]", got)
	}
	if got := m.View(0).Skat; got != nil {
		t.Errorf("after laying back, View.Skat = %v, want nil", got)
	}
	mustApply(t, m, Pass{Seat: 1})
	// The dealer decides last; a later seat may still look.
	mustApply(t, m, Look{Seat: 2}, LayBack{Seat: 2, Cards: [2]Card{c1(t, "8D"), c1(t, "9H")}})
	if m.Phase() != PhasePlay || m.Turn() != 0 {
		t.Fatalf("after the dealer's decision: phase %v turn %d, want play and seat 0", m.Phase(), m.Turn())
	}
	v = m.View(1)
	if want := []SkatDecision{Looked, Passed, Looked}; !slices.Equal(v.SkatDecisions, want) || v.Passes != 1 {
		t.Errorf("decisions %v passes %d, want %v and 1", v.SkatDecisions, v.Passes, want)
	}
	wantErr(t, m, Look{Seat: 0}, ErrSkatDone)
	wantErr(t, m, LayBack{Seat: 0, Cards: [2]Card{c1(t, "AC"), c1(t, "9C")}}, ErrNotLooking)
}

func TestPlayErrors(t *testing.T) {
	m := rig(t, 4, 3, []string{"AC 7H", "KC JC", "8H 9D", "AD 10D"}, "")
	wantErr(t, m, Look{Seat: 0}, ErrNoSkat)
	wantErr(t, m, Pass{Seat: 0}, ErrNoSkat)
	wantErr(t, m, Play{Seat: 1, Card: c1(t, "KC")}, ErrNotYourTurn)
	wantErr(t, m, Play{Seat: 0, Card: c1(t, "KC")}, ErrNotInHand)
	wantErr(t, m, Play{Seat: 0, Card: NoCard}, ErrNotInHand)
	wantErr(t, m, Play{Seat: 7, Card: c1(t, "AC")}, ErrNoSuchSeat)
	wantErr(t, m, Play{Seat: -1, Card: c1(t, "AC")}, ErrNoSuchSeat)
	wantErr(t, m, nil, ErrUnknownAction)
	mustApply(t, m, Play{Seat: 0, Card: c1(t, "AC")})
	// Seat 1 holds KC: JC is a trump and may not be played while a club is held.
	wantErr(t, m, Play{Seat: 1, Card: c1(t, "JC")}, ErrMustFollow)
	mustApply(t, m, Play{Seat: 1, Card: c1(t, "KC")})
	// Seat 2 is void in clubs: anything goes.
	mustApply(t, m, Play{Seat: 2, Card: c1(t, "9D")}, Play{Seat: 3, Card: c1(t, "AD")})
	if m.Turn() != 0 {
		t.Fatalf("AC took the trick, turn = %d, want 0", m.Turn())
	}
	v := m.View(2)
	lt, ok := v.LastTrick()
	if !ok || lt.Winner() != 0 || !slices.Equal(lt.Played(), cs(t, "AC KC 9D AD")) {
		t.Errorf("LastTrick = %+v, %v; want AC KC 9D AD won by seat 0", lt, ok)
	}
	if want := []int{1, 0, 0, 0}; !slices.Equal(v.TricksTaken, want) {
		t.Errorf("TricksTaken = %v, want %v", v.TricksTaken, want)
	}
}

func TestRoundEndScoresAndDeals(t *testing.T) {
	// Last trick of a four-player round; seat 2 took no trick.
	m := rig(t, 4, 3, []string{"7C", "QH", "QS", "JD"}, "")
	m.tricks = [4]int{3, 2, 0, 2}
	m.piles[0] = SetOf(cs(t, "AC 10C")...)
	m.piles[1] = SetOf(cs(t, "QC QD")...)
	m.piles[3] = SetOf(cs(t, "KC")...)
	mustApply(t, m, Play{Seat: 0, Card: c1(t, "7C")}, Play{Seat: 1, Card: c1(t, "QH")}, Play{Seat: 2, Card: c1(t, "QS")}, Play{Seat: 3, Card: c1(t, "JD")})
	r, ok := m.LastRound()
	if !ok {
		t.Fatal("LastRound after the last trick: none")
	}
	// Seat 3 took JD 7C QH QS: 2+3+3 = 8 card points plus 300 bonus, plus KC 4 = 312, doubled.
	if got, want := r.Scores(), []int{42, 12, 0, 624}; !slices.Equal(got, want) {
		t.Errorf("round scores = %v, want %v", got, want)
	}
	if r.Multiplier.NoTrick != 1 || r.Multiplier.Factor != 2 {
		t.Errorf("multiplier = %+v, want one no-trick player, factor 2", r.Multiplier)
	}
	if s := r.Seats[1].Points; !s.Cancelled || s.RawBonus != 300 || s.Bonus != 0 {
		t.Errorf("seat 1 pile score = %+v, want 300 raw bonus cancelled by Q♦", s)
	}
	if m.Round() != 2 || m.Dealer() != 0 || m.Turn() != 1 {
		t.Errorf("next round: round %d dealer %d turn %d, want 2, 0, 1", m.Round(), m.Dealer(), m.Turn())
	}
	if got := m.Totals(); !slices.Equal(got, []int{42, 12, 0, 624}) {
		t.Errorf("totals = %v, want [42 12 0 624]", got)
	}
	if lr := m.View(0).LastRound; lr == nil || lr.Round != 1 {
		t.Errorf("View.LastRound = %+v, want round 1", lr)
	}
}

func TestSkatGoesToLastTrickWinner(t *testing.T) {
	m := rig(t, 3, 0, []string{"9C", "AC", "7C"}, "QS 10D")
	m.phase = PhasePlay
	m.tricks = [4]int{3, 3, 3}
	m.passes = 1
	mustApply(t, m, Play{Seat: 1, Card: c1(t, "AC")}, Play{Seat: 2, Card: c1(t, "7C")}, Play{Seat: 0, Card: c1(t, "9C")})
	r, _ := m.LastRound()
	if r.SkatTo != 1 {
		t.Errorf("SkatTo = %d, want 1", r.SkatTo)
	}
	if !slices.Equal(r.Seats[1].Pile, cs(t, "AC 9C 7C QS 10D")) || r.Seats[1].Tricks != 4 {
		t.Errorf("seat 1 pile %v tricks %d, want AC 9C 7C QS 10D and 4", r.Seats[1].Pile, r.Seats[1].Tricks)
	}
	if got := r.Seats[1].Score; got != (11+3+10+200)*2 {
		t.Errorf("seat 1 score = %d, want %d", got, (11+3+10+200)*2)
	}
}

func TestSkatQueensCountWhenNobodyLooked(t *testing.T) {
	// Every seat passes, so nobody sees the skat; seat 0 takes the last
	// trick (7C 8C AC) and with it the skat. Seat 1 holds Q♠ from an
	// earlier trick. Three passes: every score times 8.
	tests := []struct {
		name, skat, pile0 string
		want0             PileScore
	}{
		{"Q♣ brings its 300", "QC 7D", "", PileScore{CardPoints: 14, RawBonus: 300, Bonus: 300}},
		{"Q♦ cancels the winner's bonuses", "QD 7D", "QH", PileScore{CardPoints: 17, RawBonus: 100, Cancelled: true}},
		{"Q♦ cancels a Q♣ beside it", "QC QD", "", PileScore{CardPoints: 17, RawBonus: 300, Cancelled: true}},
	}
	for _, tt := range tests {
		m := rig(t, 3, 0, []string{"AC", "7C", "8C"}, tt.skat)
		m.tricks = [4]int{3, 3, 3}
		m.piles[0] = SetOf(cs(t, tt.pile0)...)
		m.piles[1] = SetOf(cs(t, "QS")...)
		mustApply(t, m, Pass{Seat: 1}, Pass{Seat: 2}, Pass{Seat: 0})
		if got := m.View(1).SkatDecisions; !slices.Equal(got, []SkatDecision{Passed, Passed, Passed}) {
			t.Fatalf("%s: skat decisions %v, want all passed", tt.name, got)
		}
		mustApply(t, m, Play{Seat: 1, Card: c1(t, "7C")}, Play{Seat: 2, Card: c1(t, "8C")}, Play{Seat: 0, Card: c1(t, "AC")})
		r, ok := m.LastRound()
		if !ok || r.SkatTo != 0 || !slices.Equal(r.Skat, cs(t, tt.skat)) {
			t.Fatalf("%s: round %v, skat %v to seat %d; want %s to seat 0", tt.name, ok, r.Skat, r.SkatTo, tt.skat)
		}
		if got := r.Seats[0].Points; got != tt.want0 {
			t.Errorf("%s: winner's pile scores %+v, want %+v", tt.name, got, tt.want0)
		}
		if got, want := r.Seats[0].Score, tt.want0.Total()*8; got != want {
			t.Errorf("%s: winner's round score %d, want %d", tt.name, got, want)
		}
		if got, want := r.Seats[1].Points, (PileScore{CardPoints: 3, RawBonus: 200, Bonus: 200}); got != want {
			t.Errorf("%s: seat 1's Q♠ scores %+v, want %+v: a Q♦ cancels only its taker's bonuses", tt.name, got, want)
		}
	}
}

func TestSlamInMatch(t *testing.T) {
	m := rig(t, 4, 3, []string{"AC", "7C", "8C", "9C"}, "")
	m.tricks = [4]int{7, 0, 0, 0}
	m.piles[0] = allCards &^ SetOf(cs(t, "AC 7C 8C 9C")...)
	mustApply(t, m, Play{Seat: 0, Card: c1(t, "AC")}, Play{Seat: 1, Card: c1(t, "7C")}, Play{Seat: 2, Card: c1(t, "8C")}, Play{Seat: 3, Card: c1(t, "9C")})
	r, _ := m.LastRound()
	if got, want := r.Scores(), []int{-120, 0, 0, 0}; !slices.Equal(got, want) {
		t.Errorf("slam scores = %v, want %v", got, want)
	}
	if r.Multiplier.Slam != 0 || r.Multiplier.NoTrick != 0 {
		t.Errorf("multiplier = %+v, want slam by seat 0 and no no-trick doubling", r.Multiplier)
	}
}

func TestMatchEnd(t *testing.T) {
	for _, tc := range []struct {
		name       string
		totals     [4]int
		target     int
		over       bool
		wantLosers []int
	}{
		// The final trick gives seat 3 eleven points (AC); seat 0 already has 10D in its pile.
		{"below target", [4]int{0, 0, 0, 0}, 100, false, nil},
		{"exactly reached", [4]int{0, 0, 0, 89}, 100, true, []int{3}},
		{"passed by another seat than the highest", [4]int{150, 0, 0, 90}, 100, true, []int{0}},
		{"ties lose together", [4]int{96, 106, 0, 0}, 100, true, []int{0, 1}},
		{"three-way tie", [4]int{96, 106, 0, 95}, 100, true, []int{0, 1, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := rig(t, 4, 3, []string{"7C", "8C", "9C", "AC"}, "")
			m.cfg.Target = tc.target
			m.totals = tc.totals
			m.tricks = [4]int{2, 2, 2, 1}
			m.piles[0] = SetOf(c1(t, "10D"))
			mustApply(t, m, Play{Seat: 0, Card: c1(t, "7C")}, Play{Seat: 1, Card: c1(t, "8C")}, Play{Seat: 2, Card: c1(t, "9C")}, Play{Seat: 3, Card: c1(t, "AC")})
			if m.Over() != tc.over {
				t.Fatalf("Over() = %v, want %v (totals %v)", m.Over(), tc.over, m.Totals())
			}
			if got := m.Losers(); !slices.Equal(got, tc.wantLosers) {
				t.Errorf("Losers() = %v, want %v (totals %v)", got, tc.wantLosers, m.Totals())
			}
			if !tc.over {
				return
			}
			if m.Phase() != PhaseOver || m.Turn() != -1 || m.Legal(0) != nil {
				t.Errorf("over: phase %v turn %d legal %v, want over, -1, none", m.Phase(), m.Turn(), m.Legal(0))
			}
			wantErr(t, m, Play{Seat: 0, Card: c1(t, "7C")}, ErrMatchOver)
			if r, _ := m.LastRound(); !r.MatchOver || !slices.Equal(r.Losers, tc.wantLosers) {
				t.Errorf("LastRound: over %v losers %v, want true and %v", r.MatchOver, r.Losers, tc.wantLosers)
			}
			if v := m.View(2); v.Phase != PhaseOver || !slices.Equal(v.Losers, tc.wantLosers) {
				t.Errorf("View: phase %v losers %v, want over and %v", v.Phase, v.Losers, tc.wantLosers)
			}
		})
	}
}

func TestLegalActions(t *testing.T) {
	m := rig(t, 4, 3, []string{"AC 7H JC", "KC JD 9H", "8H 9D", "AD 10D"}, "")
	if got := m.Legal(1); got != nil {
		t.Errorf("Legal(1) off turn = %v, want nil", got)
	}
	mustApply(t, m, Play{Seat: 0, Card: c1(t, "AC")})
	got := m.Legal(1)
	if want := []Action{Play{Seat: 1, Card: c1(t, "KC")}}; !slices.Equal(got, want) {
		t.Errorf("Legal(1) = %v, want %v", got, want)
	}
	mustApply(t, m, Play{Seat: 1, Card: c1(t, "KC")})
	// Seat 2 is void in clubs: both cards, hearts before diamonds.
	got = m.Legal(2)
	if want := []Action{Play{Seat: 2, Card: c1(t, "8H")}, Play{Seat: 2, Card: c1(t, "9D")}}; !slices.Equal(got, want) {
		t.Errorf("Legal(2) = %v, want %v", got, want)
	}
}

func TestViewHidesOtherHands(t *testing.T) {
	m, _ := NewMatch(MatchConfig{Seats: 3}, 5)
	for s := range 3 {
		v := m.View(s)
		if !slices.Equal(v.Hand, m.Hand(s)) {
			t.Errorf("seat %d View.Hand = %v, want %v", s, v.Hand, m.Hand(s))
		}
		if v.Skat != nil {
			t.Errorf("seat %d sees skat %v before anyone looked", s, v.Skat)
		}
		if !slices.Equal(v.HandSizes, []int{10, 10, 10}) {
			t.Errorf("seat %d HandSizes = %v, want [10 10 10]", s, v.HandSizes)
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("json.Marshal(View): %v", err)
		}
		var back View
		if err := json.Unmarshal(b, &back); err != nil || !slices.Equal(back.Hand, v.Hand) {
			t.Errorf("View JSON round trip: hand %v, err %v; want %v", back.Hand, err, v.Hand)
		}
	}
	if v := m.View(9); v.Hand != nil {
		t.Errorf("View of a missing seat shows hand %v, want nil", v.Hand)
	}
}
